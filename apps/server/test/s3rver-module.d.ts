// The few parts of s3rver (a dev dependency without bundled types) the S3 stand-in uses.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
  };

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

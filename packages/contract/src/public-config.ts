import { z } from 'zod';
import { dataOf } from './common.js';

/**
 * GET /back/api/v1/config: the few server settings the web app needs before anyone logs in.
 * `demo` drives the discreet demo banner; `tile_url` is the map's tile template.
 */
export const PUBLIC_CONFIG_PATH = '/back/api/v1/config';

export const ZPublicConfig = z.object({
  /** True when the server runs with demo data (demo accounts, local outbox). */
  demo: z.boolean(),
  /** Slippy-map tile URL template (`{z}/{x}/{y}`), absolute or same-origin. */
  tile_url: z.string(),
});
export type PublicConfig = z.infer<typeof ZPublicConfig>;

export const ZPublicConfigResponse = dataOf(ZPublicConfig);
export type PublicConfigResponse = z.infer<typeof ZPublicConfigResponse>;

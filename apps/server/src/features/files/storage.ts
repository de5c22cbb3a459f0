import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
// Types only: the SDK itself is imported on first use (createS3Storage).
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';

/**
 * Where uploaded bytes live. One interface, so the rest of the app never knows whether a
 * file sits on the local disk or in an S3-compatible bucket. Keys are relative, slash-separated
 * names such as `2026/11/abc.jpg`. Either way the app serves the bytes itself, after its access
 * checks, so nothing in the storage needs to be public.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Moves the bytes under `from` to `to` (no-op when `from` is gone and `to` is there). */
  move(from: string, to: string): Promise<void>;
  /** Every key under `prefix` (a folder such as `incoming`, or '' for all) with its last change. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Resolves when the storage can be used (the folder is writable, the bucket answers); rejects otherwise. */
  ready(): Promise<void>;
  /** Releases connections (the app's shutdown); a later call opens them again. */
  close(): Promise<void>;
}

export type StoredObject = { key: string; modifiedAt: Date };

export class StorageKeyError extends Error {}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Rejects anything that is not a plain relative key: `..`, absolute paths, backslashes, NUL... */
export function assertSafeKey(key: string): void {
  if (
    key.length === 0 ||
    key.length > 200 ||
    !KEY_PATTERN.test(key) ||
    key.split('/').some((s) => s === '..' || s === '.')
  ) {
    throw new StorageKeyError(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** Files under `root` on the local disk. No key can resolve outside `root`. */
export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const resolve = (key: string): string => {
    assertSafeKey(key);
    const full = path.resolve(base, key);
    const rel = path.relative(base, full);
    // Second line of defence after the key pattern.
    if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) throw new StorageKeyError(`key escapes the root: ${key}`);
    return full;
  };
  return {
    kind: 'local',
    close: () => Promise.resolve(),
    async ready() {
      await mkdir(base, { recursive: true });
      await access(base, constants.W_OK);
    },
    async put(key, body) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const tmp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, body, { mode: 0o640 });
      await rename(tmp, full);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async move(from, to) {
      const target = resolve(to);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        // One rename on one file system: the file is at one name or the other, never both or none.
        await rename(resolve(from), target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        const moved = await stat(target).then(
          () => true,
          () => false,
        );
        if (!moved) throw err;
      }
    },
    async list(prefix) {
      const dir = prefix ? resolve(prefix) : base;
      let names: string[];
      try {
        names = (await readdir(dir, { recursive: true })).map(String);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const out: StoredObject[] = [];
      for (const name of names) {
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (!info?.isFile()) continue;
        const key = path.relative(base, path.join(dir, name)).split(path.sep).join('/');
        out.push({ key, modifiedAt: info.mtime });
      }
      return out;
    },
  };
}

/** Whether an S3 error means "no object under this key" (not a missing bucket or a refusal). */
function isMissingObject(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || (e?.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket');
}

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces...),
 * under `options.prefix`. Keys pass the same check as on disk. The SDK is loaded on first use,
 * so a server on local disk never loads it.
 */
export function createS3Storage(
  options: S3Config,
  limits: { connectionTimeoutMs?: number; requestTimeoutMs?: number; maxAttempts?: number } = {},
): FileStorage {
  const prefix = options.prefix ? `${options.prefix}/` : '';
  const objectKey = (key: string): string => {
    assertSafeKey(key);
    return prefix + key;
  };
  let connection: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        // Checksums only where the API demands them: several S3-compatible services reject the
        // SDK's newer default ones. Bodies are still protected by the signed SHA-256 payload hash.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: limits.maxAttempts ?? 3,
        // An unreachable or stalled bucket fails the upload in seconds instead of holding it.
        requestHandler: {
          connectionTimeout: limits.connectionTimeoutMs ?? 3_000,
          requestTimeout: limits.requestTimeoutMs ?? 10_000,
          throwOnRequestTimeout: true,
        },
      }),
    })));
  return {
    kind: 's3',
    async ready() {
      // One HEAD on the bucket: it exists and the keys may reach it (missing: 404, refused: 403).
      const { sdk, client } = await connect();
      await client.send(new sdk.HeadBucketCommand({ Bucket: options.bucket }));
    },
    async put(key, body, contentType) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      // One PUT: S3 makes the object visible only once it is whole.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: options.bucket,
          Key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key }));
        if (!res.Body) return Buffer.alloc(0);
        const bytes = await res.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      // S3 answers 204 whether or not the object existed.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key }));
    },
    async move(from, to) {
      const [From, To] = [objectKey(from), objectKey(to)];
      const { sdk, client } = await connect();
      try {
        await client.send(
          new sdk.CopyObjectCommand({
            Bucket: options.bucket,
            Key: To,
            CopySource: `${options.bucket}/${encodeURI(From)}`,
          }),
        );
      } catch (err) {
        if (!isMissingObject(err)) throw err;
        // Already moved (another instance's recovery, or ours before a crash).
        await client.send(new sdk.HeadObjectCommand({ Bucket: options.bucket, Key: To }));
        return;
      }
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: From }));
    },
    async list(folder) {
      const { sdk, client } = await connect();
      const out: StoredObject[] = [];
      let token: string | undefined;
      do {
        const res = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: options.bucket,
            Prefix: prefix + (folder ? `${folder}/` : ''),
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const o of res.Contents ?? []) {
          if (o.Key) out.push({ key: o.Key.slice(prefix.length), modifiedAt: o.LastModified ?? new Date(0) });
        }
        token = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (token);
      return out;
    },
    async close() {
      const open = connection;
      connection = undefined;
      // Idle keep-alive sockets would otherwise linger until the bucket drops them.
      if (open) (await open).client.destroy();
    },
  };
}

/** One S3 client per configuration, shared by the routes and the seed that ask for it. */
const s3Storages = new WeakMap<S3Config, FileStorage>();

/** The storage the configuration asks for: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function storageFromConfig(config: { dataDir: string; s3?: S3Config | undefined }): FileStorage {
  if (!config.s3) return createLocalStorage(path.join(config.dataDir, 'files'));
  let storage = s3Storages.get(config.s3);
  if (!storage) {
    storage = createS3Storage(config.s3);
    s3Storages.set(config.s3, storage);
  }
  return storage;
}

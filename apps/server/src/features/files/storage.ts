import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Where uploaded bytes live. One interface, so the rest of the app never knows whether a
 * file sits on the local disk or elsewhere. Keys are relative, slash-separated names such as
 * `2026/11/abc.jpg`.
 */
export interface FileStorage {
  readonly kind: 'local';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export class StorageKeyError extends Error {}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Rejects anything that is not a plain relative key: `..`, absolute paths, backslashes, NUL... */
export function assertSafeKey(key: string): void {
  if (key.length === 0 || key.length > 200 || !KEY_PATTERN.test(key) || key.split('/').some((s) => s === '..' || s === '.')) {
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
  };
}

/** The storage the configuration asks for: local disk under DATA_DIR/files. */
export function storageFromConfig(config: { dataDir: string }): FileStorage {
  return createLocalStorage(path.join(config.dataDir, 'files'));
}

import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { recoverUploads } from './files.service.js';
import { assertSafeKey, createLocalStorage, StorageKeyError } from './storage.js';
import { pngBytes } from '../../../test/factories/files.js';
import { multipart } from '../../../test/factories/http.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';

describe('crash-safe uploads', () => {
  let t: TestApp;
  let owner: BearerUser;
  const filesDir = () => path.join(t.config.dataDir, 'files');
  const onDisk = () =>
    existsSync(filesDir())
      ? readdirSync(filesDir(), { recursive: true, withFileTypes: true })
          .filter((d) => d.isFile())
          .map((d) => path.relative(filesDir(), path.join(d.parentPath, d.name)))
          .sort()
      : [];
  /** A file as a crash would leave it, `minutesAgo` old. */
  const leave = (key: string, minutesAgo: number) => {
    const full = path.join(filesDir(), key);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, 'x');
    const at = new Date(Date.now() - minutesAgo * 60_000);
    utimesSync(full, at, at);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createBearerUser(t.app.db, t.config.tokenSecret);
  });
  afterAll(() => t.close());

  it('leaves only the recorded key on disk after an upload, nothing waiting in incoming/', async () => {
    const body = multipart(await pngBytes(), 'foto.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/files',
      payload: body.payload,
      headers: { ...body.headers, ...owner.headers },
    });
    expect(res.statusCode).toBe(201);
    const row = await t.app.db
      .selectFrom('files')
      .select('storage_key')
      .where('public_id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(onDisk()).toContain(row.storage_key);
    expect(onDisk().filter((f) => f.startsWith('incoming'))).toEqual([]);
    // Its variants, made in the background, are the row's too: recovery must keep them. Each is
    // written to a `.tmp` file renamed when complete: a variant still being written is not done
    // (counting it let the next test see the queue's last rename happen under it).
    const variants = () => onDisk().filter((f) => f.startsWith(`${row.storage_key}.`));
    await vi.waitFor(() => expect(variants().filter((f) => !f.endsWith('.tmp'))).toHaveLength(9), {
      timeout: 30_000,
      interval: 100,
    });
    expect(variants().filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('finishes a move a crash interrupted, and deletes bytes without a row once old enough', async () => {
    const storage = createLocalStorage(filesDir());
    const before = onDisk();
    // Crash after the row was inserted: the bytes still wait in incoming/.
    await t.app.db
      .insertInto('files')
      .values({
        public_id: 'recuperado-0000000000000',
        owner_id: owner.id,
        kind: 'image',
        mime: 'image/png',
        size: 1,
        width: 1,
        height: 1,
        storage_key: '2026/11/recuperado.png',
        is_public: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    leave('incoming/2026/11/recuperado.png', 0);
    // Crash before the row: old and fresh leftovers, a half-written temp file, and an old orphan.
    leave('incoming/2026/11/sin-fila-vieja.png', 30);
    leave('incoming/2026/11/sin-fila-nueva.png', 1);
    leave('incoming/2026/11/x.png.a1b2c3.tmp', 30);
    leave('2026/10/huerfano.png', 30);
    leave('2026/10/huerfano.png.640w.avif', 30);

    const done = await recoverUploads(t.app.db, storage, { minAgeMs: 15 * 60_000 });

    expect(done).toEqual({ moved: 1, deleted: 4 });
    expect(onDisk()).toEqual([...before, '2026/11/recuperado.png', 'incoming/2026/11/sin-fila-nueva.png'].sort());
    // With no other writer (start-up of the embedded deployment) even the fresh leftover goes.
    expect(await recoverUploads(t.app.db, storage, { minAgeMs: 0 })).toEqual({ moved: 0, deleted: 1 });
    expect(onDisk()).toEqual([...before, '2026/11/recuperado.png'].sort());
  });
});

describe('local storage', () => {
  it('refuses keys that would escape the root', () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a\\..\\b', 'a/./b', '', 'a\0b', '.hidden']) {
      expect(() => assertSafeKey(key), key).toThrow(StorageKeyError);
    }
    expect(() => assertSafeKey('2026/11/abc_DEF-1.jpg')).not.toThrow();
    // Public ids are base64url: they may start with - or _.
    expect(() => assertSafeKey('2026/11/-L1ye6W61_x.png')).not.toThrow();
    expect(() => assertSafeKey('2026/11/_L1ye6W61_x.png')).not.toThrow();
  });

  it('writes, reads and deletes under the root only', async () => {
    const root = path.join(process.env.TMPDIR ?? '/tmp', `pv-storage-${Date.now()}`);
    const storage = createLocalStorage(root);
    await storage.put('2026/11/a.txt', Buffer.from('hola'), 'text/plain');
    expect((await storage.get('2026/11/a.txt'))?.toString()).toBe('hola');
    await storage.delete('2026/11/a.txt');
    expect(await storage.get('2026/11/a.txt')).toBeNull();
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(StorageKeyError);
  });
});

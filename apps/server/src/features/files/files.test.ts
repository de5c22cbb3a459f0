import { SIZE_DOC_BYTES, SIZE_IMG_BYTES } from '@puntoverde/contract';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { createUser, type TestUser } from '../../../test/bearer-users.js';
import { recoverUploads } from './files.service.js';
import { assertSafeKey, createLocalStorage, StorageKeyError } from './storage.js';

/** A multipart body with one file part, as a browser form would send it. */
function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----puntoverde' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer();
}

/** A valid PNG followed by padding up to exactly `size` bytes (its magic bytes still say PNG). */
async function pngOfSize(size: number): Promise<Buffer> {
  const base = await png();
  return Buffer.concat([base, Buffer.alloc(size - base.length, 0)]);
}

function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

describe('file uploads', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  const filesDir = () => path.join(t.config.dataDir, 'files');
  const storedCount = () => {
    if (!existsSync(filesDir())) return 0;
    return readdirSync(filesDir(), { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
  };
  const upload = (user: TestUser | null, body: ReturnType<typeof multipart>, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/back/api/v1/files${query}`,
      payload: body.payload,
      headers: { ...body.headers, ...(user?.headers ?? {}) },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.app.db, t.config.tokenSecret);
    other = await createUser(t.app.db, t.config.tokenSecret);
    admin = await createUser(t.app.db, t.config.tokenSecret, { is_admin: true });
  });
  afterAll(() => t.close());

  it('requires a logged-in user', async () => {
    const res = await upload(null, multipart('file', 'a.png', 'image/png', await png()));
    expect(res.statusCode).toBe(401);
  });

  it('stores a PNG and answers 201 with id, url, kind, mime and size', async () => {
    const res = await upload(owner, multipart('file', 'foto.png', 'image/png', await png(120, 80)));
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ kind: 'image', mime: 'image/png', width: 120, height: 80 });
    expect(data.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(data.url).toContain(`/back/api/v1/files/${data.id}`);
    expect(data.size).toBeGreaterThan(0);
  });

  it('an upload retried with the same Idempotency-Key answers the first file and stores it once', async () => {
    const bytes = await png(64, 48);
    const key = crypto.randomUUID();
    const send = (user: TestUser) => {
      const body = multipart('file', 'foto.png', 'image/png', bytes);
      return t.app.inject({
        method: 'POST',
        url: '/back/api/v1/files?kind=image',
        payload: body.payload,
        headers: { ...body.headers, ...user.headers, 'idempotency-key': key },
      });
    };
    const before = storedCount();
    const first = await send(owner);
    expect(first.statusCode).toBe(201);
    const rowsBefore = await t.app.db.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const again = await send(owner);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(storedCount()).toBe(before + 1);
    const rowsAfter = await t.app.db.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(rowsAfter.n)).toBe(Number(rowsBefore.n));
    // The key is the uploader's own: another account with the same key uploads its own file.
    const theirs = await send(other);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(first.json().data.id);
  });

  it('accepts an image of exactly 1536 KiB', async () => {
    const res = await upload(owner, multipart('file', 'grande.png', 'image/png', await pngOfSize(SIZE_IMG_BYTES)));
    expect(res.statusCode).toBe(201);
  });

  it('rejects an image of 1536 KiB + 1 byte with 413 and keeps nothing', async () => {
    const before = storedCount();
    const res = await upload(owner, multipart('file', 'grande.png', 'image/png', await pngOfSize(SIZE_IMG_BYTES + 1)));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'image-too-large' });
    expect(res.json().message).toContain('1,5 MB');
    expect(res.json().message).not.toContain('KiB');
    expect(storedCount()).toBe(before);
  });

  it('accepts a PDF of exactly 2048 KiB and rejects one byte more with 413', async () => {
    const ok = await upload(owner, multipart('file', 'doc.pdf', 'application/pdf', pdfOfSize(SIZE_DOC_BYTES)));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ kind: 'document', mime: 'application/pdf', size: SIZE_DOC_BYTES });
    const before = storedCount();
    const tooBig = await upload(owner, multipart('file', 'doc.pdf', 'application/pdf', pdfOfSize(SIZE_DOC_BYTES + 1)));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'document-too-large' });
    expect(storedCount()).toBe(before);
  });

  it('treats a PNG renamed .pdf as an image, never as a document', async () => {
    const body = await png();
    const res = await upload(owner, multipart('file', 'factura.pdf', 'application/pdf', body));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'image', mime: 'image/png' });
    const asDocument = await upload(owner, multipart('file', 'factura.pdf', 'application/pdf', body), '?kind=document');
    expect(asDocument.statusCode).toBe(415);
  });

  it('rejects a text file named .jpg with 415 and a Spanish message', async () => {
    const before = storedCount();
    const res = await upload(
      owner,
      multipart('file', 'foto.jpg', 'image/jpeg', Buffer.from('hola, esto no es una foto\n')),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'file-type-not-allowed' });
    expect(res.json().message).toMatch(/JPG, PNG o WebP/);
    expect(storedCount()).toBe(before);
  });

  it('rejects a GIF (a real image, but not an accepted type) with 415', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await upload(owner, multipart('file', 'a.gif', 'image/gif', gif));
    expect(res.statusCode).toBe(415);
  });

  it('rejects a corrupt JPEG (right magic bytes, broken body) with 415', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const res = await upload(owner, multipart('file', 'rota.jpg', 'image/jpeg', broken));
    expect(res.statusCode).toBe(415);
  });

  it('answers 400 when the multipart field is not "file"', async () => {
    const res = await upload(owner, multipart('foto', 'a.png', 'image/png', await png()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'file-missing' });
  });

  it('removes EXIF metadata, GPS included, from photos', async () => {
    const withGps = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .withExif({
        IFD0: { Make: 'CamaraDePrueba' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '6/1 14/1 3000/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '75/1 34/1 0/1',
        },
      })
      .jpeg()
      .toBuffer();
    const inputMeta = await sharp(withGps).metadata();
    expect(inputMeta.exif?.toString('latin1')).toContain('CamaraDePrueba');
    const res = await upload(owner, multipart('file', 'casa.jpg', 'image/jpeg', withGps));
    expect(res.statusCode).toBe(201);
    const file = await t.app.inject({ method: 'GET', url: res.json().data.url, headers: owner.headers });
    expect(file.statusCode).toBe(200);
    const stored = file.rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('CamaraDePrueba');
    expect(meta.format).toBe('jpeg');
  });

  it('downsizes large images to fit 1600 px', async () => {
    const big = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const res = await upload(owner, multipart('file', 'big.jpg', 'image/jpeg', big));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ width: 1600, height: 500 });
  });

  it('serves a private file to its owner and admins, and answers 404 to everyone else', async () => {
    const res = await upload(owner, multipart('file', 'a.png', 'image/png', await png()));
    const id = res.json().data.id as string;
    const plain = `/back/api/v1/files/${id}`;
    expect((await t.app.inject({ method: 'GET', url: plain, headers: owner.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: plain, headers: admin.headers })).statusCode).toBe(200);
    const asOther = await t.app.inject({ method: 'GET', url: plain, headers: other.headers });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json().code).toBe('not-found');
    expect((await t.app.inject({ method: 'GET', url: plain })).statusCode).toBe(404);
    const served = await t.app.inject({ method: 'GET', url: plain, headers: owner.headers });
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('serves a private file through its signed link, and not with a tampered signature', async () => {
    const res = await upload(owner, multipart('file', 'a.png', 'image/png', await png()));
    const url = res.json().data.url as string;
    expect(url).toMatch(/\?exp=\d+&sig=/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const tampered = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
  });

  it('serves public files to anyone with long-lived cache headers and answers 304 to a matching ETag', async () => {
    const res = await upload(owner, multipart('file', 'a.png', 'image/png', await png()));
    const id = res.json().data.id as string;
    await t.app.db.updateTable('files').set({ is_public: 1 }).where('public_id', '=', id).execute();
    const first = await t.app.inject({ method: 'GET', url: `/back/api/v1/files/${id}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await t.app.inject({
      method: 'GET',
      url: `/back/api/v1/files/${id}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 400 for a malformed file id instead of touching the disk', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/files/..%2F..%2Fetc%2Fpasswd' });
    expect(res.statusCode).toBe(400);
  });
});

describe('crash-safe uploads', () => {
  let t: TestApp;
  let owner: TestUser;
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
    owner = await createUser(t.app.db, t.config.tokenSecret);
  });
  afterAll(() => t.close());

  it('leaves only the recorded key on disk after an upload, nothing waiting in incoming/', async () => {
    const body = multipart('file', 'foto.png', 'image/png', await png());
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

    const done = await recoverUploads(t.app.db, storage, { minAgeMs: 15 * 60_000 });

    expect(done).toEqual({ moved: 1, deleted: 3 });
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

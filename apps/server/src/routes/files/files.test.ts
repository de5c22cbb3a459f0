import { SIZE_DOC_BYTES, SIZE_IMG_BYTES } from '@puntoverde/contract';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { backfillVariants } from '../../features/files/image-variants.js';
import { createLocalStorage } from '../../features/files/storage.js';
import { pngBytes } from '../../../test/factories/files.js';
import { multipart } from '../../../test/factories/http.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';

/** A valid PNG followed by padding up to exactly `size` bytes (its magic bytes still say PNG). */
async function pngOfSize(size: number): Promise<Buffer> {
  const base = await pngBytes();
  return Buffer.concat([base, Buffer.alloc(size - base.length, 0)]);
}

/** Responsive variants made in the background after an upload (image-variants.ts). */
const VARIANT_FILE = /\.\d+w\.(avif|webp|jpg)$/;

const png = (width: number, height: number) => pngBytes({ width, height });

function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

describe('file uploads', () => {
  let t: TestApp;
  let owner: BearerUser;
  let other: BearerUser;
  let admin: BearerUser;
  const filesDir = () => path.join(t.config.dataDir, 'files');
  const storedCount = () => {
    if (!existsSync(filesDir())) return 0;
    return readdirSync(filesDir(), { recursive: true, withFileTypes: true }).filter(
      (d) => d.isFile() && !VARIANT_FILE.test(d.name) && !d.name.endsWith('.tmp'),
    ).length;
  };
  const upload = (user: BearerUser | null, body: ReturnType<typeof multipart>, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/back/api/v1/files${query}`,
      payload: body.payload,
      headers: { ...body.headers, ...(user?.headers ?? {}) },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createBearerUser(t.app.db, t.config.tokenSecret);
    other = await createBearerUser(t.app.db, t.config.tokenSecret);
    admin = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true });
  });
  afterAll(() => t.close());

  it('requires a logged-in user', async () => {
    const res = await upload(null, multipart(await pngBytes(), 'a.png', 'image/png'));
    expect(res.statusCode).toBe(401);
  });

  it('stores a PNG and answers 201 with id, url, kind, mime and size', async () => {
    const res = await upload(owner, multipart(await pngBytes({ width: 120, height: 80 }), 'foto.png', 'image/png'));
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
    const send = (user: BearerUser) => {
      const body = multipart(bytes, 'foto.png', 'image/png');
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
    const res = await upload(owner, multipart(await pngOfSize(SIZE_IMG_BYTES), 'grande.png', 'image/png'));
    expect(res.statusCode).toBe(201);
  });

  it('rejects an image of 1536 KiB + 1 byte with 413 and keeps nothing', async () => {
    const before = storedCount();
    const res = await upload(owner, multipart(await pngOfSize(SIZE_IMG_BYTES + 1), 'grande.png', 'image/png'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'image-too-large' });
    expect(res.json().message).toContain('1,5 MB');
    expect(res.json().message).not.toContain('KiB');
    expect(storedCount()).toBe(before);
  });

  it('accepts a PDF of exactly 2048 KiB and rejects one byte more with 413', async () => {
    const ok = await upload(owner, multipart(pdfOfSize(SIZE_DOC_BYTES), 'doc.pdf', 'application/pdf'));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ kind: 'document', mime: 'application/pdf', size: SIZE_DOC_BYTES });
    const before = storedCount();
    const tooBig = await upload(owner, multipart(pdfOfSize(SIZE_DOC_BYTES + 1), 'doc.pdf', 'application/pdf'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'document-too-large' });
    expect(storedCount()).toBe(before);
  });

  it('treats a PNG renamed .pdf as an image, never as a document', async () => {
    const body = await pngBytes();
    const res = await upload(owner, multipart(body, 'factura.pdf', 'application/pdf'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'image', mime: 'image/png' });
    const asDocument = await upload(owner, multipart(body, 'factura.pdf', 'application/pdf'), '?kind=document');
    expect(asDocument.statusCode).toBe(415);
  });

  it('rejects a text file named .jpg with 415 and a Spanish message', async () => {
    const before = storedCount();
    const res = await upload(owner, multipart(Buffer.from('hola, esto no es una foto\n'), 'foto.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'file-type-not-allowed' });
    expect(res.json().message).toMatch(/JPG, PNG o WebP/);
    expect(storedCount()).toBe(before);
  });

  it('rejects a GIF (a real image, but not an accepted type) with 415', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await upload(owner, multipart(gif, 'a.gif', 'image/gif'));
    expect(res.statusCode).toBe(415);
  });

  it('rejects a corrupt JPEG (right magic bytes, broken body) with 415', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const res = await upload(owner, multipart(broken, 'rota.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(415);
  });

  it('answers 400 when the multipart field is not "file"', async () => {
    const res = await upload(owner, multipart(await pngBytes(), 'a.png', 'image/png', 'foto'));
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
    const res = await upload(owner, multipart(withGps, 'casa.jpg', 'image/jpeg'));
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
    const res = await upload(owner, multipart(big, 'big.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ width: 1600, height: 500 });
  });

  it('serves a private file to its owner and admins, and answers 404 to everyone else', async () => {
    const res = await upload(owner, multipart(await pngBytes(), 'a.png', 'image/png'));
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
    const res = await upload(owner, multipart(await pngBytes(), 'a.png', 'image/png'));
    const url = res.json().data.url as string;
    expect(url).toMatch(/\?exp=\d+&sig=/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const tampered = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
  });

  it('serves public files to anyone with long-lived cache headers and answers 304 to a matching ETag', async () => {
    const res = await upload(owner, multipart(await pngBytes(), 'a.png', 'image/png'));
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

describe('responsive image variants', () => {
  let t: TestApp;
  let owner: BearerUser;
  let other: BearerUser;
  const filesDir = () => path.join(t.config.dataDir, 'files');
  const storageKeyOf = async (publicId: string) =>
    (
      await t.app.db.selectFrom('files').select('storage_key').where('public_id', '=', publicId).executeTakeFirstOrThrow()
    ).storage_key;
  const variantsOnDisk = (key: string) => {
    const dir = path.join(filesDir(), path.dirname(key));
    const base = path.basename(key);
    return readdirSync(dir).filter((f) => f.startsWith(`${base}.`) && VARIANT_FILE.test(f)).sort();
  };
  const uploadImage = async (bytes: Buffer, name = 'foto.jpg', type = 'image/jpeg') => {
    const body = multipart(bytes, name, type);
    const res = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/files',
      payload: body.payload,
      headers: { ...body.headers, ...owner.headers },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; url: string; width: number; height: number };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createBearerUser(t.app.db, t.config.tokenSecret);
    other = await createBearerUser(t.app.db, t.config.tokenSecret);
  });
  afterAll(() => t.close());

  it('stores each upload at 320, 640 and 1200 px in AVIF, WebP and JPEG beside the original', async () => {
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2e7d32' } })
      .jpeg()
      .toBuffer();
    const file = await uploadImage(photo);
    const key = await storageKeyOf(file.id);
    await vi.waitFor(() => expect(variantsOnDisk(key)).toHaveLength(9), { timeout: 30_000, interval: 100 });
    const found: string[] = [];
    for (const name of variantsOnDisk(key)) {
      const meta = await sharp(path.join(filesDir(), path.dirname(key), name)).metadata();
      const [, width, ext] = /\.(\d+)w\.(\w+)$/.exec(name)!;
      found.push(`${meta.width}x${meta.height} ${meta.format}:${width}.${ext}`);
    }
    // sharp names the AVIF container "heif".
    expect(found.sort()).toEqual(
      [
        '1200x675 heif:1200.avif',
        '1200x675 jpeg:1200.jpg',
        '1200x675 webp:1200.webp',
        '320x180 heif:320.avif',
        '320x180 jpeg:320.jpg',
        '320x180 webp:320.webp',
        '640x360 heif:640.avif',
        '640x360 jpeg:640.jpg',
        '640x360 webp:640.webp',
      ].sort(),
    );
  });

  it('serves a variant with its type, through the same access rules and signed link as the original', async () => {
    const file = await uploadImage(await png(800, 600), 'logo.png', 'image/png');
    const signed = file.url.replace(`/files/${file.id}`, `/files/${file.id}/640.avif`);
    const res = await t.app.inject({ method: 'GET', url: signed });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 640, 480]);
    const plain = `/back/api/v1/files/${file.id}/640.webp`;
    expect((await t.app.inject({ method: 'GET', url: plain, headers: owner.headers })).headers['content-type']).toBe(
      'image/webp',
    );
    expect((await t.app.inject({ method: 'GET', url: plain, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: plain })).statusCode).toBe(404);
  });

  it('never enlarges: a variant wider than the original has the original width', async () => {
    const file = await uploadImage(await png(200, 100), 'icono.png', 'image/png');
    const res = await t.app.inject({ method: 'GET', url: `/back/api/v1/files/${file.id}/1200.jpg`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 100]);
  });

  it('serves public variants with immutable caching and answers 304 to their ETag', async () => {
    const file = await uploadImage(await png(700, 400), 'campana.png', 'image/png');
    await t.app.db.updateTable('files').set({ is_public: 1 }).where('public_id', '=', file.id).execute();
    const url = `/back/api/v1/files/${file.id}/320.webp`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // Another variant of the same file has its own ETag.
    const other = await t.app.inject({ method: 'GET', url: `/back/api/v1/files/${file.id}/640.webp` });
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('makes the variant on first request for an image uploaded before variants existed', async () => {
    const file = await uploadImage(await png(900, 300), 'antigua.png', 'image/png');
    const key = await storageKeyOf(file.id);
    await vi.waitFor(() => expect(variantsOnDisk(key)).toHaveLength(9), { timeout: 30_000, interval: 100 });
    for (const name of variantsOnDisk(key)) rmSync(path.join(filesDir(), path.dirname(key), name));
    const res = await t.app.inject({ method: 'GET', url: `/back/api/v1/files/${file.id}/640.webp`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
    expect(variantsOnDisk(key)).toEqual([`${path.basename(key)}.640w.webp`]);
  });

  it('makes the missing variants of every stored image with the backfill', async () => {
    const file = await uploadImage(await png(500, 500), 'vieja.png', 'image/png');
    const key = await storageKeyOf(file.id);
    await vi.waitFor(() => expect(variantsOnDisk(key)).toHaveLength(9), { timeout: 30_000, interval: 100 });
    for (const name of variantsOnDisk(key)) rmSync(path.join(filesDir(), path.dirname(key), name));
    const storage = createLocalStorage(filesDir());
    const totals = await backfillVariants(t.app.db, storage);
    expect(totals.failed).toBe(0);
    expect(totals.made).toBeGreaterThanOrEqual(9);
    expect(variantsOnDisk(key)).toHaveLength(9);
    expect((await backfillVariants(t.app.db, storage)).made).toBe(0);
  });

  it('answers 404 for an unknown width or format, and for a document', async () => {
    const file = await uploadImage(await png(100, 100), 'a.png', 'image/png');
    for (const variant of ['500.avif', '640.gif', '640', 'original']) {
      const res = await t.app.inject({ method: 'GET', url: `/back/api/v1/files/${file.id}/${variant}`, headers: owner.headers });
      expect(res.statusCode, variant).toBe(404);
    }
    const pdf = multipart(pdfOfSize(2000), 'doc.pdf', 'application/pdf');
    const doc = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/files',
      payload: pdf.payload,
      headers: { ...pdf.headers, ...owner.headers },
    });
    const res = await t.app.inject({ method: 'GET', url: `/back/api/v1/files/${doc.json().data.id}/640.jpg`, headers: owner.headers });
    expect(res.statusCode).toBe(404);
  });
});

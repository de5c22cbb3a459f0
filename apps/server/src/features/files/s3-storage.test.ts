import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { existsSync } from 'node:fs';
import net, { type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type TestUser } from '../../../test/bearer-users.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { startS3StandIn, type S3StandIn } from '../../../test/s3-stand-in.js';
import { createS3Storage, StorageKeyError } from './storage.js';

/**
 * The S3 backend against a local S3 (s3rver) that checks every request's Signature V4, so a
 * wrongly signed request fails here as it would on AWS, MinIO or R2.
 */

function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----puntoverde' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer();

async function objectKeys(s3: S3StandIn, prefix = ''): Promise<string[]> {
  const res = await s3.client().send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key ?? '');
}

async function objectBytes(s3: S3StandIn, key: string): Promise<Buffer> {
  const res = await s3.client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await res.Body!.transformToByteArray());
}

describe('S3 storage', () => {
  let s3: S3StandIn;
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(() => s3.close());

  it('writes, reads and deletes objects with correctly signed requests', async () => {
    const storage = createS3Storage(s3.config());
    const before = { ...s3.counts };
    await storage.put('2026/11/a.txt', Buffer.from('hola'), 'text/plain');
    expect((await storage.get('2026/11/a.txt'))?.toString()).toBe('hola');
    await storage.delete('2026/11/a.txt');
    expect(await storage.get('2026/11/a.txt')).toBeNull();
    expect(s3.counts.verified - before.verified).toBe(4);
    expect(s3.counts.refused).toBe(before.refused);
  });

  it('closes its connections and opens them again when used after closing', async () => {
    const storage = createS3Storage(s3.config());
    await storage.close();
    await storage.put('2026/11/c.txt', Buffer.from('uno'), 'text/plain');
    await storage.close();
    expect((await storage.get('2026/11/c.txt'))?.toString()).toBe('uno');
    await storage.delete('2026/11/c.txt');
    await storage.close();
  });

  it('keeps binary bodies and the content type intact', async () => {
    const storage = createS3Storage(s3.config());
    const bytes = await png();
    await storage.put('2026/11/b.png', bytes, 'image/png');
    expect((await storage.get('2026/11/b.png'))?.equals(bytes)).toBe(true);
    const res = await s3.client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: '2026/11/b.png' }));
    expect(res.ContentType).toBe('image/png');
  });

  it('answers null for a missing key and deletes a missing key without error', async () => {
    const storage = createS3Storage(s3.config());
    expect(await storage.get('2026/11/nada.png')).toBeNull();
    await expect(storage.delete('2026/11/nada.png')).resolves.toBeUndefined();
  });

  it('stores every object under S3_PREFIX', async () => {
    const storage = createS3Storage(s3.config({ prefix: 'puntoverde/prod' }));
    await storage.put('2026/11/c.txt', Buffer.from('con prefijo'), 'text/plain');
    expect(await objectKeys(s3, 'puntoverde/')).toEqual(['puntoverde/prod/2026/11/c.txt']);
    expect((await storage.get('2026/11/c.txt'))?.toString()).toBe('con prefijo');
  });

  it('moves an object to another key, and lists keys under a folder with their dates', async () => {
    const storage = createS3Storage(s3.config({ prefix: 'mover' }));
    await storage.put('incoming/2026/11/m.txt', Buffer.from('en camino'), 'text/plain');
    expect((await storage.list('incoming')).map((o) => o.key)).toEqual(['incoming/2026/11/m.txt']);
    await storage.move('incoming/2026/11/m.txt', '2026/11/m.txt');
    expect(await storage.get('incoming/2026/11/m.txt')).toBeNull();
    expect((await storage.get('2026/11/m.txt'))?.toString()).toBe('en camino');
    // A second move of the same object (a recovery racing another) is not an error.
    await expect(storage.move('incoming/2026/11/m.txt', '2026/11/m.txt')).resolves.toBeUndefined();
    const all = await storage.list('');
    expect(all.map((o) => o.key)).toEqual(['2026/11/m.txt']);
    expect(all[0]!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses unsafe keys before sending anything', async () => {
    const storage = createS3Storage(s3.config());
    const before = s3.counts.verified + s3.counts.refused;
    await expect(storage.get('../x')).rejects.toThrow(StorageKeyError);
    await expect(storage.put('/etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(StorageKeyError);
    await expect(storage.delete('a/../../b')).rejects.toThrow(StorageKeyError);
    expect(s3.counts.verified + s3.counts.refused).toBe(before);
  });

  it('fails when the secret key is wrong: the bucket refuses the signature', async () => {
    const storage = createS3Storage(s3.config({ secretAccessKey: 'not-the-secret' }));
    await expect(storage.put('2026/11/d.txt', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    await expect(storage.get('2026/11/b.png')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(s3.refusals.at(-1)).toBe('SignatureDoesNotMatch');
    expect(await objectKeys(s3, '2026/11/d')).toEqual([]);
  });

  it('gives up on a bucket that accepts the connection but never answers', async () => {
    const sockets: Socket[] = [];
    const stalled = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const { port } = stalled.address() as AddressInfo;
    const storage = createS3Storage(s3.config({ endpoint: `http://127.0.0.1:${port}` }), {
      requestTimeoutMs: 300,
      maxAttempts: 2,
    });
    const started = Date.now();
    await expect(storage.put('2026/11/e.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/timeout/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => stalled.close(() => resolve()));
  });
});

describe('uploads with the S3 backend', () => {
  let s3: S3StandIn;
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  const upload = (user: TestUser, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/back/api/v1/files',
      payload: body.payload,
      headers: { ...body.headers, ...user.headers },
    });

  beforeAll(async () => {
    s3 = await startS3StandIn();
    t = await buildTestApp({ s3: s3.config({ prefix: 'uploads' }) });
    owner = await createUser(t.app.db, t.config.tokenSecret);
    other = await createUser(t.app.db, t.config.tokenSecret);
    admin = await createUser(t.app.db, t.config.tokenSecret, { is_admin: true });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores an upload in the bucket, not on the disk, and serves it back', async () => {
    const res = await upload(owner, multipart('foto.png', 'image/png', await png()));
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    const row = await t.app.db
      .selectFrom('files')
      .selectAll()
      .where('public_id', '=', data.id)
      .executeTakeFirstOrThrow();
    // The original, and (made in the background) its responsive variants beside it.
    expect(await objectKeys(s3, `uploads/${row.storage_key}`)).toContain(`uploads/${row.storage_key}`);
    expect(existsSync(path.join(t.config.dataDir, 'files'))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: data.url, headers: owner.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(await objectBytes(s3, `uploads/${row.storage_key}`))).toBe(true);
  });

  it('stores the responsive variants beside the original in the bucket and serves them', async () => {
    const photo = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#2e7d32' } })
      .jpeg()
      .toBuffer();
    const res = await upload(owner, multipart('foto.jpg', 'image/jpeg', photo));
    const { id } = res.json().data as { id: string };
    const row = await t.app.db.selectFrom('files').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();
    const key = `uploads/${row.storage_key}`;
    await vi.waitFor(async () => expect(await objectKeys(s3, `${key}.`)).toHaveLength(9), { timeout: 30_000, interval: 200 });
    expect((await objectKeys(s3, `${key}.`)).sort()).toEqual(
      ['320w.avif', '320w.jpg', '320w.webp', '640w.avif', '640w.jpg', '640w.webp', '1200w.avif', '1200w.jpg', '1200w.webp']
        .map((v) => `${key}.${v}`)
        .sort(),
    );
    const served = await t.app.inject({ method: 'GET', url: `/back/api/v1/files/${id}/640.avif`, headers: owner.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.rawPayload.equals(await objectBytes(s3, `${key}.640w.avif`))).toBe(true);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([640, 320]);
  });

  it('keeps private files to their owner and staff (the bucket itself is never exposed)', async () => {
    const res = await upload(owner, multipart('a.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n')));
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json().data as { id: string; url: string };
    const plain = `/back/api/v1/files/${id}`;
    expect((await t.app.inject({ method: 'GET', url: plain, headers: owner.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: plain, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: plain, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: plain })).statusCode).toBe(404);
    const signed = await t.app.inject({ method: 'GET', url });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toBe('private, max-age=3600');
    expect(signed.headers['content-disposition']).toBe(`attachment; filename="${id}.pdf"`);
    expect(url).not.toContain(s3.endpoint);
  });

  it('serves public files with long-lived cache headers and 304 without reading the bucket', async () => {
    const res = await upload(owner, multipart('logo.png', 'image/png', await png()));
    const id = res.json().data.id as string;
    await t.app.db.updateTable('files').set({ is_public: 1 }).where('public_id', '=', id).execute();
    const first = await t.app.inject({ method: 'GET', url: `/back/api/v1/files/${id}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const requests = s3.counts.verified;
    const again = await t.app.inject({
      method: 'GET',
      url: `/back/api/v1/files/${id}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(s3.counts.verified).toBe(requests);
  });

  it('answers 404 when the row exists but the object is gone from the bucket', async () => {
    const res = await upload(owner, multipart('b.png', 'image/png', await png()));
    const { id } = res.json().data as { id: string };
    const row = await t.app.db.selectFrom('files').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();
    await createS3Storage(t.config.s3!).delete(row.storage_key);
    const gone = await t.app.inject({ method: 'GET', url: `/back/api/v1/files/${id}`, headers: owner.headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBeUndefined();
  });
});

describe('uploads when the bucket refuses the server', () => {
  let s3: S3StandIn;
  let wrongSecret: TestApp;
  let revoked: TestApp;
  let user: TestUser;
  const fileCount = async (app: TestApp) =>
    Number(
      (
        await app.app.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    s3 = await startS3StandIn();
    wrongSecret = await buildTestApp({ s3: s3.config({ secretAccessKey: 'not-the-secret' }) });
    revoked = await buildTestApp({ s3: s3.config() });
  });
  afterAll(async () => {
    await wrongSecret.close();
    await revoked.close();
    await s3.close();
  });

  it('answers 503 in Spanish to an upload signed with a wrong secret and records nothing', async () => {
    user = await createUser(wrongSecret.app.db, wrongSecret.config.tokenSecret);
    const body = multipart('foto.png', 'image/png', await png());
    const res = await wrongSecret.app.inject({
      method: 'POST',
      url: '/back/api/v1/files',
      payload: body.payload,
      headers: { ...body.headers, ...user.headers },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'service-unavailable',
      message: 'No pudimos guardar el archivo en este momento. Inténtalo de nuevo en unos minutos.',
    });
    expect(s3.refusals).toContain('SignatureDoesNotMatch');
    expect(await fileCount(wrongSecret)).toBe(0);
    expect(await objectKeys(s3)).toEqual([]);
  });

  it('answers 503, never cached, when the bucket stops accepting the key of stored files', async () => {
    const owner = await createUser(revoked.app.db, revoked.config.tokenSecret);
    const body = multipart('foto.png', 'image/png', await png());
    const send = () =>
      revoked.app.inject({
        method: 'POST',
        url: '/back/api/v1/files',
        payload: body.payload,
        headers: { ...body.headers, ...owner.headers },
      });
    const stored = await send();
    expect(stored.statusCode).toBe(201);
    const { id } = stored.json().data as { id: string };
    await revoked.app.db.updateTable('files').set({ is_public: 1 }).where('public_id', '=', id).execute();

    s3.revokeKey();
    const read = await revoked.app.inject({ method: 'GET', url: `/back/api/v1/files/${id}` });
    expect(read.statusCode).toBe(503);
    expect(read.json().message).toBe(
      'No pudimos abrir el archivo en este momento. Inténtalo de nuevo en unos minutos.',
    );
    expect(read.headers['cache-control'] ?? '').not.toContain('max-age');
    expect(read.headers.etag).toBeUndefined();

    const rejected = await send();
    expect(rejected.statusCode).toBe(503);
    expect(await fileCount(revoked)).toBe(1);
    expect(s3.refusals.at(-1)).toBe('InvalidAccessKeyId');
  });
});

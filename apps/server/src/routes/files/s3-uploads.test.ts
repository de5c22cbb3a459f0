import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pngBytes } from '../../../test/factories/files.js';
import { multipart } from '../../../test/factories/http.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { objectBytes, objectKeys, startS3StandIn, type S3StandIn } from '../../../test/s3-stand-in.js';
import { createS3Storage } from '../../features/files/storage.js';

/** Uploads through the API with the S3 backend, against the local S3 that checks every signature. */

describe('uploads with the S3 backend', () => {
  let s3: S3StandIn;
  let t: TestApp;
  let owner: BearerUser;
  let other: BearerUser;
  let admin: BearerUser;
  const upload = (user: BearerUser, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/back/api/v1/files',
      payload: body.payload,
      headers: { ...body.headers, ...user.headers },
    });

  beforeAll(async () => {
    s3 = await startS3StandIn();
    t = await buildTestApp({ s3: s3.config({ prefix: 'uploads' }) });
    owner = await createBearerUser(t.app.db, t.config.tokenSecret);
    other = await createBearerUser(t.app.db, t.config.tokenSecret);
    admin = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores an upload in the bucket, not on the disk, and serves it back', async () => {
    const res = await upload(owner, multipart(await pngBytes(), 'foto.png', 'image/png'));
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
    const res = await upload(owner, multipart(photo, 'foto.jpg', 'image/jpeg'));
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
    const res = await upload(owner, multipart(Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf', 'application/pdf'));
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
    const res = await upload(owner, multipart(await pngBytes(), 'logo.png', 'image/png'));
    const id = res.json().data.id as string;
    await t.app.db.updateTable('files').set({ is_public: 1 }).where('public_id', '=', id).execute();
    // The upload's variants are written to the bucket in the background: once all nine are there
    // (the queue runs in order, so earlier uploads' are too), nothing else talks to the bucket.
    const row = await t.app.db.selectFrom('files').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();
    await vi.waitFor(async () => expect(await objectKeys(s3, `uploads/${row.storage_key}.`)).toHaveLength(9), {
      timeout: 30_000,
      interval: 200,
    });
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
    const res = await upload(owner, multipart(await pngBytes(), 'b.png', 'image/png'));
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
  let user: BearerUser;
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
    user = await createBearerUser(wrongSecret.app.db, wrongSecret.config.tokenSecret);
    const body = multipart(await pngBytes(), 'foto.png', 'image/png');
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
    const owner = await createBearerUser(revoked.app.db, revoked.config.tokenSecret);
    const body = multipart(await pngBytes(), 'foto.png', 'image/png');
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

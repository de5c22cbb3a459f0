import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../../test/helper.js';
import type { DatabaseHandle } from '../../db/dialect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { AppError } from '../../lib/app-error.js';
import authPlugin from '../auth.js';
import { resolveSession } from '../../features/identity/sessions.service.js';
import { configPlugin, dbPlugin } from '../core.js';
import errorsPlugin from '../errors.js';
import idempotencyPlugin from '../idempotency.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';

/**
 * The Idempotency-Key mechanism on a small app with the real plugins and database: a write
 * route that counts its runs, one that fails on demand and one that takes its time.
 */

let app: FastifyInstance;
let database: DatabaseHandle;
let runs = 0;
let userA: BearerUser;
let userB: BearerUser;
let releaseSlow: () => void = () => {};

beforeAll(async () => {
  const config = testConfig();
  database = await createTestDatabase();
  await migrateToLatest(database);
  app = Fastify({ logger: false });
  await app.register(configPlugin, { config });
  await app.register(dbPlugin, { database, ownsDatabase: false });
  await app.register(errorsPlugin);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip'] });
  await app.register(authPlugin);
  app.setSessionResolver((sessionId, userId) => resolveSession(database.db, sessionId, userId));
  await app.register(idempotencyPlugin, { waitMs: 300, pollMs: 10, lockMs: 60_000 });
  await app.register(async (child) => {
    child.post('/things', { config: { idempotency: true } }, async (request, reply) => {
      runs += 1;
      const body = request.body as { name?: string; fail?: number; big?: boolean };
      if (body.fail === 500) throw new Error('boom');
      if (body.fail === 401) throw new AppError('unauthorized');
      if (body.fail === 400) throw AppError.field('validation-failed', 'name', 'Escribe un nombre.');
      return reply
        .code(201)
        .send({ data: { number: runs, name: body.name, filler: body.big ? 'x'.repeat(5000) : '' } });
    });
    child.post('/slow', { config: { idempotency: true } }, async (_request, reply) => {
      runs += 1;
      const number = runs;
      await new Promise<void>((resolve) => (releaseSlow = resolve));
      return reply.code(201).send({ data: { number } });
    });
    child.post('/plain', async () => {
      runs += 1;
      return { data: { number: runs } };
    });
  });
  await app.ready();
  userA = await createBearerUser(database.db, config.tokenSecret);
  userB = await createBearerUser(database.db, config.tokenSecret);
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload, headers });
}

describe('Idempotency-Key', () => {
  it('replays the first answer to a retry with the same key, without running the write again', async () => {
    const key = randomUUID();
    const first = await post('/things', { name: 'uno' }, { 'idempotency-key': key });
    const before = runs;
    const retry = await post('/things', { name: 'uno' }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(before);
  });

  it('runs every request without the header, and routes that do not ask for it', async () => {
    const a = await post('/things', { name: 'dos' });
    const b = await post('/things', { name: 'dos' });
    expect(b.json().data.number).toBe(a.json().data.number + 1);
    const key = randomUUID();
    const c = await post('/plain', {}, { 'idempotency-key': key });
    const d = await post('/plain', {}, { 'idempotency-key': key });
    expect(d.json().data.number).toBe(c.json().data.number + 1);
  });

  it('refuses a malformed key with a Spanish message naming the header', async () => {
    const res = await post('/things', { name: 'tres' }, { 'idempotency-key': 'corta' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'idempotency-key-invalid',
      fields: { 'Idempotency-Key': expect.any(String) },
    });
  });

  it('refuses the same key with another body (422), keeping the first answer', async () => {
    const key = randomUUID();
    await post('/things', { name: 'cuatro' }, { 'idempotency-key': key });
    const other = await post('/things', { name: 'otro' }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'idempotency-key-reused',
      message: expect.stringMatching(/otros datos/),
    });
  });

  it('keys belong to their user: the same key from another user is another write', async () => {
    const key = randomUUID();
    const a = await post('/things', { name: 'cinco' }, { 'idempotency-key': key, ...userA.headers });
    const b = await post('/things', { name: 'cinco' }, { 'idempotency-key': key, ...userB.headers });
    expect(b.json().data.number).not.toBe(a.json().data.number);
    const anonymous = await post('/things', { name: 'cinco' }, { 'idempotency-key': key });
    expect(anonymous.json().data.number).not.toBe(b.json().data.number);
  });

  it('a concurrent duplicate waits for the first request and gets its answer', async () => {
    const key = randomUUID();
    const before = runs;
    const first = post('/slow', {}, { 'idempotency-key': key });
    await until(() => runs === before + 1);
    const duplicate = post('/slow', {}, { 'idempotency-key': key });
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseSlow();
    const [a, b] = await Promise.all([first, duplicate]);
    expect(a.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(runs).toBe(before + 1);
  });

  it('a duplicate still running after the wait gets 409 with retry-after', async () => {
    const key = randomUUID();
    const before = runs;
    const first = post('/slow', {}, { 'idempotency-key': key });
    await until(() => runs === before + 1);
    const duplicate = await post('/slow', {}, { 'idempotency-key': key });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('idempotency-in-progress');
    expect(duplicate.headers['retry-after']).toBe('1');
    releaseSlow();
    expect((await first).statusCode).toBe(201);
    expect((await post('/slow', {}, { 'idempotency-key': key })).headers['idempotent-replayed']).toBe('true');
  });

  it('does not keep a server error: the retry runs the write', async () => {
    const key = randomUUID();
    const failed = await post('/things', { fail: 500 }, { 'idempotency-key': key });
    expect(failed.statusCode).toBe(500);
    const before = runs;
    const retry = await post('/things', { fail: 500 }, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(500);
    expect(runs).toBe(before + 1);
  });

  it('does not keep a 401 (the person logs in again and resends), but keeps a refusal', async () => {
    const key = randomUUID();
    await post('/things', { fail: 401 }, { 'idempotency-key': key });
    const before = runs;
    await post('/things', { fail: 401 }, { 'idempotency-key': key });
    expect(runs).toBe(before + 1);

    const refusedKey = randomUUID();
    const refused = await post('/things', { fail: 400 }, { 'idempotency-key': refusedKey });
    const again = await post('/things', { fail: 400 }, { 'idempotency-key': refusedKey });
    expect(refused.statusCode).toBe(400);
    expect(again.json()).toEqual(refused.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps the JSON, not the compressed bytes, of a large answer', async () => {
    const key = randomUUID();
    const headers = { 'idempotency-key': key, 'accept-encoding': 'gzip' };
    const first = await post('/things', { name: 'grande', big: true }, headers);
    expect(first.headers['content-encoding']).toBe('gzip');
    const plain = await post('/things', { name: 'grande', big: true }, { 'idempotency-key': key });
    expect(plain.json()).toEqual(JSON.parse(gunzipSync(first.rawPayload).toString()));
  });

  it('forgets an answer after 24 hours', async () => {
    const key = randomUUID();
    const first = await post('/things', { name: 'seis' }, { 'idempotency-key': key });
    await database.db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('idempotency_key', '=', key)
      .execute();
    const later = await post('/things', { name: 'seis' }, { 'idempotency-key': key });
    expect(later.json().data.number).not.toBe(first.json().data.number);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
  });

  it('takes over a key left pending by a request that died', async () => {
    const key = randomUUID();
    const past = new Date(Date.now() - 1000).toISOString();
    const first = await post('/things', { name: 'siete' }, { 'idempotency-key': key });
    await database.db
      .updateTable('idempotency_keys')
      .set({ state: 'pending', response_status: null, response_body: null, locked_until: past })
      .where('idempotency_key', '=', key)
      .execute();
    const retry = await post('/things', { name: 'siete' }, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.number).not.toBe(first.json().data.number);
  });
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!check()) throw new Error('condition never met');
}

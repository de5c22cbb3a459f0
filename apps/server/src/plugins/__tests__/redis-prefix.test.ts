import { IDENTITY_PATHS, type RealtimeEvent } from '@puntoverde/contract';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { realtimeOf } from '../../features/realtime/realtime.plugin.js';
import { buildTestApp, TEST_REDIS_URL, type TestApp } from '../../../test/helper.js';
import { randomIp } from '../../../test/factories/http.js';
import { createUser, TEST_PASSWORD } from '../../../test/factories/users.js';

describe('REDIS_PREFIX', () => {
  it('defaults to the PostgreSQL database name, or puntoverde: on SQLite', () => {
    const parse = (env: Record<string, string>) => loadConfig({ TOKEN_SECRET: 'x'.repeat(32), ...env }).redisPrefix;
    expect(parse({ DATABASE_URL: 'postgres://app:secreto@db.internal:5432/puntoverde_prod' })).toBe(
      'puntoverde:puntoverde_prod:',
    );
    expect(parse({})).toBe('puntoverde:');
    expect(parse({ DATABASE_URL: 'postgres://db/ciudad', REDIS_PREFIX: 'pv:medellin:' })).toBe('pv:medellin:');
    expect(() => parse({ REDIS_PREFIX: 'con espacios' })).toThrow(/REDIS_PREFIX/);
  });
});

// Two deployments (each its own database) on one Redis server, with different prefixes.
describe.skipIf(!TEST_REDIS_URL)('two deployments sharing one Redis', () => {
  const tag = randomBytes(4).toString('hex');
  const prefixA = `test-${tag}-a:`;
  const prefixB = `test-${tag}-b:`;
  let a: TestApp;
  let b: TestApp;
  let raw: Redis;
  beforeAll(async () => {
    a = await buildTestApp({ redisUrl: TEST_REDIS_URL, redisPrefix: prefixA });
    b = await buildTestApp({ redisUrl: TEST_REDIS_URL, redisPrefix: prefixB });
    raw = new Redis(TEST_REDIS_URL!);
  });
  afterAll(async () => {
    const keys = await raw.keys(`test-${tag}-*`);
    if (keys.length) await raw.del(...keys);
    raw.disconnect();
    await a?.close();
    await b?.close();
  });

  const ip = randomIp();
  const login = (t: TestApp, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.login,
      remoteAddress: ip,
      payload: { username: email, password },
    });

  it("does not count one deployment's failed logins against the other", async () => {
    const email = `prefijo-${tag}@example.co`;
    await createUser(a.app, { email });
    await createUser(b.app, { email });
    for (let i = 0; i < 5; i += 1) expect((await login(a, email, `mala-${i}`)).statusCode).toBe(401);
    expect((await login(a, email, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login(b, email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('writes every key under its own prefix', async () => {
    const keys = await raw.keys(`*${ip}*`);
    expect(keys.some((k) => k.startsWith(prefixA))).toBe(true);
    expect(keys.some((k) => k.startsWith(prefixB))).toBe(true);
    expect(keys.filter((k) => !k.startsWith(prefixA) && !k.startsWith(prefixB))).toEqual([]);
  });

  it("does not deliver one deployment's live updates to the other's streams", async () => {
    const event: RealtimeEvent = { type: 'branch.updated', branch_id: 3 };
    const onB: RealtimeEvent[] = [];
    const stop = realtimeOf(b.app).subscribe(7, (e) => onB.push(e));
    try {
      await realtimeOf(a.app).publish([7], event);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(onB).toEqual([]);
      // The same event published on B's side arrives: the wait above was long enough.
      await realtimeOf(b.app).publish([7], event);
      for (let i = 0; i < 50 && !onB.length; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(onB).toHaveLength(1);
    } finally {
      stop();
    }
  });
});

import { IDENTITY_PATHS } from '@puntoverde/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildTestApp, testConfig, TEST_REDIS_URL, type TestApp } from '../../../test/helper.js';
import { randomIp } from '../../../test/factories/http.js';
import { createUser, TEST_PASSWORD } from '../../../test/factories/users.js';

describe('identity API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('documents every identity call in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/back/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of Object.values(IDENTITY_PATHS)) expect(paths).toContain(path);
    const register = res.json().paths[IDENTITY_PATHS.register].post;
    expect(JSON.stringify(register.requestBody)).toContain('accept_data_policy');
  });
});

// Two server instances behind a load balancer share the failed-login budget through Redis.
describe.skipIf(!TEST_REDIS_URL)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    a = await buildTestApp({ redisUrl: TEST_REDIS_URL });
    // Same database, second instance.
    b = await buildApp({ config: testConfig({ redisUrl: TEST_REDIS_URL }), database: a.database, logger: false });
    await b.ready();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('counts one address\'s failed logins on one instance against the other', async () => {
    const user = await createUser(a.app, { email: `redis-${randomBytes(4).toString('hex')}@example.co` });
    const ip = randomIp();
    const login = (app: typeof b, password: string, from = ip) =>
      app.inject({ method: 'POST', url: IDENTITY_PATHS.login, remoteAddress: from, payload: { username: user.email, password } });
    for (let i = 0; i < 5; i += 1) expect((await login(i % 2 ? a.app : b, `mala-${i}`)).statusCode).toBe(401);
    const res = await login(b, TEST_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, is not stopped on either instance.
    expect((await login(a.app, TEST_PASSWORD, randomIp())).statusCode).toBe(200);
  });
});

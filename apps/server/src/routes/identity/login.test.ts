import { IDENTITY_PATHS } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { LOGIN_THROTTLE, loginDelayMs } from '../../features/identity/login-throttle.js';
import { hashPassword } from '../../features/identity/passwords.js';
import { randomIp } from '../../../test/factories/http.js';
import { tokenFromMail, waitForMail } from '../../../test/factories/mail.js';
import { createUser, loginAs, TEST_PASSWORD } from '../../../test/factories/users.js';

describe('login (POST clientes/login)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, unknown>, ip = randomIp()) =>
    t.app.inject({ method: 'POST', url: IDENTITY_PATHS.login, remoteAddress: ip, payload });

  it('answers the user with a 15-minute token and a refresh token', async () => {
    const user = await createUser(t.app, { tc_id: 1, email: 'gestora@example.co' });
    const res = await login({ username: 'Gestora@Example.co', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data).toMatchObject({ id: user.id, tc_id: 1, id_empresa: null, email: 'gestora@example.co', name: user.name });
    const expiresIn = Date.parse(data.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60 * 1000);
    expect(typeof data.refresh_token).toBe('string');
    expect(data).not.toHaveProperty('password_hash');
  });

  it('answers wrong-password (401) for a wrong password', async () => {
    const user = await createUser(t.app);
    const res = await login({ username: user.email, password: 'no-es-la-clave' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'wrong-password', message: 'El correo o la contraseña no son correctos.' });
  });

  it('answers an unknown e-mail byte for byte like a wrong password, after the same hashing work', async () => {
    const user = await createUser(t.app);
    const timed = async (username: string) => {
      const start = performance.now();
      const res = await login({ username, password: 'no-es-la-clave' });
      return { res, ms: performance.now() - start };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    let wrongBody = '';
    let unknownBody = '';
    for (let i = 0; i < 5; i += 1) {
      const w = await timed(user.email);
      const u = await timed(`nadie-${i}-${user.id}@example.co`);
      wrong.push(w.ms);
      unknown.push(u.ms);
      wrongBody = w.res.body;
      unknownBody = u.res.body;
      expect(u.res.statusCode).toBe(w.res.statusCode);
      expect(u.res.headers['content-type']).toBe(w.res.headers['content-type']);
    }
    expect(unknownBody).toBe(wrongBody);
    // Fastest of five: load on the machine only ever adds time. Without the dummy verify an
    // unknown e-mail answers in ~1 ms against tens of ms of argon2id.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...wrong) * 0.5);
  });

  it('answers a social-only account (no password) like an unknown e-mail', async () => {
    const user = await createUser(t.app);
    await t.app.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
    const res = await login({ username: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('wrong-password');
  });

  it('answers invalid-email for a username that is not an e-mail', async () => {
    const res = await login({ username: 'laura', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid-email', fields: { username: expect.any(String) } });
  });

  it('requires a non-empty password', async () => {
    const res = await login({ username: 'laura@example.co', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation-failed', fields: { password: 'Escribe tu contraseña.' } });
  });

  const wrong = (username: string, ip: string, i = 0) => login({ username, password: `mala-${i}` }, ip);
  const wait = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000 + 50));

  it('slows down one address guessing one account, with a delay that grows instead of a lock', async () => {
    const user = await createUser(t.app);
    const ip = randomIp();
    for (let i = 0; i < LOGIN_THROTTLE.freeFailuresPerAddress; i += 1) expect((await wrong(user.email, ip, i)).statusCode).toBe(401);
    const sixth = await wrong(user.email, ip, 6);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'too-many-requests' });
    expect(Number(sixth.headers['retry-after'])).toBe(1);
    await wait(1);
    expect((await wrong(user.email, ip, 7)).statusCode).toBe(401);
    const later = await login({ username: user.email, password: TEST_PASSWORD }, ip);
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers['retry-after'])).toBe(2);
  });

  it('lets the owner in from another address while one address is slowed down', async () => {
    const user = await createUser(t.app);
    const attacker = randomIp();
    for (let i = 0; i < 6; i += 1) await wrong(user.email, attacker, i);
    expect((await wrong(user.email, attacker, 9)).statusCode).toBe(429);
    expect((await login({ username: user.email, password: TEST_PASSWORD }, randomIp())).statusCode).toBe(200);
  });

  it('lets whoever holds a reset link in at once, from the slowed-down address too', async () => {
    const user = await createUser(t.app);
    const ip = randomIp();
    for (let i = 0; i < 6; i += 1) await wrong(user.email, ip, i);
    expect((await login({ username: user.email, password: TEST_PASSWORD }, ip)).statusCode).toBe(429);
    await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.forgotPassword, remoteAddress: randomIp(), payload: { data_user: { email: user.email } } });
    const token = tokenFromMail(await waitForMail(t.app, user.email, 'Recupera'));
    const reset = await t.app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.resetPassword,
      remoteAddress: ip,
      payload: { token, password: 'Otra-Clave-Segura-2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login({ username: user.email, password: 'Otra-Clave-Segura-2026' }, ip)).statusCode).toBe(200);
  });

  it('slows down one address trying many accounts, and no other address', async () => {
    const ip = randomIp();
    const tag = Date.now().toString(36);
    for (let i = 0; i < LOGIN_THROTTLE.freeFailuresPerIp; i += 1) {
      expect((await wrong(`cuenta-${tag}-${i}@example.co`, ip)).statusCode).toBe(401);
    }
    const user = await createUser(t.app);
    const next = await login({ username: user.email, password: TEST_PASSWORD }, ip);
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login({ username: user.email, password: TEST_PASSWORD }, randomIp())).statusCode).toBe(200);
  });

  it('slows down unknown e-mails the same way, so the delay does not reveal accounts', async () => {
    // A fresh address per run: with TEST_REDIS_URL the counters outlive the test database.
    const ghost = `fantasma-${Date.now().toString(36)}@example.co`;
    const ip = randomIp();
    for (let i = 0; i < 5; i += 1) expect((await wrong(ghost, ip, i)).statusCode).toBe(401);
    expect((await wrong(ghost, ip)).statusCode).toBe(429);
  });

  it('forgets an address\'s failures after it logs in', async () => {
    const user = await createUser(t.app);
    const ip = randomIp();
    for (let i = 0; i < 4; i += 1) await wrong(user.email, ip, i);
    expect((await login({ username: user.email, password: TEST_PASSWORD }, ip)).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await wrong(user.email, ip, i)).statusCode).toBe(401);
  });

  it('grows the delay from one second to at most fifteen minutes', () => {
    const free = LOGIN_THROTTLE.freeFailuresPerAddress;
    expect(loginDelayMs(free - 1, free)).toBe(0);
    expect([free, free + 1, free + 2, free + 3].map((f) => loginDelayMs(f, free))).toEqual([1000, 2000, 4000, 8000]);
    expect(loginDelayMs(free + 40, free)).toBe(15 * 60 * 1000);
  });

  it('limits login attempts per IP address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 50; i += 1) expect((await login({}, ip)).statusCode).toBe(400);
    const res = await login({ username: 'alguien@example.co', password: 'x' }, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a deactivated account only after the right password', async () => {
    const user = await createUser(t.app, { active: false });
    expect((await login({ username: user.email, password: 'mala' })).json().code).toBe('wrong-password');
    const res = await login({ username: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/desactivada/);
  });

  it('rehashes a password stored with weaker argon2 parameters', async () => {
    const user = await createUser(t.app);
    const weak = await hashPassword(TEST_PASSWORD, { memoryCost: 8192, timeCost: 1, parallelism: 1 });
    await t.app.db.updateTable('users').set({ password_hash: weak }).where('id', '=', user.id).execute();
    expect((await login({ username: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const row = await t.app.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login({ username: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('links the playerId to the user, and hands the device over when someone else logs in on it', async () => {
    const ana = await createUser(t.app);
    const beto = await createUser(t.app);
    const res = await login({ username: ana.email, password: TEST_PASSWORD, playerId: 'device-123' });
    expect(res.statusCode).toBe(200);
    const anaHeaders = { authorization: `Bearer ${res.json().data.token}` };
    const devices = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.myDevices, headers: anaHeaders });
    expect(devices.json().data).toHaveLength(1);
    await login({ username: beto.email, password: TEST_PASSWORD, playerId: 'device-123' });
    const after = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.myDevices, headers: anaHeaders });
    expect(after.json().data).toHaveLength(0);
    const row = await t.app.db.selectFrom('devices').selectAll().where('player_id', '=', 'device-123').executeTakeFirstOrThrow();
    expect(row.user_id).toBe(beto.id);
  });

  it('accepts an empty or null playerId', async () => {
    const user = await createUser(t.app);
    expect((await login({ username: user.email, password: TEST_PASSWORD, playerId: '' })).statusCode).toBe(200);
    expect((await login({ username: user.email, password: TEST_PASSWORD, playerId: null })).statusCode).toBe(200);
  });

  it('gives the test factory real bearer headers', async () => {
    const user = await createUser(t.app, { tc_id: 3 });
    const headers = await loginAs(t.app, user);
    const me = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers });
    expect(me.json().data).toMatchObject({ id: user.id, tc_id: 3 });
  });
});

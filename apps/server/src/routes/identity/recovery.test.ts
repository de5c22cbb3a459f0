import { FORGOT_PASSWORD_MESSAGE_ES, IDENTITY_PATHS } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { randomIp } from '../../../test/factories/http.js';
import { tokenFromMail, waitForMail } from '../../../test/factories/mail.js';
import { createUser, loginSession, TEST_PASSWORD } from '../../../test/factories/users.js';

const NEW_PASSWORD = 'Latas-Y-Botellas-88';

describe('password recovery and e-mail verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const forgot = (email: string, ip = randomIp()) =>
    t.app.inject({ method: 'POST', url: IDENTITY_PATHS.forgotPassword, remoteAddress: ip, payload: { data_user: { email } } });
  const reset = (token: string, password: string, ip = randomIp()) =>
    t.app.inject({ method: 'POST', url: IDENTITY_PATHS.resetPassword, remoteAddress: ip, payload: { token, password } });
  const mailsTo = async (to: string) => {
    await t.app.mailer.idle();
    return (await t.app.mailer.outbox()).filter((m) => m.to === to);
  };
  const settle = () => new Promise((r) => setTimeout(r, 100));
  /** Waits (up to 3 s, e-mails go out in the background) until `n` mails about `subject` reached `to`. */
  const mailsAbout = async (to: string, subject: string, n: number) => {
    for (let i = 0; i < 150; i += 1) {
      const found = (await mailsTo(to)).filter((m) => m.subject.includes(subject));
      if (found.length >= n) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    return (await mailsTo(to)).filter((m) => m.subject.includes(subject));
  };

  it('answers the same for a registered and an unknown e-mail, and only mails the registered one', async () => {
    const user = await createUser(t.app);
    const known = await forgot(user.email);
    const unknown = await forgot('nadie-registrado@example.co');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ data: { sent: true, message: FORGOT_PASSWORD_MESSAGE_ES } });
    const mail = await waitForMail(t.app, user.email, 'Recupera');
    expect(mail.text).toContain(`${t.config.publicUrl}/auth/forgot-password?token=`);
    expect(mail.text).toMatch(/1 hora/);
    expect(mail.html).toContain('Crear nueva contraseña');
    await settle();
    expect(await mailsTo('nadie-registrado@example.co')).toHaveLength(0);
  });

  it('answers invalid-email for a malformed address', async () => {
    const res = await forgot('sin-arroba');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid-email', fields: { 'data_user.email': expect.any(String) } });
  });

  it('sets the new password with the link, ends every session, and the old password stops working', async () => {
    const user = await createUser(t.app);
    const s1 = await loginSession(t.app, user);
    const s2 = await loginSession(t.app, user);
    await forgot(user.email);
    const token = tokenFromMail(await waitForMail(t.app, user.email, 'Recupera'));
    const res = await reset(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { reset: true, email: user.email } });
    for (const s of [s1, s2]) {
      const me = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers: { authorization: `Bearer ${s.token}` } });
      expect(me.statusCode).toBe(401);
      const refreshed = await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.refresh, payload: { refresh_token: s.refresh_token } });
      expect(refreshed.statusCode).toBe(401);
    }
    await expect(loginSession(t.app, user)).rejects.toThrow(/401/);
    await expect(loginSession(t.app, { email: user.email, password: NEW_PASSWORD })).resolves.toBeTruthy();
    expect((await waitForMail(t.app, user.email, 'cambió')).text).toContain('acaba de cambiar');
  });

  it('accepts each link only once', async () => {
    const user = await createUser(t.app);
    await forgot(user.email);
    const token = tokenFromMail(await waitForMail(t.app, user.email, 'Recupera'));
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await reset(token, 'Otra-Clave-Segura-9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid-token', fields: { token: expect.any(String) } });
  });

  it('refuses a link older than one hour', async () => {
    const user = await createUser(t.app);
    await forgot(user.email);
    const token = tokenFromMail(await waitForMail(t.app, user.email, 'Recupera'));
    const row = await t.app.db
      .selectFrom('auth_tokens')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'reset-password')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);
    await t.app.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await reset(token, NEW_PASSWORD)).json().code).toBe('invalid-token');
  });

  it('answers invalid-token for a made-up link', async () => {
    const res = await reset('a'.repeat(43), NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid-token');
  });

  it('answers weak-password and keeps the link usable', async () => {
    const user = await createUser(t.app);
    await forgot(user.email);
    const token = tokenFromMail(await waitForMail(t.app, user.email, 'Recupera'));
    const weak = await reset(token, '123456');
    expect(weak.json()).toMatchObject({ code: 'weak-password', fields: { password: expect.any(String) } });
    const short = await reset(token, 'abc');
    expect(short.json()).toMatchObject({ code: 'weak-password', fields: { password: expect.any(String) } });
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a newer link replaces the older one', async () => {
    const user = await createUser(t.app);
    await forgot(user.email);
    const first = tokenFromMail(await waitForMail(t.app, user.email, 'Recupera'));
    await new Promise((r) => setTimeout(r, 5));
    await forgot(user.email);
    const mails = await mailsAbout(user.email, 'Recupera', 2);
    expect(mails).toHaveLength(2);
    const second = tokenFromMail(mails[0] ?? mails[1]!);
    expect(second).not.toBe(first);
    expect((await reset(first, NEW_PASSWORD)).json().code).toBe('invalid-token');
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('mails at most 3 links per address per hour, with the same answer', async () => {
    const user = await createUser(t.app);
    const bodies = new Set<string>();
    for (let i = 0; i < 5; i += 1) bodies.add((await forgot(user.email)).body);
    expect(bodies.size).toBe(1);
    await mailsAbout(user.email, 'Recupera', 3);
    await settle();
    expect(await mailsAbout(user.email, 'Recupera', 3)).toHaveLength(3);
  });

  it('limits recovery requests per IP address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i += 1) expect((await forgot(`x${i}@example.co`, ip)).statusCode).toBe(200);
    const res = await forgot('x@example.co', ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits link submissions per IP address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i += 1) expect((await reset('b'.repeat(43), NEW_PASSWORD, ip)).statusCode).toBe(400);
    expect((await reset('b'.repeat(43), NEW_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('lets an address slowed down by failed logins in at once after a password reset', async () => {
    const user = await createUser(t.app);
    const ip = randomIp();
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: IDENTITY_PATHS.login, remoteAddress: ip, payload: { username: user.email, password } });
    for (let i = 0; i < 6; i += 1) await login(`mala-${i}`);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(429);
    await forgot(user.email);
    const token = tokenFromMail(await waitForMail(t.app, user.email, 'Recupera'));
    await reset(token, NEW_PASSWORD);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
  });

  describe('e-mail verification', () => {
    const resend = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: IDENTITY_PATHS.resendVerification,
        remoteAddress: randomIp(),
        headers: { authorization: `Bearer ${token}` },
      });
    const verify = (token: string) =>
      t.app.inject({ method: 'POST', url: IDENTITY_PATHS.verifyEmail, remoteAddress: randomIp(), payload: { token } });

    it('re-sends a fresh link to an unverified user; the older link stops working', async () => {
      const user = await createUser(t.app, { email_verified: false });
      const session = await loginSession(t.app, user);
      expect(session.email_verified).toBe(false);
      const first = await resend(session.token);
      expect(first.json()).toEqual({ data: { sent: true, email: user.email } });
      const oldToken = tokenFromMail(await waitForMail(t.app, user.email, 'Confirma'));
      await resend(session.token);
      const mails = await mailsAbout(user.email, 'Confirma', 2);
      expect(mails).toHaveLength(2);
      const newToken = tokenFromMail(mails[0]!);
      expect((await verify(oldToken)).json().code).toBe('invalid-token');
      const ok = await verify(newToken);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.email).toBe(user.email);
    });

    it('does not re-send to a verified user', async () => {
      const user = await createUser(t.app);
      const session = await loginSession(t.app, user);
      expect((await resend(session.token)).json()).toEqual({ data: { sent: false, email: user.email } });
    });

    it('re-sends at most 3 times per hour (429)', async () => {
      const user = await createUser(t.app, { email_verified: false });
      const session = await loginSession(t.app, user);
      for (let i = 0; i < 3; i += 1) expect((await resend(session.token)).statusCode).toBe(200);
      const res = await resend(session.token);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    });

    it('requires a session to re-send', async () => {
      const res = await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.resendVerification });
      expect(res.statusCode).toBe(401);
    });

    it('refuses an expired verification link', async () => {
      const user = await createUser(t.app, { email_verified: false });
      const session = await loginSession(t.app, user);
      await resend(session.token);
      const token = tokenFromMail(await waitForMail(t.app, user.email, 'Confirma'));
      await t.app.db
        .updateTable('auth_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      expect((await verify(token)).json().code).toBe('invalid-token');
    });

    it('a verification link for an old address does not verify the new one', async () => {
      const user = await createUser(t.app, { email_verified: false });
      const session = await loginSession(t.app, user);
      await resend(session.token);
      const token = tokenFromMail(await waitForMail(t.app, user.email, 'Confirma'));
      const changed = await t.app.inject({
        method: 'POST',
        url: IDENTITY_PATHS.myEmail,
        headers: { authorization: `Bearer ${session.token}` },
        payload: { email: `nuevo-${user.id}@example.co`, current_password: TEST_PASSWORD },
      });
      expect(changed.statusCode).toBe(200);
      expect((await verify(token)).json().code).toBe('invalid-token');
    });
  });
});

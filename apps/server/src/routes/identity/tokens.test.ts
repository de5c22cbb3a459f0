import { IDENTITY_PATHS, type SessionUser } from '@puntoverde/contract';
import { SignJWT } from 'jose';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { signAccessToken, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../lib/access-token.js';
import { randomIp } from '../../../test/factories/http.js';
import { createUser, loginSession, TEST_PASSWORD, type TestUser } from '../../../test/factories/users.js';

describe('tokens and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const bearer = (s: { token: string }) => ({ authorization: `Bearer ${s.token}` });
  const me = (s: { token: string }) => t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers: bearer(s) });
  const refresh = (refresh_token: string) =>
    t.app.inject({ method: 'POST', url: IDENTITY_PATHS.refresh, remoteAddress: randomIp(), payload: { refresh_token } });
  const fresh = async (): Promise<{ user: TestUser; session: SessionUser }> => {
    const user = await createUser(t.app);
    return { user, session: await loginSession(t.app, user) };
  };

  it('GET /v1/me answers the current user without token fields', async () => {
    const { user, session } = await fresh();
    const res = await me(session);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.id).toBe(user.id);
    for (const key of ['token', 'refresh_token', 'expires_at', 'password_hash']) expect(data).not.toHaveProperty(key);
  });

  it('GET /v1/me without a token is 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('stores refresh tokens only as hashes, with at least 128 bits', async () => {
    const { session } = await fresh();
    expect(Buffer.from(session.refresh_token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const hash = createHash('sha256').update(session.refresh_token).digest('hex');
    const rows = await t.app.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hash);
    expect(rows.some((r) => r.token_hash === session.refresh_token)).toBe(false);
  });

  it('rotates the refresh token on every use', async () => {
    const { session } = await fresh();
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(200);
    const pair = res.json().data;
    expect(Object.keys(pair).sort()).toEqual(['expires_at', 'refresh_token', 'token']);
    expect(pair.refresh_token).not.toBe(session.refresh_token);
    expect((await me(pair)).statusCode).toBe(200);
    const again = await refresh(pair.refresh_token);
    expect(again.statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const { session } = await fresh();
    const first = (await refresh(session.refresh_token)).json().data;
    // An attacker replays the stolen, already used token.
    const replay = await refresh(session.refresh_token);
    expect(replay.statusCode).toBe(401);
    // The legitimate holder's newer tokens are dead too.
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(session)).statusCode).toBe(401);
    const row = await t.app.db
      .selectFrom('sessions')
      .select(['revoked_at', 'revoked_reason'])
      .where('user_id', '=', (await t.app.db.selectFrom('users').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_reason).toBe('refresh-reuse');
  });

  it('answers 401 to an unknown refresh token', async () => {
    const res = await refresh('x'.repeat(43));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('never extends a session beyond 30 days after login', async () => {
    const { session } = await fresh();
    const sessionRow = await t.app.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'expires_at'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(Date.parse(sessionRow.expires_at) - Date.parse(sessionRow.created_at)).toBe(30 * 24 * 60 * 60 * 1000);
    const next = (await refresh(session.refresh_token)).json().data;
    const tokenRow = await t.app.db
      .selectFrom('refresh_tokens')
      .select('expires_at')
      .where('token_hash', '=', createHash('sha256').update(next.refresh_token).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(tokenRow.expires_at).toBe(sessionRow.expires_at);
    // Past the absolute end, refresh and access both stop.
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sessionRow.id)
      .execute();
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
    expect((await me(next)).statusCode).toBe(401);
  });

  it('logout ends the session at once: its access token and refresh token stop working', async () => {
    const { session } = await fresh();
    const res = await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.logout, headers: bearer(session) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { logged_out: true } });
    expect((await me(session)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('logout with only the refresh token (expired access token) ends that session', async () => {
    const { session } = await fresh();
    const res = await t.app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.logout,
      payload: { refresh_token: session.refresh_token },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
  });

  it('logout leaves the other sessions of the user alive', async () => {
    const { user, session } = await fresh();
    const other = await loginSession(t.app, user);
    await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.logout, headers: bearer(session) });
    expect((await me(other)).statusCode).toBe(200);
  });

  it('rejects expired, tampered, wrong-audience and unsigned access tokens', async () => {
    const { user, session } = await fresh();
    const sid = (await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()).id;
    const expired = await signAccessToken(t.config.tokenSecret, { sub: String(user.id), sid }, new Date(Date.now() - 16 * 60 * 1000));
    expect((await me(expired)).statusCode).toBe(401);
    const [h, p, s] = session.token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()), sub: '1' })).toString('base64url')}.${s}`;
    expect((await me({ token: tampered })).statusCode).toBe(401);
    const key = new TextEncoder().encode(t.config.tokenSecret);
    const wrongAud = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer(TOKEN_ISSUER)
      .setAudience('otra-app')
      .setIssuedAt()
      .setNotBefore('0s')
      .setExpirationTime('5m')
      .sign(key);
    expect((await me({ token: wrongAud })).statusCode).toBe(401);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect((await me({ token: none })).statusCode).toBe(401);
    const future = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setNotBefore('10m')
      .setExpirationTime('20m')
      .sign(key);
    expect((await me({ token: future })).statusCode).toBe(401);
  });

  it("rejects a token whose session belongs to someone else", async () => {
    const a = await fresh();
    const b = await createUser(t.app);
    const sidOfA = (await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', a.user.id).executeTakeFirstOrThrow()).id;
    const forged = await signAccessToken(t.config.tokenSecret, { sub: String(b.id), sid: sidOfA });
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('lists the open sessions and revokes one, which stops its token at once', async () => {
    const { user, session } = await fresh();
    const phone = await loginSession(t.app, user, { userAgent: 'PuntoVerde Android' });
    const list = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.mySessions, headers: bearer(session) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data as Array<{ id: string; current: boolean; user_agent: string | null }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = sessions.find((s) => s.user_agent === 'PuntoVerde Android');
    expect(phoneSession?.current).toBe(false);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${IDENTITY_PATHS.mySessions}/${phoneSession?.id}`,
      headers: bearer(session),
    });
    expect(del.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(session)).statusCode).toBe(200);
  });

  it("cannot revoke another user's session (404)", async () => {
    const a = await fresh();
    const b = await fresh();
    const sidOfB = (await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', b.user.id).executeTakeFirstOrThrow()).id;
    const res = await t.app.inject({ method: 'DELETE', url: `${IDENTITY_PATHS.mySessions}/${sidOfB}`, headers: bearer(a.session) });
    expect(res.statusCode).toBe(404);
    expect((await me(b.session)).statusCode).toBe(200);
  });

  describe('password change', () => {
    const change = (s: SessionUser, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: IDENTITY_PATHS.myPassword, headers: bearer(s), payload });

    it('ends every other session at once and keeps the current one', async () => {
      const { user, session } = await fresh();
      const other = await loginSession(t.app, user);
      const res = await change(session, { current_password: TEST_PASSWORD, new_password: 'Botellas-Azules-31' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ changed: true, other_sessions_ended: 1 });
      expect((await me(other)).statusCode).toBe(401);
      expect((await refresh(other.refresh_token)).statusCode).toBe(401);
      expect((await me(session)).statusCode).toBe(200);
      await expect(loginSession(t.app, user)).rejects.toThrow(/401/);
      await expect(loginSession(t.app, { email: user.email, password: 'Botellas-Azules-31' })).resolves.toBeTruthy();
    });

    it('answers wrong-current-password (400, not 401) when the current password is wrong', async () => {
      const { session } = await fresh();
      const res = await change(session, { current_password: 'otra-cosa', new_password: 'Botellas-Azules-31' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'wrong-current-password', fields: { current_password: expect.any(String) } });
      expect((await me(session)).statusCode).toBe(200);
    });

    it('answers weak-password for a common or short new password', async () => {
      const { session } = await fresh();
      const common = await change(session, { current_password: TEST_PASSWORD, new_password: 'password1' });
      expect(common.json()).toMatchObject({ code: 'weak-password', fields: { new_password: expect.any(String) } });
      const short = await change(session, { current_password: TEST_PASSWORD, new_password: 'abc' });
      expect(short.json()).toMatchObject({ code: 'weak-password', fields: { new_password: expect.any(String) } });
    });

    it('limits wrong current passwords to 5 per 15 minutes', async () => {
      const { session } = await fresh();
      for (let i = 0; i < 5; i += 1) {
        expect((await change(session, { current_password: `mala-${i}`, new_password: 'Botellas-Azules-31' })).statusCode).toBe(400);
      }
      const res = await change(session, { current_password: TEST_PASSWORD, new_password: 'Botellas-Azules-31' });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    });
  });
});

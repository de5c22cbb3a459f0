import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { waitForMail } from '../../../test/factories/mail.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';

describe('user administration', () => {
  let t: TestApp;
  let admin: BearerUser;
  let household: BearerUser;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true, name: 'Admin Central' });
    household = await createBearerUser(t.app.db, t.config.tokenSecret, { tc_id: 2, name: 'Hogar Gómez', email: 'gomez@test.puntoverde.co' });
    await createBearerUser(t.app.db, t.config.tokenSecret, { tc_id: 3, name: 'Empresa Reciclar SAS' });
  });
  afterAll(() => t.close());

  it('searches users by name or e-mail and filters by type', async () => {
    const byName = await t.app.inject({ method: 'GET', url: '/back/api/v1/admin/users?q=g%C3%B3mez', headers: admin.headers });
    expect(byName.json().data.items.map((u: { id: number }) => u.id)).toEqual([household.id]);
    const companies = await t.app.inject({ method: 'GET', url: '/back/api/v1/admin/users?tc_id=3', headers: admin.headers });
    expect(companies.json().data.items.map((u: { name: string }) => u.name)).toEqual(['Empresa Reciclar SAS']);
    const one = await t.app.inject({ method: 'GET', url: `/back/api/v1/admin/users/${household.id}`, headers: admin.headers });
    expect(one.json().data).toMatchObject({ email: 'gomez@test.puntoverde.co', tc_id: 2, is_admin: false, active: true });
  });

  it('changes a user type and records it', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/back/api/v1/admin/users/${household.id}`, headers: admin.headers, payload: { tc_id: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tc_id).toBe(1);
    const audit = (await t.app.inject({ method: 'GET', url: `/back/api/v1/admin/audit?entity=user&entity_id=${household.id}`, headers: admin.headers })).json().data;
    expect(audit.items[0]).toMatchObject({ action: 'update', before: { tc_id: 2 }, after: { tc_id: 1 }, actor: { name: 'Admin Central' } });
  });

  it('deactivates a user, whose token then stops working at once', async () => {
    const victim = await createBearerUser(t.app.db, t.config.tokenSecret);
    const before = await t.app.inject({ method: 'POST', url: '/back/api/v1/campaigns/1/join', headers: victim.headers });
    expect(before.statusCode).not.toBe(401);
    const res = await t.app.inject({ method: 'PATCH', url: `/back/api/v1/admin/users/${victim.id}`, headers: admin.headers, payload: { active: false } });
    expect(res.json().data.active).toBe(false);
    const after = await t.app.inject({ method: 'POST', url: '/back/api/v1/campaigns/1/join', headers: victim.headers });
    expect(after.statusCode).toBe(401);
    const audit = (await t.app.inject({ method: 'GET', url: `/back/api/v1/admin/audit?entity=user&entity_id=${victim.id}`, headers: admin.headers })).json().data;
    expect(audit.items[0].action).toBe('deactivate');
  });

  it('does not let an admin remove their own admin rights or deactivate themselves', async () => {
    for (const payload of [{ is_admin: false }, { active: false }]) {
      const res = await t.app.inject({ method: 'PATCH', url: `/back/api/v1/admin/users/${admin.id}`, headers: admin.headers, payload });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('cannot-change-own-account');
    }
  });

  it('rejects an empty change and an unknown user type', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: `/back/api/v1/admin/users/${household.id}`, headers: admin.headers, payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/back/api/v1/admin/users/${household.id}`, headers: admin.headers, payload: { tc_id: 7 } })).statusCode).toBe(400);
  });

  it('answers 404 for a user that does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/back/api/v1/admin/users/99999', headers: admin.headers })).statusCode).toBe(404);
  });

  it('creates a point manager who receives a link to set their password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/admin/users/managers',
      headers: admin.headers,
      payload: { email: 'Gestora.Nueva@Test.PuntoVerde.co', name: 'Gestora Nueva', phone: '3009876543' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email: 'gestora.nueva@test.puntoverde.co', tc_id: 1, active: true, is_admin: false });
    const row = await t.app.db.selectFrom('users').select(['password_hash']).where('email', '=', 'gestora.nueva@test.puntoverde.co').executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    const mail = await waitForMail(t.app, 'gestora.nueva@test.puntoverde.co');
    expect(mail.text).toMatch(/https?:\/\/\S+/);
    const again = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/admin/users/managers',
      headers: admin.headers,
      payload: { email: 'gestora.nueva@test.puntoverde.co', name: 'Otra persona' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('email-already-in-use');
  });

  it('resends the verification e-mail to an unverified user', async () => {
    const unverified = await createBearerUser(t.app.db, t.config.tokenSecret, { email: 'sin-verificar@test.puntoverde.co' });
    await t.app.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', unverified.id).execute();
    const res = await t.app.inject({ method: 'POST', url: `/back/api/v1/admin/users/${unverified.id}/resend-verification`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ sent: true, email: 'sin-verificar@test.puntoverde.co' });
    expect((await waitForMail(t.app, 'sin-verificar@test.puntoverde.co')).text).toMatch(/https?:\/\//);
    const audit = (await t.app.inject({ method: 'GET', url: `/back/api/v1/admin/audit?entity=user&entity_id=${unverified.id}`, headers: admin.headers })).json().data;
    expect(audit.items[0].action).toBe('resend-verification');
    const verified = await t.app.inject({ method: 'POST', url: `/back/api/v1/admin/users/${household.id}/resend-verification`, headers: admin.headers });
    expect(verified.json().data.sent).toBe(false);
  });
});

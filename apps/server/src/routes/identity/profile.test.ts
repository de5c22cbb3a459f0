import { DATA_POLICY_VERSION, IDENTITY_PATHS } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { randomIp } from '../../../test/factories/http.js';
import { waitForMail } from '../../../test/factories/mail.js';
import { createUser, loginAs, loginSession, TEST_PASSWORD } from '../../../test/factories/users.js';

describe('profile API (/v1/me)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const patch = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: IDENTITY_PATHS.me, headers, payload });

  it('lets a household edit its names, document, phone and address', async () => {
    const user = await createUser(t.app);
    const headers = await loginAs(t.app, user);
    const res = await patch(headers, {
      first_name: 'María José',
      last_name: 'Restrepo',
      document_type: 'CE',
      document_number: 'e-123456',
      phone: '(604) 444 5566',
      address: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'María José Restrepo',
      document_type: 'CE',
      document_number: 'E123456',
      phone: '6044445566',
      address: null,
    });
  });

  it('refuses company fields on a household account, naming them', async () => {
    const headers = await loginAs(t.app, await createUser(t.app));
    const res = await patch(headers, { company_name: 'Mi empresa', nit: '900123456-8' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['company_name', 'nit']);
  });

  it('lets a company head change its razón social and NIT, validating the check digit', async () => {
    const company = await createUser(t.app, { tc_id: 3 });
    const headers = await loginAs(t.app, company);
    const bad = await patch(headers, { nit: '800197268-5' });
    expect(bad.json()).toMatchObject({ code: 'validation-failed', fields: { nit: expect.any(String) } });
    const ok = await patch(headers, { nit: '800.197.268-4', company_name: 'Verde Andino S.A.S.' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ nit: '800197268-4', name: 'Verde Andino S.A.S.', document_type: 'NIT' });
    const other = await createUser(t.app, { tc_id: 3 });
    const taken = await patch(await loginAs(t.app, other), { nit: '8001972684' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'nit-already-in-use', fields: { nit: expect.any(String) } });
  });

  it("does not let a branch change its company's NIT", async () => {
    const head = await createUser(t.app, { tc_id: 3 });
    const branch = await createUser(t.app, { tc_id: 3, id_empresa: head.id });
    const res = await patch(await loginAs(t.app, branch), { nit: '860034313-7' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('nit');
  });

  it('validates the phone as a Colombian number', async () => {
    const headers = await loginAs(t.app, await createUser(t.app));
    const res = await patch(headers, { phone: '2001234567' });
    expect(res.json()).toMatchObject({ code: 'validation-failed', fields: { phone: expect.any(String) } });
    const unassigned = await patch(headers, { phone: '6094445566' });
    expect(unassigned.json()).toMatchObject({ code: 'validation-failed', fields: { phone: expect.any(String) } });
  });

  it('changes the login e-mail after re-authenticating; the new address must be verified and the old one is told', async () => {
    const user = await createUser(t.app);
    const headers = await loginAs(t.app, user);
    const wrong = await t.app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.myEmail,
      headers,
      payload: { email: 'nueva@example.co', current_password: 'mala' },
    });
    expect(wrong.json()).toMatchObject({ code: 'wrong-current-password', fields: { current_password: expect.any(String) } });
    const taken = await createUser(t.app);
    const conflict = await t.app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.myEmail,
      headers,
      payload: { email: taken.email, current_password: TEST_PASSWORD },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'email-already-in-use', fields: { email: expect.any(String) } });
    const res = await t.app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.myEmail,
      headers,
      payload: { email: 'Nueva@Example.co', current_password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'nueva@example.co', email_verified: false });
    await waitForMail(t.app, 'nueva@example.co', 'Confirma');
    expect((await waitForMail(t.app, user.email, 'correo')).text).toContain('nueva@example.co');
    await expect(loginSession(t.app, { email: 'nueva@example.co', password: TEST_PASSWORD })).resolves.toBeTruthy();
    await expect(loginSession(t.app, user)).rejects.toThrow(/401/);
  });

  it('lists and removes my push devices', async () => {
    const user = await createUser(t.app);
    const session = await loginSession(t.app, user, { playerId: 'player-abc' });
    const headers = { authorization: `Bearer ${session.token}` };
    const list = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.myDevices, headers });
    const [device] = list.json().data;
    expect(device).toMatchObject({ kind: null, id: expect.any(Number) });
    const stranger = await loginAs(t.app, await createUser(t.app));
    const notMine = await t.app.inject({ method: 'DELETE', url: `${IDENTITY_PATHS.myDevices}/${device.id}`, headers: stranger });
    expect(notMine.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `${IDENTITY_PATHS.myDevices}/${device.id}`, headers });
    expect(del.json()).toEqual({ data: { removed: true } });
    expect((await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.myDevices, headers })).json().data).toEqual([]);
  });

  it('unlinks the device linked by a session when that session logs out', async () => {
    const user = await createUser(t.app);
    const session = await loginSession(t.app, user, { playerId: 'player-logout' });
    await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.logout, headers: { authorization: `Bearer ${session.token}` } });
    const row = await t.app.db.selectFrom('devices').selectAll().where('player_id', '=', 'player-logout').executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
  });

  it('exports my data as a JSON download: profile, consents, sessions and devices', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.register,
      remoteAddress: randomIp(),
      payload: {
        data_user: {
          tc_id: 2,
          email: 'exporta@example.co',
          password: 'Vidrio-Verde-2026',
          first_name: 'Camila',
          last_name: 'Ortiz',
          document_type: 'CC',
          document_number: '43123456',
          phone: '3105556677',
          city: 'Envigado',
          accept_data_policy: true,
        },
      },
    });
    const headers = { authorization: `Bearer ${signup.json().data.token}` };
    const res = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.myExport, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="puntoverde-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data.profile).toMatchObject({ email: 'exporta@example.co', name: 'Camila Ortiz', city: 'Envigado' });
    expect(data.consents).toEqual([{ kind: 'data-policy', version: DATA_POLICY_VERSION, accepted_at: expect.any(String) }]);
    expect(data.sessions).toHaveLength(1);
    expect(data.devices).toEqual([]);
    // Other features add their sections (requests, PQR...); each one is there by name.
    expect(typeof data.sections).toBe('object');
  });

  describe('account deletion', () => {
    const del = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'DELETE', url: IDENTITY_PATHS.me, headers, payload });

    it('requires the password', async () => {
      const user = await createUser(t.app);
      const headers = await loginAs(t.app, user);
      expect((await del(headers, {})).json()).toMatchObject({ code: 'wrong-current-password', fields: { password: expect.any(String) } });
      expect((await del(headers, { password: 'mala' })).json().code).toBe('wrong-current-password');
      expect((await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers })).statusCode).toBe(200);
    });

    it('anonymises the account, keeps the consent record, ends sessions and frees the e-mail', async () => {
      const user = await createUser(t.app, { email: 'borrar@example.co' });
      await t.app.db
        .insertInto('consents')
        .values({ user_id: user.id, kind: 'data-policy', version: DATA_POLICY_VERSION, accepted_at: new Date().toISOString(), withdrawn_at: null, ip: null, user_agent: null })
        .execute();
      const session = await loginSession(t.app, user, { playerId: 'player-borrar' });
      const headers = { authorization: `Bearer ${session.token}` };
      const res = await del(headers, { password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { deleted: true } });
      expect((await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers })).statusCode).toBe(401);
      const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        email: `eliminado-${user.id}@anonimo.invalid`,
        password_hash: null,
        name: 'Cuenta eliminada',
        first_name: null,
        last_name: null,
        document_number: null,
        phone: null,
        active: 0,
      });
      expect(row.deleted_at).not.toBeNull();
      const consent = await t.app.db.selectFrom('consents').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(consent.withdrawn_at).not.toBeNull();
      expect(await t.app.db.selectFrom('devices').selectAll().where('player_id', '=', 'player-borrar').execute()).toEqual([]);
      await expect(loginSession(t.app, user)).rejects.toThrow(/401/);
      expect((await waitForMail(t.app, 'borrar@example.co', 'eliminada')).text).toContain('Ley 1581');
      // The address can sign up again.
      const again = await createUser(t.app, { email: 'borrar@example.co' });
      expect(again.id).not.toBe(user.id);
    });

    it('refuses to delete a company head that still has branches', async () => {
      const head = await createUser(t.app, { tc_id: 3 });
      await createUser(t.app, { tc_id: 3, id_empresa: head.id });
      const res = await del(await loginAs(t.app, head), { password: TEST_PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('company-has-branches');
    });

    it('asks a social-only account to type ELIMINAR instead of a password', async () => {
      const user = await createUser(t.app);
      const headers = await loginAs(t.app, user);
      await t.app.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
      const refused = await del(headers, { confirm: 'borrar' });
      expect(refused.json()).toMatchObject({ code: 'validation-failed', fields: { confirm: expect.stringContaining('ELIMINAR') } });
      expect((await del(headers, { confirm: 'eliminar' })).statusCode).toBe(200);
    });
  });
});

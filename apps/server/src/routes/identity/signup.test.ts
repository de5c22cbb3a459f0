import { DATA_POLICY_VERSION, IDENTITY_PATHS } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { randomIp } from '../../../test/factories/http.js';
import { tokenFromMail, waitForMail } from '../../../test/factories/mail.js';
import { companySignup, householdSignup } from '../../../test/factories/users.js';

describe('sign-up (POST clientes/registro)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const register = (data_user: Record<string, unknown>, ip = randomIp()) =>
    t.app.inject({ method: 'POST', url: IDENTITY_PATHS.register, remoteAddress: ip, payload: { data_user } });

  it('creates a household, answers 201 with the user and its tokens, and records the consent', async () => {
    const res = await register(householdSignup());
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      tc_id: 2,
      id_empresa: null,
      email: 'laura.gomez@example.co',
      name: 'Laura Gómez',
      first_name: 'Laura',
      document_type: 'CC',
      document_number: '1017234567',
      phone: '3001234567',
      email_verified: false,
      data_policy_version: DATA_POLICY_VERSION,
      is_admin: false,
    });
    expect(typeof data.id).toBe('number');
    expect(data.token.split('.')).toHaveLength(3);
    expect(data.refresh_token.length).toBeGreaterThanOrEqual(22);
    expect(Date.parse(data.expires_at) - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(data).not.toHaveProperty('password_hash');
    expect(res.headers['cache-control']).toBe('no-store');
    const consent = await t.app.db.selectFrom('consents').selectAll().where('user_id', '=', data.id).executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ kind: 'data-policy', version: DATA_POLICY_VERSION });
    const me = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers: { authorization: `Bearer ${data.token}` } });
    expect(me.json().data.id).toBe(data.id);
  });

  it('creates a company head with its NIT normalised', async () => {
    const res = await register(companySignup());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      tc_id: 3,
      id_empresa: null,
      name: 'Reciclajes Andinos S.A.S.',
      company_name: 'Reciclajes Andinos S.A.S.',
      contact_name: 'Andrés Restrepo',
      document_type: 'NIT',
      nit: '900123456-8',
      phone: '6044445566',
    });
  });

  it('sends a verification link that confirms the e-mail once', async () => {
    const res = await register(householdSignup({ email: 'verifica@example.co' }));
    const mail = await waitForMail(t.app, 'verifica@example.co', 'Confirma');
    expect(mail.text).toContain(`${t.config.publicUrl}/auth/verify-email?token=`);
    expect(mail.html).toContain('Confirmar mi correo');
    const token = tokenFromMail(mail);
    const ok = await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.verifyEmail, payload: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email).toBe('verifica@example.co');
    const headers = { authorization: `Bearer ${res.json().data.token}` };
    const me = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers });
    expect(me.json().data.email_verified).toBe(true);
    const again = await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.verifyEmail, payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid-token', fields: { token: expect.any(String) } });
  });

  it('rejects a NIT with a wrong check digit, naming the field', async () => {
    const res = await register(companySignup({ email: 'otra@empresa.co', nit: '900123456-7' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation-failed', fields: { 'data_user.nit': expect.stringMatching(/NIT/) } });
  });

  it('answers invalid-email for a malformed e-mail', async () => {
    const res = await register(householdSignup({ email: 'laura@' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid-email', fields: { 'data_user.email': 'El correo electrónico no es válido.' } });
  });

  it('answers weak-password for a password under 6 characters', async () => {
    const res = await register(householdSignup({ email: 'corta@example.co', password: 'a1b2c' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'weak-password', fields: { 'data_user.password': expect.any(String) } });
  });

  it.each(['123456', 'contraseña', 'qwerty123', 'colombia'])('answers weak-password for the common password %s', async (password) => {
    const res = await register(householdSignup({ email: `comun-${password.length}@example.co`, password }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'weak-password', fields: { 'data_user.password': expect.any(String) } });
  });

  it('answers weak-password when the password is the e-mail itself', async () => {
    const res = await register(householdSignup({ email: 'andres.mejia@example.co', password: 'andres.mejia@example.co' }));
    expect(res.json().code).toBe('weak-password');
  });

  it('answers email-already-in-use (409) for a taken e-mail, whatever its case', async () => {
    const res = await register(companySignup({ email: 'LAURA.gomez@example.co', nit: '800197268-4' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email-already-in-use', fields: { 'data_user.email': expect.any(String) } });
  });

  it('answers nit-already-in-use (409) for a second company with the same NIT', async () => {
    const res = await register(companySignup({ email: 'otra-andina@example.co', nit: '9001234568' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'nit-already-in-use', fields: { 'data_user.nit': expect.any(String) } });
  });

  it('refuses to self-create a point manager (tc_id 1)', async () => {
    const res = await register({ ...householdSignup({ email: 'gestor@example.co' }), tc_id: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('data_user.tc_id');
  });

  it('requires accepting the data policy', async () => {
    const res = await register(householdSignup({ email: 'sinpolitica@example.co', accept_data_policy: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('data_user.accept_data_policy');
  });

  it('names every invalid household field (document type, phone, names)', async () => {
    const res = await register(
      householdSignup({ email: 'campos@example.co', document_type: 'NIT', phone: '12345', first_name: '  ', city: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(
      ['data_user.city', 'data_user.document_type', 'data_user.first_name', 'data_user.phone'].sort(),
    );
  });

  it('rejects a 10-digit phone that is not an assigned Colombian number', async () => {
    const res = await register(householdSignup({ email: 'telefono@example.co', phone: '3991234567' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation-failed', fields: { 'data_user.phone': expect.stringMatching(/celular/) } });
  });

  it('rejects a CC with letters', async () => {
    const res = await register(householdSignup({ email: 'cc@example.co', document_number: 'AB12345' }));
    expect(res.json()).toMatchObject({ code: 'validation-failed', fields: { 'data_user.document_number': expect.any(String) } });
  });

  it('allows a passport with letters and no address', async () => {
    const res = await register(
      householdSignup({ email: 'pasaporte@example.co', document_type: 'PP', document_number: 'ab123456', address: '' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ document_type: 'PP', document_number: 'AB123456', address: null });
  });

  it('limits sign-ups per IP address with too-many-requests and Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await register({ tc_id: 2 }, ip);
      expect(res.statusCode).toBe(400);
    }
    const res = await register(householdSignup({ email: 'limite@example.co' }), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('too-many-requests');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

import { BRANDING_SETTINGS_PATH, DEFAULT_BRANDING, IDENTITY_PATHS, PUBLIC_CONFIG_PATH } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { uploadImage } from '../../../test/factories/files.js';
import { randomIp } from '../../../test/factories/http.js';
import { waitForMail } from '../../../test/factories/mail.js';
import { createActor, createUser, type Actor } from '../../../test/factories/users.js';
import { listAudit } from '../../features/admin/audit.service.js';
import { accountsByIds } from '../../features/identity/identity.service.js';

const PASTO = {
  name: 'Reciclemos Pasto',
  logo_id: null,
  primary_color: '#0B4F8A',
  contact_email: 'reciclaje@pasto.gov.co',
  contact_phone: '3001234567',
  legal_name: 'Alcaldía de Pasto',
  legal_nit: '891280000-3',
};

describe('the scheme brand (staff settings)', () => {
  let t: TestApp;
  let staff: Actor;
  beforeAll(async () => {
    t = await buildTestApp();
    staff = await createActor(t.app, { is_admin: true });
  });
  afterAll(() => t.close());

  const put = (body: unknown, headers = staff.headers) =>
    t.app.inject({ method: 'PUT', url: BRANDING_SETTINGS_PATH, headers, payload: body as Record<string, unknown> });

  it('starts with PuntoVerde and its green, for staff only', async () => {
    const res = await t.app.inject({ method: 'GET', url: BRANDING_SETTINGS_PATH, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...DEFAULT_BRANDING, logo_id: null, updated_at: null });
    expect((await t.app.inject({ method: 'GET', url: BRANDING_SETTINGS_PATH })).statusCode).toBe(401);
    const household = await createActor(t.app);
    expect((await t.app.inject({ method: 'GET', url: BRANDING_SETTINGS_PATH, headers: household.headers })).statusCode).toBe(403);
    expect((await put(PASTO, household.headers)).statusCode).toBe(403);
  });

  it('refuses a colour white text does not read on, in Spanish, naming the field', async () => {
    const res = await put({ ...PASTO, primary_color: '#8fd18f' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation-failed');
    expect(body.fields.primary_color).toMatch(/contraste es 1,\d:1 y se necesita al menos 4,5:1/);
    expect((await put({ ...PASTO, primary_color: 'azul' })).json().fields.primary_color).toMatch(/#RRGGBB/);
    expect((await put({ ...PASTO, legal_nit: '891280000-9' })).json().fields).toHaveProperty('legal_nit');
    // Nothing was written.
    expect((await t.app.inject({ method: 'GET', url: PUBLIC_CONFIG_PATH })).json().data.branding.name).toBe('PuntoVerde');
  });

  it('saves the brand with a logo, audited, and GET v1/config shows it at once, not cached stale', async () => {
    const logo = await uploadImage(t.app, staff, { kind: 'image', size: { width: 192, height: 192 } });
    const res = await put({ ...PASTO, logo_id: logo });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Reciclemos Pasto',
      primary_color: '#0b4f8a',
      logo_id: logo,
      logo_url: `/back/api/v1/files/${logo}`,
      legal_nit: '891280000-3',
    });
    // The logo is public: anyone's browser loads it.
    expect((await t.app.inject({ method: 'GET', url: `/back/api/v1/files/${logo}` })).statusCode).toBe(200);

    const config = await t.app.inject({ method: 'GET', url: PUBLIC_CONFIG_PATH });
    expect(config.headers['cache-control']).toBe('no-cache');
    expect(config.json().data.branding).toEqual({
      name: 'Reciclemos Pasto',
      logo_url: `/back/api/v1/files/${logo}`,
      primary_color: '#0b4f8a',
      contact_email: 'reciclaje@pasto.gov.co',
      contact_phone: '3001234567',
      legal_name: 'Alcaldía de Pasto',
      legal_nit: '891280000-3',
    });

    const { items } = await listAudit(t.app.db, { page: 1, page_size: 20 }, accountsByIds);
    expect(items.find((i) => i.entity === 'setting' && i.entity_id === 'branding')).toMatchObject({
      action: 'update',
      actor: expect.objectContaining({ id: staff.id }),
      before: expect.objectContaining({ name: 'PuntoVerde' }),
      after: expect.objectContaining({ name: 'Reciclemos Pasto', logo_id: logo }),
    });
  });

  it('sends e-mails in the brand: name in subject and body, legal entity and contact in the footer, the sender named', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.forgotPassword,
      remoteAddress: randomIp(),
      payload: { data_user: { email: user.email } },
    });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(t.app, user.email);
    expect(mail.subject).toBe('Recupera tu contraseña de Reciclemos Pasto');
    for (const part of [mail.subject, mail.text, mail.html ?? '', mail.from]) expect(part).not.toContain('PuntoVerde');
    expect(mail.text).toContain('Alcaldía de Pasto · NIT 891280000-3');
    expect(mail.text).toContain('Contacto: reciclaje@pasto.gov.co · +57 300 123 4567');
    expect(mail.html).toContain('Reciclemos Pasto');
    expect(mail.html).toContain('#0b4f8a');
    expect(mail.from).toMatch(/^"Reciclemos Pasto" </);
  });

  it('clears the optional fields with null', async () => {
    const res = await put({ ...PASTO, contact_email: null, contact_phone: null, legal_name: null, legal_nit: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ contact_email: null, legal_name: null, logo_id: null, logo_url: null });
  });
});

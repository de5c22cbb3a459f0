import { CONTROL_CHARACTERS_MESSAGE, IDENTITY_PATHS } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { filePqr, validPqr } from '../../../test/factories/pqr.js';
import { createUser, loginAs } from '../../../test/factories/users.js';

/** Control and bidi characters in free text: refused with a Spanish field error, nothing stored. */
describe('control characters in free text', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const pqrCount = async () =>
    Number((await t.app.db.selectFrom('pqr').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it.each([
    ['a right-to-left override in the subject', { subject: 'Factura \u202eanp.exe' }, 'subject'],
    ['a NUL in the name', { name: 'Ana\u0000 María Pérez' }, 'name'],
    ['a BEL in the description', { description: 'El contenedor lleva una semana lleno\u0007 y nadie lo vacía.' }, 'description'],
    ['an isolate in the subject', { subject: 'Contenedor \u2066lleno\u2069' }, 'subject'],
  ])('refuses a PQR with %s and stores nothing', async (_label, overrides, field) => {
    const before = await pqrCount();
    const { status, json } = await filePqr(t.app, validPqr(overrides));
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'validation-failed', fields: { [field]: CONTROL_CHARACTERS_MESSAGE } });
    expect(await pqrCount()).toBe(before);
  });

  it('keeps Spanish letters, emoji and line breaks where text has several lines', async () => {
    const description = 'Hola 👋🏽:\nel contenedor de la esquina está lleno ♻️.\n\tGracias, Ñuñoa.';
    const { status, json } = await filePqr(t.app, validPqr({ name: 'Begoña Güell Núñez', description }));
    expect(status, JSON.stringify(json)).toBe(201);
    const row = await t.app.db.selectFrom('pqr').select(['description', 'name']).where('radicado', '=', json.data.radicado).executeTakeFirstOrThrow();
    expect(row).toEqual({ description, name: 'Begoña Güell Núñez' });
  });

  it('refuses a profile name with a bidi override and leaves the account as it was', async () => {
    const user = await createUser(t.app);
    const headers = await loginAs(t.app, user);
    const res = await t.app.inject({ method: 'PATCH', url: IDENTITY_PATHS.me, headers, payload: { first_name: 'Ana\u202d' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ first_name: CONTROL_CHARACTERS_MESSAGE });
    const row = await t.app.db.selectFrom('users').select('first_name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.first_name).toBe(user.first_name);
  });
});

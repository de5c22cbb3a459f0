import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';

describe('FAQ and about page', () => {
  let t: TestApp;
  let admin: BearerUser;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true });
  });
  afterAll(() => t.close());

  it('serves a default about page before staff edit it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/content/about' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Conócenos', updated_at: null });
  });

  it('lets an admin edit the about page and records the change', async () => {
    const payload = {
      title: 'Conócenos',
      intro: 'Somos el esquema de reciclaje del Valle de Aburrá.',
      body: 'Primer párrafo.\n\nSegundo párrafo.',
      email: 'Hola@PuntoVerde.co',
      phone: '6045551234',
      whatsapp: '3001234567',
      address: 'Calle 50 # 50-50, Medellín',
      hours: 'Lunes a viernes, 8:00 a 17:00',
      website: '',
      facebook: 'https://facebook.com/puntoverde',
      instagram: null,
    };
    const put = await t.app.inject({ method: 'PUT', url: '/back/api/v1/admin/content/about', headers: admin.headers, payload });
    expect(put.statusCode).toBe(200);
    const about = (await t.app.inject({ method: 'GET', url: '/back/api/v1/content/about' })).json().data;
    expect(about).toMatchObject({ intro: payload.intro, email: 'hola@puntoverde.co', website: null, instagram: null });
    expect(about.updated_at).not.toBeNull();
    const audit = (await t.app.inject({ method: 'GET', url: '/back/api/v1/admin/audit?entity=about', headers: admin.headers })).json().data;
    expect(audit.items[0]).toMatchObject({ action: 'update', before: { title: 'Conócenos' }, after: { email: 'hola@puntoverde.co' } });
  });

  it('rejects an about page without an introduction', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/back/api/v1/admin/content/about', headers: admin.headers, payload: { title: 'Conócenos', intro: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('intro');
  });

  it('creates, orders, edits, hides and deletes FAQ entries', async () => {
    const add = (question: string, position: number, published = true) =>
      t.app.inject({ method: 'POST', url: '/back/api/v1/admin/faq', headers: admin.headers, payload: { question, answer: 'Una respuesta clara.', position, published } });
    const second = (await add('¿Qué va en la bolsa blanca?', 2)).json().data;
    const first = (await add('¿Dónde reciclo pilas?', 1)).json().data;
    const hidden = (await add('¿Pregunta en borrador?', 0, false)).json().data;
    const publicFaq = (await t.app.inject({ method: 'GET', url: '/back/api/v1/content/faq' })).json().data;
    expect(publicFaq.map((f: { id: number }) => f.id)).toEqual([first.id, second.id]);
    const adminFaq = (await t.app.inject({ method: 'GET', url: '/back/api/v1/admin/faq', headers: admin.headers })).json().data;
    expect(adminFaq.map((f: { id: number }) => f.id)).toEqual([hidden.id, first.id, second.id]);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/back/api/v1/admin/faq/${second.id}`,
      headers: admin.headers,
      payload: { question: '¿Qué va en la bolsa blanca?', answer: 'Aprovechables limpios y secos.', position: 0 },
    });
    expect(edit.json().data).toMatchObject({ answer: 'Aprovechables limpios y secos.', position: 0 });
    expect((await t.app.inject({ method: 'DELETE', url: `/back/api/v1/admin/faq/${first.id}`, headers: admin.headers })).statusCode).toBe(204);
    const after = (await t.app.inject({ method: 'GET', url: '/back/api/v1/content/faq' })).json().data;
    expect(after.map((f: { id: number }) => f.id)).toEqual([second.id]);
  });
});

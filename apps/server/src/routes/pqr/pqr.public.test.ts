import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialectUnderTest, type TestApp } from '../../../test/helper.js';
import { bogotaYear, whereFilingWaits } from '../../../test/sequence-lock.js';
import { lastSequence as lastOf } from '../../db/sequence.js';
import { BusinessCalendar } from '../../features/pqr/business-days.js';
import { pngBytes } from '../../../test/factories/files.js';
import { multipart, randomIp } from '../../../test/factories/http.js';
import { filePqr, PQR_URL, uploadForPqr, validPqr } from '../../../test/factories/pqr.js';
import { createUser, loginAs } from '../../../test/factories/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function lastSequence(): Promise<number> {
  return lastOf(t.app.db, 'pqr', bogotaYear());
}

describe('POST /back/api/v1/pqr', () => {
  it('files an anonymous queja: radicado of this year, status radicada, due date in 15 business days', async () => {
    const before = await lastSequence();
    const { status, json } = await filePqr(t.app, validPqr());
    expect(status).toBe(201);
    const data = json.data;
    const year = new Date().toLocaleString('en-CA', { timeZone: 'America/Bogota', year: 'numeric' });
    expect(data.radicado).toBe(`PQR-${year}-${String(before + 1).padStart(6, '0')}`);
    expect(data.status).toBe('radicada');
    expect(data.term_days).toBe(15);
    const expected = new BusinessCalendar().dueDate(new Date(data.filed_at), 15);
    expect(data.received_on).toBe(expected.receivedOn);
    expect(data.due_date).toBe(expected.dueDate);
    expect(data.history).toEqual([expect.objectContaining({ kind: 'filed', to_status: 'radicada' })]);
  });

  it('e-mails the radicado and the due date in Spanish, as text and HTML', async () => {
    const { json } = await filePqr(t.app, validPqr({ email: 'Correo.Mixto@Example.com' }));
    await t.app.mailer.idle();
    const mail = (await t.app.mailer.outbox()).find((m) => m.to === 'correo.mixto@example.com');
    expect(mail?.subject).toBe(`Recibimos tu PQR · ${json.data.radicado}`);
    expect(mail?.text).toContain(json.data.radicado);
    expect(mail?.text).toMatch(/Te responderemos a más tardar el \d{1,2} de [a-z]+ de \d{4}/);
    expect(mail?.html).toContain(`<strong>${json.data.radicado}</strong>`);
    expect(mail?.html).toContain('lang="es"');
  });

  it('applies the legal terms: 10 days for information, 30 for consultas, Ley 1581 for personal data', async () => {
    const info = await filePqr(t.app, validPqr({ type: 'informacion' }));
    const consulta = await filePqr(t.app, validPqr({ type: 'consulta' }));
    const datos = await filePqr(t.app, validPqr({ type: 'datos_personales', personal_data_kind: 'reclamo' }));
    const datosConsulta = await filePqr(t.app, validPqr({ type: 'datos_personales', personal_data_kind: 'consulta' }));
    expect([info, consulta, datos, datosConsulta].map((r) => r.json.data.term_days)).toEqual([10, 30, 15, 10]);
  });

  it('answers field errors for bad input and never issues a radicado for it', async () => {
    const before = await lastSequence();
    const { status, json } = await filePqr(
      t.app,
      validPqr({
        email: 'no-es-correo',
        subject: 'x',
        accept_data_policy: false as unknown as true,
        type: 'datos_personales',
        phone: '12345',
      }),
    );
    expect(status).toBe(400);
    expect(json.code).toBe('validation-failed');
    expect(Object.keys(json.fields as object).sort()).toEqual(
      ['accept_data_policy', 'email', 'personal_data_kind', 'phone', 'subject'].sort(),
    );
    expect(await lastSequence()).toBe(before);
    expect(await t.app.db.selectFrom('pqr').select('id').where('email', '=', 'no-es-correo').execute()).toHaveLength(0);
  });

  it('rejects a NIT with a wrong check digit', async () => {
    const bad = await filePqr(t.app, validPqr({ document_type: 'NIT', document_number: '900123456-1' }));
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty('document_number', 'El dígito de verificación del NIT no coincide.');
    const good = await filePqr(t.app, validPqr({ document_type: 'NIT', document_number: '900123456-8' }));
    expect(good.status).toBe(201);
  });

  it('asks for a phone when the answer should come by phone call', async () => {
    const { status, json } = await filePqr(t.app, validPqr({ answer_channel: 'telefono', phone: '' }));
    expect(status).toBe(400);
    expect(json.fields).toHaveProperty('phone');
  });

  it('rejects an unknown attachment id without consuming a radicado', async () => {
    const before = await lastSequence();
    const { status, json } = await filePqr(t.app, validPqr({ attachments: ['no-existe-este-archivo-123'] }));
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'pqr-attachment-invalid', fields: { 'attachments.0': expect.any(String) } });
    expect(await lastSequence()).toBe(before);
    const next = await filePqr(t.app, validPqr());
    expect(next.json.data.radicado.endsWith(String(before + 1).padStart(6, '0'))).toBe(true);
  });
});

describe('radicado sequence', () => {
  it('gives 50 concurrent filings 50 consecutive numbers without duplicates or gaps', async () => {
    const before = await lastSequence();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => filePqr(t.app, validPqr({ subject: `Concurrente ${i}` }))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const sequences = results.map((r) => Number(r.json.data.radicado.slice(-6))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
    expect(new Set(results.map((r) => r.json.data.radicado)).size).toBe(50);
    expect(await lastSequence()).toBe(before + 50);
  });

  it.skipIf(dialectUnderTest !== 'postgres')('waits for the radicado only once the filing is written (PostgreSQL)', async () => {
    const before = await lastSequence();
    const { query, writtenTables, result } = await whereFilingWaits(t.app.db, 'pqr', () => filePqr(t.app, validPqr()));
    expect(query).toMatch(/update sequences/);
    expect(writtenTables).toEqual(expect.arrayContaining(['pqr', 'pqr_event']));
    expect(result.status).toBe(201);
    // The held number was given back: the filing got it.
    expect(result.json.data.radicado.slice(-6)).toBe(String(before + 1).padStart(6, '0'));
  });
});

describe('attachments', () => {
  it('lets an anonymous citizen attach photos uploaded from the same form (same upload key)', async () => {
    const first = await uploadForPqr(t.app);
    expect(first.upload_key).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const second = await uploadForPqr(t.app, { key: first.upload_key });
    expect(second.upload_key).toBe(first.upload_key);
    const { status, json } = await filePqr(
      t.app,
      validPqr({ attachments: [first.id, second.id], upload_key: first.upload_key }),
    );
    expect(status).toBe(201);
    expect(json.data.attachments.map((a) => a.id)).toEqual([first.id, second.id]);
    const download = await t.app.inject({ method: 'GET', url: json.data.attachments[0]!.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
  });

  it('refuses an anonymous upload without its key, with another key, or already in another PQR', async () => {
    const mine = await uploadForPqr(t.app);
    const other = await uploadForPqr(t.app);
    expect((await filePqr(t.app, validPqr({ attachments: [mine.id] }))).status).toBe(400);
    expect((await filePqr(t.app, validPqr({ attachments: [mine.id], upload_key: other.upload_key }))).status).toBe(400);
    expect((await filePqr(t.app, validPqr({ attachments: [mine.id], upload_key: mine.upload_key }))).status).toBe(201);
    const reused = await filePqr(t.app, validPqr({ attachments: [mine.id], upload_key: mine.upload_key }));
    expect(reused.status).toBe(400);
    expect(reused.json.code).toBe('pqr-attachment-invalid');
  });

  it("accepts a logged-in user's own upload and refuses someone else's", async () => {
    const ana = await createUser(t.app);
    const beto = await createUser(t.app);
    const anaHeaders = await loginAs(t.app, ana);
    const betoHeaders = await loginAs(t.app, beto);
    const upload = await uploadForPqr(t.app, { headers: anaHeaders });
    expect(upload.upload_key).toBeNull();
    expect((await filePqr(t.app, validPqr({ attachments: [upload.id] }), betoHeaders)).status).toBe(400);
    expect((await filePqr(t.app, validPqr({ attachments: [upload.id] }), anaHeaders)).status).toBe(201);
  });

  it('rejects a text file posing as an image with 415 and keeps nothing', async () => {
    const before = await t.app.db.selectFrom('files').select('id').execute();
    const { payload, headers } = multipart(Buffer.from('hola, no soy una imagen'), 'foto.jpg', 'image/jpeg');
    const res = await t.app.inject({
      method: 'POST',
      url: `${PQR_URL}/attachments`,
      payload,
      headers,
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(415);
    expect(await t.app.db.selectFrom('files').select('id').execute()).toHaveLength(before.length);
  });

  it('rejects more than 5 attachments', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `archivo-inexistente-${i}-abcdef`);
    const { status, json } = await filePqr(t.app, validPqr({ attachments: ids }));
    expect(status).toBe(400);
    expect(json.fields).toHaveProperty('attachments');
  });

  it('limits anonymous uploads per address', async () => {
    const { payload, headers } = multipart(await pngBytes(), 'foto.png', 'image/png');
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${PQR_URL}/attachments`,
        payload,
        headers,
        remoteAddress: '10.99.99.99',
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array(30).fill(201), 429]);
  });
});

describe('GET /back/api/v1/pqr/track', () => {
  it('shows the PQR to whoever has its radicado and e-mail (any letter case)', async () => {
    const { json } = await filePqr(t.app, validPqr({ email: 'rastreo@example.com' }));
    const radicado = json.data.radicado;
    const res = await t.app.inject({
      method: 'GET',
      url: `${PQR_URL}/track?radicado=${radicado.toLowerCase()}&email=RASTREO@example.com`,
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ radicado, status: 'radicada', due_date: json.data.due_date });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers the same 404 for a wrong e-mail as for an unknown radicado', async () => {
    const { json } = await filePqr(t.app, validPqr({ email: 'dueno@example.com' }));
    const wrongEmail = await t.app.inject({
      method: 'GET',
      url: `${PQR_URL}/track?radicado=${json.data.radicado}&email=otro@example.com`,
      remoteAddress: randomIp(),
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${PQR_URL}/track?radicado=PQR-2019-999999&email=dueno@example.com`,
      remoteAddress: randomIp(),
    });
    expect(wrongEmail.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongEmail.body).toBe(unknown.body);
  });

  it('rejects a malformed radicado with a field error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${PQR_URL}/track?radicado=123&email=a@b.co`,
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('radicado');
  });

  it('is rate limited per address: the 31st try in 15 minutes gets 429 with Retry-After', async () => {
    const codes: number[] = [];
    let retryAfter: string | string[] | number | undefined;
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${PQR_URL}/track?radicado=PQR-2026-${String(900000 + i)}&email=adivina@example.com`,
        remoteAddress: '10.200.0.1',
      });
      codes.push(res.statusCode);
      retryAfter = res.headers['retry-after'];
    }
    expect(codes.slice(0, 30).every((c) => c === 404)).toBe(true);
    expect(codes[30]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('GET /back/api/v1/pqr/due-date', () => {
  it('computes the same due date the filing uses, in the Bogotá calendar', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${PQR_URL}/due-date?type=peticion&filed_at=${encodeURIComponent('2026-03-20T15:00:00-05:00')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { due_date: '2026-04-15', received_on: '2026-03-20', term_days: 15 } });
    const sunday = await t.app.inject({
      method: 'GET',
      url: `${PQR_URL}/due-date?type=informacion&filed_at=2026-11-23T01:00:00Z`,
    });
    expect(sunday.json().data).toEqual({ due_date: '2026-12-07', received_on: '2026-11-23', term_days: 10 });
  });

  it('rejects a date that is not an ISO 8601 instant', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PQR_URL}/due-date?type=queja&filed_at=ayer` });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('filed_at');
  });
});

describe('GET /back/api/v1/pqr/mine', () => {
  it('lists only the PQRs of the logged-in user, newest first, including ones sent from their verified e-mail', async () => {
    const user = await createUser(t.app, { email: 'vecina@example.com' });
    const headers = await loginAs(t.app, user);
    const anonymous = await filePqr(t.app, validPqr({ email: 'vecina@example.com', subject: 'Sin sesión' }));
    const logged = await filePqr(t.app, validPqr({ email: 'otro-correo@example.com', subject: 'Con sesión' }), headers);
    await filePqr(t.app, validPqr({ email: 'ajena@example.com', subject: 'De otra persona' }));
    const res = await t.app.inject({ method: 'GET', url: `${PQR_URL}/mine`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { radicado: string }) => p.radicado)).toEqual([
      logged.json.data.radicado,
      anonymous.json.data.radicado,
    ]);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PQR_URL}/mine` });
    expect(res.statusCode).toBe(401);
  });
});

import { ADMIN_PQR_CALENDAR_PATH, type AdminPqrDetail, type PqrPublic } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { BusinessCalendar, addCalendarDays, bogotaDate } from '../../features/pqr/business-days.js';
import { pngBytes } from '../../../test/factories/files.js';
import { multipart, randomIp } from '../../../test/factories/http.js';
import { ADMIN_PQR_URL, filePqr, PQR_URL, setPqrDates, validPqr } from '../../../test/factories/pqr.js';
import { createUser, loginAs } from '../../../test/factories/users.js';

let t: TestApp;
let admin: { authorization: string };
let adminId: number;
let household: { authorization: string };
const calendar = new BusinessCalendar();
const today = () => bogotaDate(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  const staff = await createUser(t.app, { is_admin: true, name: 'Laura Gómez' });
  adminId = staff.id;
  admin = await loginAs(t.app, staff);
  household = await loginAs(t.app, await createUser(t.app));
});
afterAll(() => t.close());

async function newPqr(overrides: Parameters<typeof validPqr>[0] = {}): Promise<PqrPublic> {
  const { status, json } = await filePqr(t.app, validPqr(overrides));
  expect(status).toBe(201);
  return json.data;
}

async function act(radicado: string, action: string, payload: object, headers = admin) {
  const res = await t.app.inject({ method: 'POST', url: `${ADMIN_PQR_URL}/${radicado}/${action}`, payload, headers });
  return { status: res.statusCode, json: res.json<{ data: AdminPqrDetail; code?: string; fields?: object }>() };
}

async function track(p: PqrPublic, email = 'ana.perez@example.com') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${PQR_URL}/track?radicado=${p.radicado}&email=${email}`,
    remoteAddress: randomIp(),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as PqrPublic;
}

async function outboxFor(radicado: string) {
  await t.app.mailer.idle();
  return (await t.app.mailer.outbox()).filter((m) => m.subject.endsWith(radicado));
}

describe('back-office authorization', () => {
  const endpoints = (radicado: string): [string, string, object?][] => [
    ['GET', ADMIN_PQR_URL],
    ['GET', `${ADMIN_PQR_URL}/staff`],
    ['GET', `${ADMIN_PQR_URL}/report?month=2026-11`],
    ['GET', `${ADMIN_PQR_URL}/report.csv?month=2026-11`],
    ['GET', `${ADMIN_PQR_URL}/calendar`],
    ['PUT', `${ADMIN_PQR_URL}/calendar`, { date: '2026-12-31', is_working: false, reason: 'Cierre de fin de año' }],
    ['DELETE', `${ADMIN_PQR_URL}/calendar/2026-12-31`],
    ['GET', ADMIN_PQR_CALENDAR_PATH],
    ['PUT', ADMIN_PQR_CALENDAR_PATH, { date: '2026-12-31', is_working: false, reason: 'Cierre de fin de año' }],
    ['DELETE', `${ADMIN_PQR_CALENDAR_PATH}/2026-12-31`],
    ['GET', `${ADMIN_PQR_URL}/${radicado}`],
    ['POST', `${ADMIN_PQR_URL}/${radicado}/assign`, { assignee_id: null }],
    ['POST', `${ADMIN_PQR_URL}/${radicado}/notes`, { body: 'nota' }],
    ['POST', `${ADMIN_PQR_URL}/${radicado}/status`, { status: 'en_tramite' }],
    ['POST', `${ADMIN_PQR_URL}/${radicado}/answer`, { text: 'Una respuesta suficientemente larga para pasar.' }],
    [
      'POST',
      `${ADMIN_PQR_URL}/${radicado}/extension`,
      { new_due_date: '2027-01-30', reason: 'Motivo suficientemente largo aquí.' },
    ],
    ['POST', `${ADMIN_PQR_URL}/${radicado}/transfer`, { entity: 'EPM', reason: 'Es competencia de EPM.' }],
  ];

  it('answers 403 to a logged-in non-admin and 401 to an anonymous caller on every endpoint', async () => {
    const p = await newPqr();
    for (const [method, url, payload] of endpoints(p.radicado)) {
      const asUser = await t.app.inject({ method: method as 'GET', url, payload, headers: household });
      expect([url, asUser.statusCode]).toEqual([url, 403]);
      const anonymous = await t.app.inject({ method: method as 'GET', url, payload });
      expect([url, anonymous.statusCode]).toEqual([url, 401]);
    }
    const detail = await t.app.inject({ method: 'GET', url: `${ADMIN_PQR_URL}/${p.radicado}`, headers: admin });
    expect(detail.json().data.status).toBe('radicada');
  });
});

describe('business-day calendar', () => {
  it('moves to its own path; the former one still answers, announcing its successor and sunset', async () => {
    const day = { date: '2031-12-31', is_working: false, reason: 'Cierre de fin de año' };
    const put = await t.app.inject({ method: 'PUT', url: ADMIN_PQR_CALENDAR_PATH, headers: admin, payload: day });
    expect(put.statusCode).toBe(200);
    expect(put.headers.deprecation).toBeUndefined();
    const old = await t.app.inject({ method: 'GET', url: `${ADMIN_PQR_URL}/calendar`, headers: admin });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual((await t.app.inject({ method: 'GET', url: ADMIN_PQR_CALENDAR_PATH, headers: admin })).json());
    expect(old.headers.sunset).toBe('Wed, 30 Jun 2027 23:59:59 GMT');
    expect(old.headers.link).toBe(`<${ADMIN_PQR_CALENDAR_PATH}>; rel="successor-version"`);
    const removed = await t.app.inject({ method: 'DELETE', url: `${ADMIN_PQR_URL}/calendar/${day.date}`, headers: admin });
    expect(removed.statusCode).toBe(200);
  });
});

describe('status transitions', () => {
  it('walks radicada → en trámite → respondida → cerrada, keeping every change with actor and time', async () => {
    const p = await newPqr();
    expect((await act(p.radicado, 'status', { status: 'en_tramite' })).status).toBe(200);
    const answered = await act(p.radicado, 'answer', {
      text: 'Ya programamos la recolección del contenedor para mañana.',
    });
    expect(answered.status).toBe(200);
    expect(answered.json.data.status).toBe('respondida');
    const closed = await act(p.radicado, 'status', { status: 'cerrada' });
    expect(closed.json.data.status).toBe('cerrada');
    const changes = closed.json.data.events.filter((e) => e.to_status);
    expect(changes.map((e) => [e.from_status, e.to_status])).toEqual([
      [null, 'radicada'],
      ['radicada', 'en_tramite'],
      ['en_tramite', 'respondida'],
      ['respondida', 'cerrada'],
    ]);
    expect(changes.slice(1).every((e) => e.actor.id === adminId && e.actor.name === 'Laura Gómez')).toBe(true);
    expect(changes.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it('refuses illegal transitions with 409', async () => {
    const p = await newPqr();
    const closeNew = await act(p.radicado, 'status', { status: 'cerrada' });
    expect(closeNew.status).toBe(409);
    expect(closeNew.json.code).toBe('invalid-transition');
    await act(p.radicado, 'answer', { text: 'Respuesta completa a la queja presentada por la ciudadana.' });
    expect(
      (await act(p.radicado, 'answer', { text: 'Otra respuesta completa para la misma queja radicada.' })).status,
    ).toBe(409);
    expect((await act(p.radicado, 'status', { status: 'en_tramite' })).status).toBe(409);
    expect((await act(p.radicado, 'transfer', { entity: 'EPM', reason: 'Es competencia de EPM.' })).status).toBe(409);
  });

  it('rejects a status the endpoint does not set (answers and transfers have their own)', async () => {
    const p = await newPqr();
    const res = await act(p.radicado, 'status', { status: 'respondida' });
    expect(res.status).toBe(400);
  });

  it('answers 404 for an unknown radicado', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${ADMIN_PQR_URL}/PQR-2000-000001`, headers: admin });
    expect(res.statusCode).toBe(404);
  });
});

describe('answer', () => {
  it('e-mails the answer, shows it when tracking, and lets the citizen download its attachment', async () => {
    const p = await newPqr({ email: 'respuesta@example.com' });
    const { payload, headers } = multipart(await pngBytes(), 'evidencia.png', 'image/png');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/files',
      payload,
      headers: { ...headers, ...admin },
    });
    expect(upload.statusCode).toBe(201);
    const fileId = upload.json().data.id as string;
    const text = 'Vaciamos el contenedor y aumentamos la frecuencia de recolección a tres veces por semana.';
    const res = await act(p.radicado, 'answer', { text, attachments: [fileId] });
    expect(res.status).toBe(200);

    const seen = await track(p, 'respuesta@example.com');
    expect(seen.status).toBe('respondida');
    expect(seen.answer?.text).toBe(text);
    expect(seen.answer?.attachments.map((a) => a.id)).toEqual([fileId]);
    const download = await t.app.inject({ method: 'GET', url: seen.answer!.attachments[0]!.url });
    expect(download.statusCode).toBe(200);

    const mails = await outboxFor(p.radicado);
    const mail = mails.find((m) => m.subject.startsWith('Respondimos tu PQR'));
    expect(mail?.to).toBe('respuesta@example.com');
    expect(mail?.text).toContain(text);
    expect(mail?.html).toContain('<blockquote');
  });

  it('refuses an answer attachment the staff member did not upload', async () => {
    const p = await newPqr();
    const res = await act(p.radicado, 'answer', {
      text: 'Respuesta con un adjunto que no existe en el sistema.',
      attachments: ['no-existe-este-archivo-123'],
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('pqr-attachment-invalid');
    expect((await track(p)).status).toBe('radicada');
  });
});

describe('pendiente de información (Ley 1755 art. 17)', () => {
  it('stops the clock, e-mails the request, and restarts it with the days left when the citizen answers', async () => {
    const p = await newPqr({ email: 'info@example.com' });
    const left = calendar.businessDaysBetween(today(), p.due_date!);
    const paused = await act(p.radicado, 'status', {
      status: 'pendiente_informacion',
      message: 'Envíanos la dirección exacta del contenedor y una foto.',
    });
    expect(paused.status).toBe(200);
    expect(paused.json.data).toMatchObject({ status: 'pendiente_informacion', due_date: null, light: 'paused' });
    const seen = await track(p, 'info@example.com');
    expect(seen.information_request?.message).toBe('Envíanos la dirección exacta del contenedor y una foto.');
    expect((await outboxFor(p.radicado)).some((m) => m.subject.startsWith('Necesitamos más información'))).toBe(true);

    const reply = await t.app.inject({
      method: 'POST',
      url: `${PQR_URL}/track/information`,
      payload: { radicado: p.radicado, email: 'info@example.com', message: 'Calle 33 # 76-20, frente al parque.' },
      remoteAddress: randomIp(),
    });
    expect(reply.statusCode).toBe(200);
    const resumed = reply.json().data as PqrPublic;
    expect(resumed.status).toBe('en_tramite');
    expect(resumed.due_date).toBe(calendar.addBusinessDays(today(), Math.max(1, left)));
    expect(resumed.history.at(-1)).toMatchObject({
      kind: 'information',
      message: 'Calle 33 # 76-20, frente al parque.',
    });
  });

  it('refuses information when none was asked for (409) and requires the right e-mail (404)', async () => {
    const p = await newPqr();
    const notAsked = await t.app.inject({
      method: 'POST',
      url: `${PQR_URL}/track/information`,
      payload: { radicado: p.radicado, email: 'ana.perez@example.com', message: 'Información adicional.' },
      remoteAddress: randomIp(),
    });
    expect(notAsked.statusCode).toBe(409);
    await act(p.radicado, 'status', { status: 'pendiente_informacion', message: 'Necesitamos una foto del lugar.' });
    const wrongEmail = await t.app.inject({
      method: 'POST',
      url: `${PQR_URL}/track/information`,
      payload: { radicado: p.radicado, email: 'intruso@example.com', message: 'Información falsa.' },
      remoteAddress: randomIp(),
    });
    expect(wrongEmail.statusCode).toBe(404);
  });

  it('closes a PQR whose requester never answered (desistimiento tácito)', async () => {
    const p = await newPqr();
    await act(p.radicado, 'status', { status: 'pendiente_informacion', message: 'Necesitamos una foto del lugar.' });
    const closed = await act(p.radicado, 'status', {
      status: 'cerrada',
      message: 'No recibimos la información en un mes.',
    });
    expect(closed.json.data.status).toBe('cerrada');
  });

  it('requires a message saying what information is missing', async () => {
    const p = await newPqr();
    const res = await act(p.radicado, 'status', { status: 'pendiente_informacion' });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty('message');
  });
});

describe('extension (Ley 1755 art. 14 parágrafo)', () => {
  const reason = 'Necesitamos un informe del operador de aseo que tarda más que el plazo.';

  it('extends once, up to double the term, and e-mails the requester', async () => {
    const p = await newPqr({ email: 'prorroga@example.com' });
    const max = calendar.addBusinessDays(p.due_date!, 15);
    const detail = await t.app.inject({ method: 'GET', url: `${ADMIN_PQR_URL}/${p.radicado}`, headers: admin });
    expect(detail.json().data.max_extension_date).toBe(max);
    const res = await act(p.radicado, 'extension', { new_due_date: max, reason });
    expect(res.status).toBe(200);
    expect(res.json.data.due_date).toBe(max);
    expect(res.json.data.max_extension_date).toBeNull();
    const seen = await track(p, 'prorroga@example.com');
    expect(seen.extension).toMatchObject({ previous_due_date: p.due_date, new_due_date: max, reason });
    const mail = (await outboxFor(p.radicado)).find((m) => m.subject.startsWith('Ampliamos el plazo'));
    expect(mail?.text).toContain(reason);

    const again = await act(p.radicado, 'extension', { new_due_date: max, reason });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('pqr-extension-not-allowed');
  });

  it('refuses a date beyond double the term, a non-business day, or one not after the current due date', async () => {
    const p = await newPqr();
    const tooFar = calendar.addBusinessDays(p.due_date!, 16);
    expect((await act(p.radicado, 'extension', { new_due_date: tooFar, reason })).json.code).toBe(
      'pqr-extension-date-invalid',
    );
    let weekend = addCalendarDays(p.due_date!, 1);
    while (calendar.isBusinessDay(weekend)) weekend = addCalendarDays(weekend, 1);
    const res = await act(p.radicado, 'extension', { new_due_date: weekend, reason });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty('new_due_date');
    expect((await act(p.radicado, 'extension', { new_due_date: p.due_date!, reason })).status).toBe(400);
  });

  it('refuses an extension once the deadline has passed', async () => {
    const p = await newPqr();
    await setPqrDates(t.app, p.radicado, { due_date: addCalendarDays(today(), -1) });
    const res = await act(p.radicado, 'extension', { new_due_date: calendar.addBusinessDays(today(), 5), reason });
    expect(res.status).toBe(409);
  });

  it('allows 5 more business days for a Ley 1581 consulta', async () => {
    const p = await newPqr({ type: 'datos_personales', personal_data_kind: 'consulta' });
    const detail = await t.app.inject({ method: 'GET', url: `${ADMIN_PQR_URL}/${p.radicado}`, headers: admin });
    expect(detail.json().data.max_extension_date).toBe(calendar.addBusinessDays(p.due_date!, 5));
  });
});

describe('transfer (Ley 1755 art. 21)', () => {
  it('forwards within 5 business days of receipt and tells the requester', async () => {
    const p = await newPqr({ email: 'traslado@example.com' });
    const res = await act(p.radicado, 'transfer', {
      entity: 'Empresas Públicas de Medellín',
      reason: 'El alumbrado público es competencia de EPM.',
    });
    expect(res.status).toBe(200);
    expect(res.json.data.transfer_due_date).toBe(calendar.addBusinessDays(p.received_on, 5));
    const seen = await track(p, 'traslado@example.com');
    expect(seen).toMatchObject({ status: 'trasladada', transfer: { entity: 'Empresas Públicas de Medellín' } });
    expect((await outboxFor(p.radicado)).some((m) => m.subject.startsWith('Trasladamos tu PQR'))).toBe(true);
  });

  it('refuses a transfer after the 5 business days', async () => {
    const p = await newPqr();
    await setPqrDates(t.app, p.radicado, { transfer_due_date: addCalendarDays(today(), -1) });
    const res = await act(p.radicado, 'transfer', { entity: 'EPM', reason: 'Es competencia de EPM.' });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('pqr-transfer-too-late');
  });
});

describe('assignment and internal notes', () => {
  it('assigns to staff (starting the trámite) and refuses a non-admin assignee', async () => {
    const p = await newPqr();
    const citizen = await createUser(t.app);
    const bad = await act(p.radicado, 'assign', { assignee_id: citizen.id });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty('assignee_id');
    const ok = await act(p.radicado, 'assign', { assignee_id: adminId });
    expect(ok.json.data).toMatchObject({ status: 'en_tramite', assignee: { id: adminId, name: 'Laura Gómez' } });
    const mine = await t.app.inject({ method: 'GET', url: `${ADMIN_PQR_URL}?assigned=me`, headers: admin });
    expect(mine.json().data.items.map((i: { radicado: string }) => i.radicado)).toContain(p.radicado);
  });

  it('keeps notes and assignments away from the requester', async () => {
    const p = await newPqr();
    await act(p.radicado, 'assign', { assignee_id: adminId });
    const noted = await act(p.radicado, 'notes', { body: 'Llamar al operador de aseo antes de responder.' });
    expect(noted.json.data.events.at(-1)).toMatchObject({ kind: 'note', internal: true });
    const seen = await track(p);
    expect(seen.history.map((e) => e.kind)).toEqual(['filed', 'status']);
    expect(JSON.stringify(seen)).not.toContain('Llamar al operador');
    expect(JSON.stringify(seen)).not.toContain('Laura');
  });
});

describe('inbox', () => {
  it('sorts by due date with traffic lights and filters by light', async () => {
    const overdue = await newPqr({ subject: 'Semáforo vencida' });
    const soon = await newPqr({ subject: 'Semáforo por vencer' });
    const fine = await newPqr({ subject: 'Semáforo a tiempo', type: 'consulta' });
    await setPqrDates(t.app, overdue.radicado, { due_date: addCalendarDays(today(), -2) });
    await setPqrDates(t.app, soon.radicado, { due_date: calendar.addBusinessDays(today(), 2) });
    const res = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_PQR_URL}?q=sem%C3%A1foro&open=true`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { radicado: string; light: string; business_days_left: number }[];
    expect(items.map((i) => [i.radicado, i.light])).toEqual([
      [overdue.radicado, 'overdue'],
      [soon.radicado, 'due_soon'],
      [fine.radicado, 'on_time'],
    ]);
    expect(items[1]!.business_days_left).toBe(2);
    expect(items[0]!.business_days_left).toBeLessThanOrEqual(0);

    const onlyOverdue = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_PQR_URL}?light=overdue&q=sem%C3%A1foro`,
      headers: admin,
    });
    expect(onlyOverdue.json().data.items.map((i: { radicado: string }) => i.radicado)).toEqual([overdue.radicado]);
    expect(res.json().data.counts.overdue).toBeGreaterThanOrEqual(1);
  });

  it('paginates and filters by type and status', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_PQR_URL}?type=consulta&page_size=1&page=1`,
      headers: admin,
    });
    const data = res.json().data;
    expect(data.items).toHaveLength(1);
    expect(data.items[0].type).toBe('consulta');
    expect(data.total).toBeGreaterThanOrEqual(1);
    const closed = await t.app.inject({ method: 'GET', url: `${ADMIN_PQR_URL}?status=cerrada`, headers: admin });
    expect(closed.json().data.items.every((i: { status: string }) => i.status === 'cerrada')).toBe(true);
  });

  it('lists the staff to assign to', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${ADMIN_PQR_URL}/staff`, headers: admin });
    expect(res.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: adminId, name: 'Laura Gómez' })]),
    );
  });
});

describe('monthly report', () => {
  it('counts volume by type and the share answered on time, and exports it as CSV', async () => {
    // A clean month: move every PQR filed so far out of it, then file three.
    const month = today().slice(0, 7);
    await t.app.db.updateTable('pqr').set({ filed_at: '2001-01-15T15:00:00.000Z' }).execute();
    const onTime = await newPqr({ type: 'reclamo' });
    const late = await newPqr({ type: 'reclamo' });
    const overdue = await newPqr({ type: 'sugerencia' });
    await act(onTime.radicado, 'answer', { text: 'Respuesta dentro del plazo legal establecido.' });
    await setPqrDates(t.app, late.radicado, { due_date: addCalendarDays(today(), -1) });
    await act(late.radicado, 'answer', { text: 'Respuesta fuera del plazo legal establecido.' });
    await setPqrDates(t.app, overdue.radicado, { due_date: addCalendarDays(today(), -1) });

    const res = await t.app.inject({ method: 'GET', url: `${ADMIN_PQR_URL}/report?month=${month}`, headers: admin });
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.rows.find((r: { type: string }) => r.type === 'reclamo')).toMatchObject({
      filed: 2,
      answered: 2,
      answered_on_time: 1,
      answered_late: 1,
      on_time_pct: 50,
    });
    expect(report.total).toMatchObject({
      filed: 3,
      answered: 2,
      answered_on_time: 1,
      overdue_unanswered: 1,
      on_time_pct: 33.3,
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_PQR_URL}/report.csv?month=${month}`,
      headers: admin,
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="pqr-${month}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Tipo;Radicadas;Respondidas;Respondidas a tiempo;Respondidas fuera de plazo;Vencidas sin respuesta;En trámite;Trasladadas;Cerradas sin respuesta;% a tiempo',
    );
    expect(lines).toContain('Reclamo;2;2;1;1;0;0;0;0;50,0');
    expect(lines.at(-1)).toBe('Total;3;2;1;1;1;0;0;0;33,3');
  });

  it('rejects a malformed month', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${ADMIN_PQR_URL}/report?month=2026-13`, headers: admin });
    expect(res.statusCode).toBe(400);
  });
});

describe('calendar exceptions', () => {
  it('adds a closure day that moves due dates computed afterwards, and removes it', async () => {
    const url = `${PQR_URL}/due-date?type=peticion&filed_at=${encodeURIComponent('2026-12-07T10:00:00-05:00')}`;
    expect((await t.app.inject({ method: 'GET', url })).json().data.due_date).toBe('2026-12-30');
    const put = await t.app.inject({
      method: 'PUT',
      url: `${ADMIN_PQR_URL}/calendar`,
      payload: { date: '2026-12-30', is_working: false, reason: 'Cierre por inventario' },
      headers: admin,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual([
      expect.objectContaining({
        date: '2026-12-30',
        is_working: false,
        reason: 'Cierre por inventario',
        created_by: 'Laura Gómez',
      }),
    ]);
    expect((await t.app.inject({ method: 'GET', url })).json().data.due_date).toBe('2026-12-31');
    const del = await t.app.inject({ method: 'DELETE', url: `${ADMIN_PQR_URL}/calendar/2026-12-30`, headers: admin });
    expect(del.json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url })).json().data.due_date).toBe('2026-12-30');
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `${ADMIN_PQR_URL}/calendar/2026-12-30`,
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('audit log', () => {
  it('records who assigned and who answered a PQR, naming the staff member', async () => {
    const p = await newPqr();
    expect((await act(p.radicado, 'assign', { assignee_id: adminId })).status).toBe(200);
    expect(
      (await act(p.radicado, 'answer', { text: 'Programamos la recolección para el lunes en la mañana.' })).status,
    ).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/back/api/v1/admin/audit?entity=pqr&entity_id=${p.radicado}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as {
      action: string;
      entity_id: string;
      actor: { name: string } | null;
      before: unknown;
      after: unknown;
    }[];
    expect(items.map((i) => i.action).sort()).toEqual(['answer', 'assignment']);
    for (const item of items) expect(item.actor?.name).toBe('Laura Gómez');
    const assignment = items.find((i) => i.action === 'assignment')!;
    expect(assignment.before).toMatchObject({ status: 'radicada', assigned_to: null });
    expect(assignment.after).toMatchObject({ status: 'en_tramite', assigned_to: adminId });
    expect(items.find((i) => i.action === 'answer')!.after).toMatchObject({ status: 'respondida' });
  });

  it('leaves the citizen’s own steps out of the back-office audit', async () => {
    const p = await newPqr();
    const res = await t.app.inject({
      method: 'GET',
      url: `/back/api/v1/admin/audit?entity=pqr&entity_id=${p.radicado}`,
      headers: admin,
    });
    expect(res.json().data.items).toEqual([]);
  });
});

import type { Report, ReportDuplicate } from '@puntoverde/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialectUnderTest, type TestApp } from '../../../test/helper.js';
import { bogotaYear, whereFilingWaits } from '../../../test/sequence-lock.js';
import { lastSequence } from '../../db/sequence.js';
import { sendDueFollowUps } from '../../features/reports/report-follow-up.service.js';
import { reportsDeps } from './deps.js';
import { multipart, randomIp } from '../../../test/factories/http.js';
import { waitForMail } from '../../../test/factories/mail.js';
import {
  buildReportsWorld,
  changeReportStatus,
  fileReport,
  HANDLING_URL,
  mustFile,
  PARK,
  reportBody,
  REPORTS_URL,
  setResolvedAt,
  uploadReportPhoto,
} from '../../../test/factories/reports.js';
import { createActor } from '../../../test/factories/users.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof buildReportsWorld>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildReportsWorld(t.app);
});
afterAll(async () => t.close());

async function counts() {
  const reports = await t.app.db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { reports: Number(reports.n), counter: await lastSequence(t.app.db, 'report', bogotaYear()) };
}

// About 60 m north of the park: outside the duplicate radius.
const SIXTY_M_NORTH = { lat: PARK.lat + 60 / 111_320, lng: PARK.lng };
// About 30 m east: inside it.
const THIRTY_M_EAST = { lat: PARK.lat, lng: PARK.lng + 30 / (111_320 * Math.cos((PARK.lat * Math.PI) / 180)) };

describe('filing a report', () => {
  it('files a report with a photo on a container and answers its public number', async () => {
    const photo = await uploadReportPhoto(t.app, w.ana);
    const res = await fileReport(
      t.app,
      w.ana,
      reportBody({ point_id: w.pointX, container_id: w.containerId, photos: [photo] }),
    );
    expect(res.status).toBe(201);
    const r = res.json.data;
    expect(r.number).toMatch(/^REP-\d{4}-\d{6}$/);
    expect(r.status).toBe('abierto');
    expect(r.point).toEqual({ id: w.pointX, name: 'Contenedor Parque Laureles' });
    expect(r.photos).toHaveLength(1);
    expect(r.photos[0]!.id).toBe(photo);
    expect(r.mine).toBe(true);
    expect(r.history.map((h) => h.to_status)).toEqual(['abierto']);
    // The answer is built from what the filing wrote: it is what a read of the report gives (but
    // for the photo links' signatures, which run from the time they are made).
    const read = await t.app.inject({ method: 'GET', url: `/back/api/v1/reports/${r.number}`, headers: w.ana.headers });
    const unsigned = (x: typeof r) => ({ ...x, photos: x.photos.map((p) => ({ ...p, url: p.url.split('?')[0] })) });
    expect(unsigned(read.json<{ data: typeof r }>().data)).toEqual(unsigned(r));
    const mail = await waitForMail(t.app, w.ana.email, r.number);
    expect(mail.text).toContain(`/app/tabs/reports/${r.number}`);
  });

  it('tells the point manager with a notification record', async () => {
    const r = await mustFile(t.app, w.bruno, { point_id: w.pointX, category: 'contenedor_danado' });
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/notifications', headers: w.managerX.headers });
    const items = res.json<{ data: { items: { title: string; link: string }[] } }>().data.items;
    expect(items.some((n) => n.title.includes(r.number) && n.link === `/app/tabs/reports/${r.number}`)).toBe(true);
  });

  it('numbers reports without gaps, even after rejected filings', async () => {
    const first = await mustFile(t.app, w.bruno, { category: 'otro', lat: 6.25, lng: -75.57 });
    await fileReport(t.app, w.bruno, reportBody({ lat: 40.4, lng: -3.7 }));
    await fileReport(t.app, w.bruno, reportBody({ photos: ['no-existe-este-archivo'] }));
    const second = await mustFile(t.app, w.bruno, { category: 'otro', lat: 6.251, lng: -75.571 });
    const seq = (n: string) => Number(n.slice(-6));
    expect(seq(second.number)).toBe(seq(first.number) + 1);
  });

  it('asks for a session before reading the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: REPORTS_URL, payload: { category: 'nope' } });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['a location outside Colombia', { lat: 40.4168, lng: -3.7038 }, 'lat'],
    ['no location', { lat: undefined, lng: undefined }, 'lat'],
    ['an unknown category', { category: 'basura_espacial' }, 'category'],
    ['a description over 4,000 characters', { description: 'a'.repeat(4001) }, 'description'],
    ['more than 3 photos', { photos: ['aaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbb', 'cccccccccccccccccc', 'dddddddddddddddddd'] }, 'photos'],
  ])('rejects %s with a Spanish 400 naming the field and stores nothing', async (_name, overrides, field) => {
    const before = await counts();
    const res = await fileReport(t.app, w.ana, { ...reportBody(), ...overrides });
    expect(res.status).toBe(400);
    expect(res.json.fields?.[field]).toMatch(/[a-záéíóúñ]/i);
    expect(await counts()).toEqual(before);
  });

  it("rejects someone else's photo without storing the report", async () => {
    const brunosPhoto = await uploadReportPhoto(t.app, w.bruno);
    const before = await counts();
    const res = await fileReport(t.app, w.ana, reportBody({ photos: [brunosPhoto] }));
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty('photos.0');
    expect(await counts()).toEqual(before);
  });

  it('rejects a photo already used in another report', async () => {
    const photo = await uploadReportPhoto(t.app, w.ana);
    await mustFile(t.app, w.ana, { photos: [photo], category: 'otro', lat: 6.3, lng: -75.56 });
    const res = await fileReport(t.app, w.ana, reportBody({ photos: [photo] }));
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty('photos.0');
  });

  it('refuses a non-image upload at the upload pipeline', async () => {
    const { payload, headers } = multipart(Buffer.from('hola, no soy una foto'), 'foto.png', 'image/png');
    const res = await t.app.inject({ method: 'POST', url: '/back/api/v1/files?kind=image', payload, headers: { ...headers, ...w.ana.headers } });
    expect(res.statusCode).toBe(415);
  });

  it('rejects a container of another point', async () => {
    const res = await fileReport(t.app, w.ana, reportBody({ point_id: w.pointY, container_id: w.containerId }));
    expect(res.status).toBe(404);
    expect(res.json.fields).toHaveProperty('container_id');
  });

  it('limits filings per user', async () => {
    const spammer = w.company;
    let last = 0;
    for (let i = 0; i < 21; i += 1) {
      last = (await fileReport(t.app, spammer, reportBody({ category: 'otro', lat: 7 + i / 100, lng: -74 }), randomIp())).status;
    }
    expect(last).toBe(429);
  });
});

describe('report numbers under concurrency', () => {
  it('gives 20 simultaneous filings 20 consecutive numbers', async () => {
    const people = [await createActor(t.app, { name: 'Carla Hogar' }), await createActor(t.app, { name: 'Diego Hogar' })];
    const before = await lastSequence(t.app.db, 'report', bogotaYear());
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fileReport(t.app, people[i % 2]!, reportBody({ category: 'otro', lat: 6.2 + i / 1000 }))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const seqs = results.map((r) => Number(r.json.data.number.slice(-6))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    expect(await lastSequence(t.app.db, 'report', bogotaYear())).toBe(before + 20);
  });

  it.skipIf(dialectUnderTest !== 'postgres')('waits for the number only once the report is written (PostgreSQL)', async () => {
    const { query, writtenTables, result } = await whereFilingWaits(t.app.db, 'report', () =>
      mustFile(t.app, w.bruno, { category: 'otro', lat: 6.26, lng: -75.58 }),
    );
    expect(query).toMatch(/update sequences/);
    expect(writtenTables).toEqual(expect.arrayContaining(['reports', 'report_events']));
    expect(result.number).toMatch(/^REP-\d{4}-\d{6}$/);
  });
});

describe('likely duplicates', () => {
  it('offers open reports of the same category within 50 m, and joining follows the original', async () => {
    const original = await mustFile(t.app, w.ana, { category: 'punto_critico', description: 'Escombros y colchones en la esquina del parque.' });
    const q = (p: { lat: number; lng: number }, category = 'punto_critico') =>
      t.app.inject({ method: 'GET', url: `${REPORTS_URL}/duplicates?category=${category}&lat=${p.lat}&lng=${p.lng}` });
    const near = (await q(THIRTY_M_EAST)).json<{ data: ReportDuplicate[] }>().data;
    expect(near.map((d) => d.number)).toContain(original.number);
    expect(near.find((d) => d.number === original.number)!.distance_m).toBeGreaterThan(20);
    expect((await q(SIXTY_M_NORTH)).json<{ data: ReportDuplicate[] }>().data.map((d) => d.number)).not.toContain(original.number);
    expect((await q(THIRTY_M_EAST, 'otro')).json<{ data: ReportDuplicate[] }>().data.map((d) => d.number)).not.toContain(original.number);

    const join = await t.app.inject({ method: 'POST', url: `${REPORTS_URL}/${original.number}/follow`, headers: w.bruno.headers });
    expect(join.statusCode).toBe(200);
    expect(join.json<{ data: Report }>().data).toMatchObject({ following: true, followers: 1 });
    const followed = await t.app.inject({ method: 'GET', url: `${REPORTS_URL}?scope=following`, headers: w.bruno.headers });
    expect(followed.json<{ data: { items: Report[] } }>().data.items.map((r) => r.number)).toContain(original.number);
  });
});

describe('handling', () => {
  it('moves a report through its statuses and tells the reporter and followers each time', async () => {
    const r = await mustFile(t.app, w.ana, { point_id: w.pointX });
    await t.app.inject({ method: 'POST', url: `${REPORTS_URL}/${r.number}/follow`, headers: w.bruno.headers });
    for (const status of ['en_revision', 'programado', 'resuelto'] as const) {
      const res = await changeReportStatus(t.app, w.managerX, r.number, { status, note: `Paso a ${status}` });
      expect(res.status).toBe(200);
      expect(res.json.data.status).toBe(status);
    }
    const mailAna = await waitForMail(t.app, w.ana.email, `Reporte ${r.number}: Resuelto`);
    expect(mailAna.text).toContain('Tu reporte');
    const mailBruno = await waitForMail(t.app, w.bruno.email, `Reporte ${r.number}: Resuelto`);
    expect(mailBruno.text).toContain('que sigues');
    const page = (await t.app.inject({ method: 'GET', url: `${REPORTS_URL}/${r.number}` })).json<{ data: Report }>().data;
    expect(page.history.filter((h) => h.kind !== 'follow').map((h) => h.to_status)).toEqual(['abierto', 'en_revision', 'programado', 'resuelto']);
    expect(page.resolved_at).not.toBeNull();
  });

  it('refuses an illegal edge with 409 and a discard without reason with 400', async () => {
    const r = await mustFile(t.app, w.ana, { point_id: w.pointX });
    expect((await changeReportStatus(t.app, w.managerX, r.number, { status: 'abierto' })).status).toBe(409);
    const noReason = await changeReportStatus(t.app, w.managerX, r.number, { status: 'descartado' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.fields).toHaveProperty('reason');
    const ok = await changeReportStatus(t.app, w.managerX, r.number, { status: 'descartado', reason: 'No hay contenedor en ese lugar.' });
    expect(ok.json.data).toMatchObject({ status: 'descartado', status_notes: 'No hay contenedor en ese lugar.' });
  });

  it('closes a duplicate, links the original and moves its people to it', async () => {
    const original = await mustFile(t.app, w.ana, { point_id: w.pointX, category: 'contenedor_danado', lat: 6.26, lng: -75.58 });
    const dup = await mustFile(t.app, w.bruno, { point_id: w.pointX, category: 'contenedor_danado', lat: 6.26, lng: -75.58 });
    const res = await changeReportStatus(t.app, w.staff, dup.number, { status: 'duplicado', duplicate_of: original.number });
    expect(res.json.data).toMatchObject({ status: 'duplicado', duplicate_of: original.number });
    const seen = (await t.app.inject({ method: 'GET', url: `${REPORTS_URL}/${original.number}`, headers: w.bruno.headers })).json<{ data: Report }>().data;
    expect(seen.following).toBe(true);
    const self = await changeReportStatus(t.app, w.staff, original.number, { status: 'duplicado', duplicate_of: original.number });
    expect(self.status).toBe(400);
  });

  it('lets a manager of point X handle only the reports of X', async () => {
    const onY = await mustFile(t.app, w.ana, { point_id: w.pointY, category: 'punto_cerrado' });
    const onX = await mustFile(t.app, w.ana, { point_id: w.pointX, category: 'punto_cerrado' });
    const note = await t.app.inject({ method: 'POST', url: `${HANDLING_URL}/${onY.number}/notes`, payload: { text: 'Llamar al operador' }, headers: w.managerY.headers });
    expect(note.statusCode).toBe(200);

    const matrix: [string, string, object | undefined, number][] = [
      ['GET', `${HANDLING_URL}/${onY.number}`, undefined, 403],
      ['POST', `${HANDLING_URL}/${onY.number}/status`, { status: 'en_revision' }, 403],
      ['POST', `${HANDLING_URL}/${onY.number}/notes`, { text: 'hola' }, 403],
      ['POST', `${HANDLING_URL}/${onY.number}/assign`, { assignee_id: w.managerX.id }, 403],
      ['GET', `${HANDLING_URL}/${onX.number}`, undefined, 200],
    ];
    for (const [method, url, payload, status] of matrix) {
      const res = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}), headers: w.managerX.headers });
      expect(`${method} ${url} → ${res.statusCode}`).toBe(`${method} ${url} → ${status}`);
    }
    const inbox = (await t.app.inject({ method: 'GET', url: HANDLING_URL, headers: w.managerX.headers })).json<{ data: { items: Report[] } }>().data.items;
    expect(inbox.map((r) => r.number)).toContain(onX.number);
    expect(inbox.map((r) => r.number)).not.toContain(onY.number);
    // Households and companies never reach the handling API, whatever the body says.
    for (const who of [w.ana, w.company]) {
      const res = await t.app.inject({ method: 'POST', url: `${HANDLING_URL}/${onX.number}/status`, payload: { status: 'nope' }, headers: who.headers });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: HANDLING_URL })).statusCode).toBe(401);
  });

  it('keeps internal notes and assignments away from the public page', async () => {
    const r = await mustFile(t.app, w.ana, { point_id: w.pointX, category: 'recoleccion_no_realizada' });
    await t.app.inject({ method: 'POST', url: `${HANDLING_URL}/${r.number}/notes`, payload: { text: 'Nota secreta del equipo' }, headers: w.staff.headers });
    const assign = await t.app.inject({ method: 'POST', url: `${HANDLING_URL}/${r.number}/assign`, payload: { assignee_id: w.managerX.id }, headers: w.staff.headers });
    expect(assign.json<{ data: { assigned_to: { id: number } } }>().data.assigned_to.id).toBe(w.managerX.id);
    const staffView = (await t.app.inject({ method: 'GET', url: `${HANDLING_URL}/${r.number}`, headers: w.staff.headers })).body;
    expect(staffView).toContain('Nota secreta del equipo');
    const publicView = (await t.app.inject({ method: 'GET', url: `${REPORTS_URL}/${r.number}` })).body;
    expect(publicView).not.toContain('Nota secreta');
    expect(publicView).not.toContain(w.ana.email);
    expect(publicView).not.toContain('Ana Hogar');
    const bad = await t.app.inject({ method: 'POST', url: `${HANDLING_URL}/${r.number}/assign`, payload: { assignee_id: w.bruno.id }, headers: w.staff.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('changes many reports at once and says which could not move', async () => {
    const a = await mustFile(t.app, w.ana, { point_id: w.pointX, category: 'otro', lat: 6.27, lng: -75.59 });
    const b = await mustFile(t.app, w.ana, { point_id: w.pointY, category: 'otro', lat: 6.27, lng: -75.59 });
    const res = await t.app.inject({
      method: 'POST',
      url: `${HANDLING_URL}/bulk-status`,
      payload: { numbers: [a.number, b.number], status: 'en_revision' },
      headers: w.managerX.headers,
    });
    const data = res.json<{ data: { updated: string[]; failed: { number: string; code: string }[] } }>().data;
    expect(data.updated).toEqual([a.number]);
    expect(data.failed).toEqual([expect.objectContaining({ number: b.number, code: 'report-forbidden' })]);
  });

  it('lets staff hide a photo from the public', async () => {
    const photo = await uploadReportPhoto(t.app, w.ana);
    const r = await mustFile(t.app, w.ana, { photos: [photo], category: 'otro', lat: 6.28, lng: -75.6 });
    const res = await t.app.inject({ method: 'POST', url: `${HANDLING_URL}/${r.number}/photo-visibility`, payload: { photo_id: photo, hidden: true }, headers: w.staff.headers });
    expect(res.statusCode).toBe(200);
    const page = (await t.app.inject({ method: 'GET', url: `${REPORTS_URL}/${r.number}` })).json<{ data: Report }>().data;
    expect(page.photos).toEqual([]);
  });
});

describe('follow-up and reopening', () => {
  it('asks "¿Se resolvió?" 7 days after resuelto and a "Sí" from the e-mail link closes the question', async () => {
    const r = await mustFile(t.app, w.ana, { point_id: w.pointX, category: 'otro', lat: 6.29, lng: -75.61 });
    await changeReportStatus(t.app, w.managerX, r.number, { status: 'resuelto' });
    const deps = reportsDeps(t.app);
    expect(await sendDueFollowUps(deps)).toBe(0);
    await setResolvedAt(t.app, r.number, new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString());
    expect(await sendDueFollowUps(deps)).toBeGreaterThanOrEqual(1);
    expect(await sendDueFollowUps(deps)).toBe(0);
    const mail = await waitForMail(t.app, w.ana.email, `¿Se resolvió? Reporte ${r.number}`);
    const yes = new URL(/https?:\/\/\S+respuesta=si/.exec(mail.text)![0]);
    const token = yes.searchParams.get('token')!;
    const res = await t.app.inject({ method: 'POST', url: `${REPORTS_URL}/${r.number}/follow-up`, payload: { token, resolved: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Report }>().data.status).toBe('resuelto');
    const again = await t.app.inject({ method: 'POST', url: `${REPORTS_URL}/${r.number}/follow-up`, payload: { token, resolved: false } });
    expect(again.statusCode).toBe(409);
  });

  it('reopens on "No" with the note', async () => {
    const r = await mustFile(t.app, w.ana, { point_id: w.pointX, category: 'otro', lat: 6.3, lng: -75.62 });
    await changeReportStatus(t.app, w.managerX, r.number, { status: 'resuelto' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${REPORTS_URL}/${r.number}/follow-up`,
      payload: { resolved: false, note: 'Sigue lleno' },
      headers: w.ana.headers,
    });
    expect(res.json<{ data: Report }>().data.status).toBe('abierto');
    expect(res.json<{ data: Report }>().data.history.at(-1)!.message).toContain('Sigue lleno');
  });

  it('refuses a forged follow-up token', async () => {
    const r = await mustFile(t.app, w.ana, { category: 'otro', lat: 6.31, lng: -75.63 });
    const res = await t.app.inject({
      method: 'POST',
      url: `${REPORTS_URL}/${r.number}/follow-up`,
      payload: { resolved: true, token: `${r.number}.${w.ana.id}.${'A'.repeat(43)}` },
    });
    expect(res.statusCode).toBe(400);
  });

  it('lets the reporter reopen within 30 days, and nobody else', async () => {
    const r = await mustFile(t.app, w.ana, { point_id: w.pointX, category: 'otro', lat: 6.32, lng: -75.64 });
    await changeReportStatus(t.app, w.managerX, r.number, { status: 'resuelto' });
    const other = await t.app.inject({ method: 'POST', url: `${REPORTS_URL}/${r.number}/reopen`, payload: { note: 'Sigue igual' }, headers: w.bruno.headers });
    expect(other.statusCode).toBe(409);
    await setResolvedAt(t.app, r.number, new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString());
    const late = await t.app.inject({ method: 'POST', url: `${REPORTS_URL}/${r.number}/reopen`, payload: { note: 'Sigue igual' }, headers: w.ana.headers });
    expect(late.statusCode).toBe(409);
    await setResolvedAt(t.app, r.number, new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString());
    const ok = await t.app.inject({ method: 'POST', url: `${REPORTS_URL}/${r.number}/reopen`, payload: { note: 'Sigue igual' }, headers: w.ana.headers });
    expect(ok.json<{ data: Report }>().data.status).toBe('abierto');
  });
});

describe('public list', () => {
  it('filters by status and category and a map viewport, without personal data', async () => {
    // A reporter of their own: the others have used up much of their hourly filings.
    const diana = await createActor(t.app, { name: 'Diana Hogar' });
    const r = await mustFile(t.app, diana, { category: 'punto_cerrado', lat: 6.2, lng: -75.55 });
    const res = await t.app.inject({ method: 'GET', url: `${REPORTS_URL}?status=abierto&category=punto_cerrado&bbox=-75.56,6.19,-75.54,6.21` });
    const list = res.json<{ data: { items: Report[]; total: number } }>().data;
    expect(list.items.map((i) => i.number)).toEqual([r.number]);
    expect(res.body).not.toContain(diana.email);
    const mine = await t.app.inject({ method: 'GET', url: `${REPORTS_URL}?scope=mine` });
    expect(mine.statusCode).toBe(401);
  });
});

describe('filing from the offline outbox', () => {
  it('files a report once however often it is sent with the same Idempotency-Key', async () => {
    const elena = await createActor(t.app, { name: 'Elena Hogar' });
    const key = randomUUID();
    const send = () =>
      t.app.inject({ method: 'POST', url: REPORTS_URL, headers: { ...elena.headers, 'idempotency-key': key }, payload: reportBody({ lat: 6.3, lng: -75.57 }) });
    const first = await send();
    const retry = await send();
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<{ data: Report }>().data.number).toBe(first.json<{ data: Report }>().data.number);
    const rows = await t.app.db.selectFrom('reports').select('number').where('reporter_id', '=', elena.id).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('paging', () => {
  // A box of its own, far from the other tests' reports.
  const BOX = 'bbox=-74.12,4.60,-74.08,4.64';
  const place = (i: number) => ({ category: 'otro' as const, lat: 4.61 + i / 10_000, lng: -74.1 });

  it('pages the public list newest first, without overlaps, with the total of the filter', async () => {
    const carla = await createActor(t.app, { name: 'Carla Hogar' });
    const filed: string[] = [];
    for (let i = 0; i < 5; i += 1) filed.push((await mustFile(t.app, carla, place(i))).number);
    const page = async (n: number) =>
      (await t.app.inject({ method: 'GET', url: `${REPORTS_URL}?${BOX}&page=${n}&page_size=2`, headers: w.bruno.headers })).json<{
        data: { items: Report[]; total: number; page: number };
      }>().data;
    const [one, two, three] = [await page(1), await page(2), await page(3)];
    expect([one.total, two.total, three.total]).toEqual([5, 5, 5]);
    expect([...one.items, ...two.items, ...three.items].map((r) => r.number)).toEqual([...filed].reverse());
  });

  it('pages the handling inbox oldest first', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 3; i += 1) numbers.push((await mustFile(t.app, w.bruno, { ...place(10 + i), point_id: w.pointY })).number);
    const page = async (n: number) =>
      (await t.app.inject({ method: 'GET', url: `${HANDLING_URL}?point_id=${w.pointY}&page=${n}&page_size=2`, headers: w.managerY.headers })).json<{
        data: { items: Report[]; total: number };
      }>().data;
    const first = await page(1);
    expect(first.items).toHaveLength(2);
    const all = first.items.map((r) => r.number);
    for (let n = 2; all.length < first.total; n += 1) all.push(...(await page(n)).items.map((r) => r.number));
    expect(all.slice(-3)).toEqual(numbers);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("the manager's Contenedores view", () => {
  it('marks a container with open "contenedor lleno" reports until they are resolved', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/back/api/v1/points/${w.pointX}/containers`, headers: w.managerX.headers });
    const count = () =>
      t.app
        .inject({ method: 'GET', url: '/back/api/v1/points/mine', headers: w.managerX.headers })
        .then((res) => res.json<{ data: { id: number; containers: { id: number; full_reports?: number }[] }[] }>().data)
        .then((points) => points.find((p) => p.id === w.pointX)!.containers.find((c) => c.id === w.containerId)!.full_reports);
    const initial = before.json<{ data: { id: number; full_reports?: number }[] }>().data.find((c) => c.id === w.containerId)!.full_reports!;
    const r = await mustFile(t.app, w.bruno, { point_id: w.pointX, container_id: w.containerId, lat: 6.33, lng: -75.65 });
    expect(await count()).toBe(initial + 1);
    await changeReportStatus(t.app, w.managerX, r.number, { status: 'resuelto' });
    expect(await count()).toBe(initial);
  });
});

import { REPORT_SEEDED_CATEGORIES, type Report, type ReportCategoryView, type ReportMap } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { buildReportsWorld, fileReport, mustFile, reportBody, REPORTS_URL } from '../../../test/factories/reports.js';

const ADMIN_URL = '/back/api/v1/admin/report-categories';
const PUBLIC_URL = '/back/api/v1/reports/categories';
const SERVICES_URL = '/back/api/open311/v2/services.json';

let t: TestApp;
let w: Awaited<ReturnType<typeof buildReportsWorld>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildReportsWorld(t.app);
});
afterAll(async () => t.close());

async function publicCategories(): Promise<ReportCategoryView[]> {
  return (await t.app.inject({ method: 'GET', url: PUBLIC_URL })).json<{ data: ReportCategoryView[] }>().data;
}

async function services(): Promise<{ service_code: string; service_name: string; metadata: boolean }[]> {
  return (await t.app.inject({ method: 'GET', url: SERVICES_URL })).json();
}

async function asStaff(method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: w.staff.headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, json: res.json<{ data: ReportCategoryView & ReportCategoryView[]; code?: string; fields?: Record<string, string> }>() };
}

describe('report categories', () => {
  it('starts with the six categories of the specification, in order, as the Open311 services', async () => {
    expect((await publicCategories()).map((c) => c.code)).toEqual([...REPORT_SEEDED_CATEGORIES]);
    expect((await publicCategories()).find((c) => c.code === 'punto_critico')?.label).toBe('Punto crítico / arrojo ilegal');
    expect((await services()).map((s) => s.service_code)).toEqual([...REPORT_SEEDED_CATEGORIES]);
  });

  it('lets staff create one: it can be reported at once, Open311 lists it, and the audit log has it', async () => {
    const created = await asStaff('POST', ADMIN_URL, { label: 'Poda de árboles', description: 'Ramas sobre el contenedor.' });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ code: 'poda_de_arboles', label: 'Poda de árboles', active: true, asks_container: false });
    expect((await publicCategories()).at(-1)?.code).toBe('poda_de_arboles');
    expect((await services()).map((s) => s.service_code)).toContain('poda_de_arboles');
    const report = await mustFile(t.app, w.ana, { category: 'poda_de_arboles', lat: 6.25, lng: -75.6 });
    expect(report.category_label).toBe('Poda de árboles');
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity', '=', 'report_category').where('entity_id', '=', 'poda_de_arboles').execute();
    expect(audit).toEqual([{ action: 'create', actor_id: w.staff.id }]);
  });

  it('refuses a second category with the same code', async () => {
    const res = await asStaff('POST', ADMIN_URL, { label: 'Otro más', code: 'otro' });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('report-category-code-taken');
  });

  it('renames one: reports, the list and Open311 show the new name, the code stays', async () => {
    const report = await mustFile(t.app, w.bruno, { category: 'punto_cerrado', lat: 6.26, lng: -75.6 });
    const res = await asStaff('PUT', `${ADMIN_URL}/punto_cerrado`, {
      label: 'Punto cerrado en su horario',
      description: 'Estaba cerrado en el horario publicado.',
    });
    expect(res.status).toBe(200);
    const page = (await t.app.inject({ method: 'GET', url: `${REPORTS_URL}/${report.number}` })).json<{ data: Report }>().data;
    expect(page).toMatchObject({ category: 'punto_cerrado', category_label: 'Punto cerrado en su horario' });
    expect((await services()).find((s) => s.service_code === 'punto_cerrado')?.service_name).toBe('Punto cerrado en su horario');
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'before_json']).where('entity_id', '=', 'punto_cerrado').execute();
    expect(audit.map((a) => a.action)).toEqual(['update']);
    expect(audit[0]!.before_json).toContain('Punto cerrado en horario de atención');
  });

  it('disables one: no new reports with it (nothing stored), gone from the form and Open311; old reports keep it', async () => {
    const old = await mustFile(t.app, w.ana, { category: 'recoleccion_no_realizada', lat: 6.27, lng: -75.6 });
    const current = (await publicCategories()).find((c) => c.code === 'recoleccion_no_realizada')!;
    const res = await asStaff('PUT', `${ADMIN_URL}/recoleccion_no_realizada`, { label: current.label, description: current.description, active: false });
    expect(res.json.data.active).toBe(false);
    const before = await t.app.db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const refused = await fileReport(t.app, w.bruno, reportBody({ category: 'recoleccion_no_realizada' }));
    expect(refused.status).toBe(400);
    expect(refused.json.fields).toEqual({ category: 'Elige una categoría de la lista.' });
    const after = await t.app.db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await publicCategories()).map((c) => c.code)).not.toContain('recoleccion_no_realizada');
    expect((await services()).map((s) => s.service_code)).not.toContain('recoleccion_no_realizada');
    const page = (await t.app.inject({ method: 'GET', url: `${REPORTS_URL}/${old.number}` })).json<{ data: Report }>().data;
    expect(page.category_label).toBe('Recolección no realizada');
    const audit = await t.app.db.selectFrom('audit_log').select('action').where('entity_id', '=', 'recoleccion_no_realizada').execute();
    expect(audit.map((a) => a.action)).toEqual(['deactivate']);
    // Staff still see it, to enable it again.
    expect((await asStaff('GET', ADMIN_URL)).json.data.map((c) => c.code)).toContain('recoleccion_no_realizada');
  });

  it('orders them as staff list them, and refuses a list that misses one', async () => {
    const all = (await asStaff('GET', ADMIN_URL)).json.data.map((c) => c.code);
    const reversed = [...all].reverse();
    const res = await asStaff('POST', `${ADMIN_URL}/order`, { codes: reversed });
    expect(res.status).toBe(200);
    expect((await publicCategories()).map((c) => c.code)).toEqual(reversed.filter((c) => c !== 'recoleccion_no_realizada'));
    const bad = await asStaff('POST', `${ADMIN_URL}/order`, { codes: reversed.slice(1) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields ?? {})).toEqual(['codes']);
  });

  it('is for staff only: a point manager gets 403 before the body is read', async () => {
    const res = await t.app.inject({ method: 'POST', url: ADMIN_URL, headers: w.managerX.headers, payload: 'not json' });
    expect(res.statusCode).toBe(403);
  });
});

describe('public map', () => {
  it('answers the markers of a viewport by status, without personal data', async () => {
    const open = await mustFile(t.app, w.ana, { category: 'otro', lat: 5.07, lng: -75.52 });
    const url = (q: string) => `${REPORTS_URL}/map?bbox=-75.53,5.06,-75.51,5.08${q}`;
    const map = (await t.app.inject({ method: 'GET', url: url('') })).json<{ data: ReportMap }>().data;
    expect(map).toEqual({
      items: [{ number: open.number, category: 'otro', category_label: 'Otro', status: 'abierto', lat: 5.07, lng: -75.52 }],
      total: 1,
      truncated: false,
    });
    const resolved = (await t.app.inject({ method: 'GET', url: url('&status=resuelto') })).json<{ data: ReportMap }>().data;
    expect(resolved.items).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: `${REPORTS_URL}/map?bbox=oops` });
    expect(bad.statusCode).toBe(400);
  });
});

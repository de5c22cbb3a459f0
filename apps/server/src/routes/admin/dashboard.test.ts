import type { AdminDashboard } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { filePqr, setPqrDates, validPqr } from '../../../test/factories/pqr.js';
import { buildRequestsWorld, createRequest, type RequestsWorld } from '../../../test/factories/requests.js';

const URL = '/back/api/v1/admin/dashboard';

describe('back-office home', () => {
  let t: TestApp;
  let w: RequestsWorld;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await buildRequestsWorld(t.app);
  });
  afterAll(() => t.close());

  async function dashboard(): Promise<AdminDashboard> {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: w.admin.headers });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  async function addContainer(pointId: number, material: string, fill: number): Promise<number> {
    const add = await t.app.inject({
      method: 'POST',
      url: `/back/api/v1/admin/points/${pointId}/containers`,
      headers: w.admin.headers,
      payload: { material, capacity_l: 1100, fill_level: fill },
    });
    expect(add.statusCode, add.body).toBe(201);
    return add.json().data.id;
  }

  it('counts PQRs overdue and due soon, pending pickups and full containers (fullest first, active points only)', async () => {
    const before = await dashboard();

    const overdue = (await filePqr(t.app, validPqr({ subject: 'Vencida' }))).json.data;
    await setPqrDates(t.app, overdue.radicado, {
      due_date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
    });
    await createRequest(t.app, w.householdA);
    await createRequest(t.app, w.householdB);
    const report = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/reports',
      headers: w.householdA.headers,
      payload: { category: 'punto_critico', description: 'Bolsas de basura en la esquina del parque.', lat: 6.2442, lng: -75.5812 },
    });
    expect(report.statusCode, report.body).toBe(201);
    const glass = await addContainer(w.points.p1, 'vidrio', 97);
    await addContainer(w.points.p1, 'pet', 91);
    await addContainer(w.points.p2, 'carton', 40);
    await addContainer(w.points.inactive, 'pet', 99);

    const after = await dashboard();
    expect(after.pqr.overdue - before.pqr.overdue).toBe(1);
    expect(after.requests_pending - before.requests_pending).toBe(2);
    expect(after.reports_open - before.reports_open).toBe(1);
    expect(after.containers_full - before.containers_full).toBe(2);
    expect(after.fullest[0]).toMatchObject({
      container_id: glass,
      point_id: w.points.p1,
      point_name: 'ECA Estadio',
      material: 'vidrio',
      material_name: 'Vidrio',
      fill_level: 97,
    });
    expect(after.fullest.map((c) => c.fill_level)).toEqual(
      [...after.fullest.map((c) => c.fill_level)].sort((a, b) => b - a),
    );
    expect(after.fullest.some((c) => c.point_id === w.points.inactive)).toBe(false);
  });

  it('is for staff only: 401 without a session, 403 for a point manager', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: URL, headers: w.manager1.headers })).statusCode).toBe(403);
  });
});

import type { MyStatistics, SchemeStatistics } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { nowIso } from '../../db/dialect.js';
import { bogotaDay, computeSchemeMonthFromLedger } from '../../features/statistics/statistics.service.js';
import { buildLedgerWorld, collected, type LedgerWorld, materialIds } from '../../../test/factories/statistics.js';
import { type Actor } from '../../../test/factories/users.js';

let t: TestApp;
let w: LedgerWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildLedgerWorld(t.app);
});
afterAll(() => t.close());

const get = (who: Actor | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const mine = async (who: Actor, query: string) => {
  const res = await get(who, `/back/api/v1/statistics/me?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as MyStatistics;
};

describe('Bogotá calendar', () => {
  it('puts 23:30 of 31 January in Bogotá (04:30 UTC on 1 February) in January', () => {
    expect(bogotaDay(new Date('2026-02-01T04:30:00.000Z'))).toBe('2026-01-31');
    expect(bogotaDay(new Date('2026-02-01T05:00:00.000Z'))).toBe('2026-02-01');
  });
});

describe('Mis cifras for a household', () => {
  it('sums recorded kg per Bogotá month and material, never estimates', async () => {
    const s = await mine(w.household, 'from=2026-01-01&to=2026-02-28');
    expect(s.kind).toBe('household');
    expect(s.rows).toEqual([
      { month: '2026-01', material: 'carton', kg: 4 },
      { month: '2026-01', material: 'pet', kg: 4 },
      { month: '2026-02', material: 'vidrio', kg: 3 },
    ].sort((a, b) => a.month.localeCompare(b.month) || s.materials.findIndex((m) => m.code === a.material) - s.materials.findIndex((m) => m.code === b.material)));
    expect(s.totals.period_kg).toBe(11);
    expect(s.totals.all_time_kg).toBe(11);
  });

  it('computes CO2e avoided with the WARM factors and the km equivalence', async () => {
    const s = await mine(w.household, 'from=2026-01-01&to=2026-02-28');
    // 4 × 1.14 + 4 × 3.46 + 3 × 0.30 = 19.30 kg CO2e; ÷ 0.244 kg/km = 79 km.
    expect(s.impact.co2e_kg).toBe(19.3);
    expect(s.impact.km_not_driven).toBe(79);
    expect(s.impact.source).toMatch(/WARM.*v16/);
    expect(s.impact.source).toMatch(/Estados Unidos/);
    // The references alone, for screens that add the note in their own language.
    expect(s.impact.references).toMatch(/WARM.*v16/);
    expect(s.impact.references).not.toMatch(/Estados Unidos/);
  });

  it('filters by material and by period', async () => {
    const pet = await mine(w.household, 'from=2026-01-01&to=2026-02-28&material=pet');
    expect(pet.rows).toEqual([{ month: '2026-01', material: 'pet', kg: 4 }]);
    const feb = await mine(w.household, 'from=2026-02-01&to=2026-02-28');
    expect(feb.totals.period_kg).toBe(3);
  });

  it('counts this month from collections made today', async () => {
    await collected(t.app, { requester: w.branch2, companyId: w.head.id, pointId: w.points.p2, at: nowIso(), items: { vidrio: 1.25 } });
    const s = await mine(w.branch2, `from=${bogotaDay(new Date()).slice(0, 7)}-01`);
    expect(s.kind).toBe('branch');
    expect(s.totals.month_kg).toBe(1.25);
    expect(s.totals.all_time_kg).toBe(21.25);
  });
});

describe('Mis cifras for a company head', () => {
  it('consolidates its branches and shows each one side by side, never another company', async () => {
    const s = await mine(w.head, 'from=2026-03-01&to=2026-04-30');
    expect(s.kind).toBe('company');
    expect(s.totals.period_kg).toBe(37);
    expect(s.rows).toEqual(
      expect.arrayContaining([
        { month: '2026-03', material: 'carton', kg: 30 },
        { month: '2026-03', material: 'pet', kg: 5 },
        { month: '2026-04', material: 'aluminio', kg: 2 },
      ]),
    );
    expect(s.rows).toHaveLength(3);
    const byName = Object.fromEntries((s.branches ?? []).map((b) => [b.name, b.total_kg]));
    expect(byName).toEqual({ 'Sede principal': 10, 'Reciclemos — Sede Belén': 7, 'Reciclemos — Sede Envigado': 20 });
  });
});

describe('Mis cifras for a point manager', () => {
  it('shows collections and container emptyings at its points, busiest days and pending vs collected', async () => {
    const ids = await materialIds(t.app);
    const { id: containerId } = await t.app.db
      .insertInto('containers')
      .values({ point_id: w.points.p1, material_id: ids.pet!, capacity_l: 1000, fill_level: 0, status: 'en-servicio', last_emptied_at: null, created_at: nowIso(), updated_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    // 03:00 UTC on 1 March is still 28 February in Bogotá.
    await t.app.db
      .insertInto('container_readings')
      .values({ container_id: containerId, kind: 'emptying', fill_level: 0, kg: 12, user_id: w.manager.id, created_at: '2026-03-01T03:00:00.000Z' })
      .execute();
    const s = await mine(w.manager, 'from=2026-01-01&to=2026-03-31');
    expect(s.kind).toBe('manager');
    expect(s.totals.period_kg).toBe(11);
    expect(s.manager?.emptyings).toEqual([{ month: '2026-02', material: 'pet', kg: 12 }]);
    expect(s.manager?.points).toEqual([{ id: w.points.p1, name: 'ECA Laureles', collected_kg: 11, emptied_kg: 12 }]);
    expect(s.manager?.collected).toBe(3);
    expect(s.manager?.pending).toBe(1);
    // 10 Jan 2026 was a Saturday; 31 Jan a Saturday; 1 Feb a Sunday.
    expect(s.manager?.busiest_days[0]).toEqual({ weekday: 6, collections: 2 });
  });
});

describe('staff: the whole scheme', () => {
  it('answers per material, city and point, and one month', async () => {
    const byMaterial = await get(w.admin, '/back/api/v1/admin/statistics?from=2026-03-01&to=2026-03-31');
    expect(byMaterial.statusCode).toBe(200);
    const m = byMaterial.json().data as SchemeStatistics;
    expect(m.total_kg).toBe(135);
    expect(m.rows.find((r) => r.key === 'carton')?.kg).toBe(130);
    const byCity = (await get(w.admin, '/back/api/v1/admin/statistics?from=2026-03-01&to=2026-03-31&group=city')).json().data as SchemeStatistics;
    expect(byCity.rows).toEqual([{ month: '2026-03', key: 'Envigado', label: 'Envigado', kg: 135 }]);
    const month = await get(w.admin, '/back/api/v1/admin/statistics/month?month=2026-01');
    // 2.5 PET + 4 cartón + 1.5 PET (23:30 on 31 January in Bogotá); the pending 10 kg never count.
    expect(month.json().data.total_kg).toBe(8);
  });

  it('keeps the monthly figure equal to the ledger when a collection is recorded, corrected, moved and removed', async () => {
    const monthOf = async (m: string) => (await get(w.admin, `/back/api/v1/admin/statistics/month?month=${m}`)).json().data as { total_kg: number; per_material: { material: string; kg: number }[] };
    const agrees = async (m: string) => expect(await monthOf(m)).toEqual(await computeSchemeMonthFromLedger(t.app.db, m));
    const before = (await monthOf('2025-07')).total_kg;
    const id = await collected(t.app, { requester: w.household, companyId: null, pointId: w.points.p1, at: '2025-07-10T15:00:00Z', items: { carton: 3.25, pet: 1.5 } });
    expect((await monthOf('2025-07')).total_kg).toBe(before + 4.75);
    await agrees('2025-07');
    const carton = (await materialIds(t.app)).carton!;
    await t.app.db.updateTable('pickup_request_items').set({ actual_kg: 5 }).where('request_id', '=', id).where('material_id', '=', carton).execute();
    expect((await monthOf('2025-07')).per_material.find((p) => p.material === 'carton')?.kg).toBe(5);
    await agrees('2025-07');
    await t.app.db.updateTable('pickup_request_items').set({ collected_on: '2025-08-01' }).where('request_id', '=', id).where('material_id', '=', carton).execute();
    await agrees('2025-07');
    await agrees('2025-08');
    await t.app.db.deleteFrom('pickup_request_items').where('request_id', '=', id).execute();
    expect((await monthOf('2025-07')).total_kg).toBe(before);
    expect((await monthOf('2025-08')).per_material.find((p) => p.material === 'carton')).toBeUndefined();
    await agrees('2025-07');
    await agrees('2025-08');
  });

  it('refuses people who are not staff before reading the query', async () => {
    expect((await get(w.head, '/back/api/v1/admin/statistics?group=nope')).statusCode).toBe(403);
    expect((await get(null, '/back/api/v1/admin/statistics?group=nope')).statusCode).toBe(401);
    expect((await get(w.admin, '/back/api/v1/admin/statistics?group=nope')).statusCode).toBe(400);
  });
});

describe('bad input and access', () => {
  it('asks for a login before checking the query', async () => {
    expect((await get(null, '/back/api/v1/statistics/me?from=nope')).statusCode).toBe(401);
  });

  it('names the field of a wrong period', async () => {
    const res = await get(w.household, '/back/api/v1/statistics/me?from=2026-05-01&to=2026-04-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('to');
    const bad = await get(w.household, '/back/api/v1/statistics/me?from=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('from');
  });
});

describe('landing impact and factors', () => {
  it('gives the scheme total and CO2e publicly', async () => {
    const res = await get(null, '/back/api/v1/statistics/impact');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.json().data.total_kg).toBeGreaterThanOrEqual(148);
    // This Bogotá month's kilos, for the landing page: the collection made today is in it.
    expect(res.json().data.month).toBe(bogotaDay(new Date()).slice(0, 7));
    expect(res.json().data.month_kg).toBeGreaterThanOrEqual(1.25);
  });

  it('lets staff change a factor, with an audit entry; others get 403', async () => {
    const forbidden = await t.app.inject({ method: 'PATCH', url: '/back/api/v1/admin/impact-factors/vidrio', headers: w.head.headers, payload: { factor: 'x' } });
    expect(forbidden.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'PATCH', url: '/back/api/v1/admin/impact-factors/vidrio', headers: w.admin.headers, payload: { factor: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('factor');
    const res = await t.app.inject({ method: 'PATCH', url: '/back/api/v1/admin/impact-factors/vidrio', headers: w.admin.headers, payload: { factor: 0.31 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'vidrio', factor: 0.31, version: 'v16' });
    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('entity', '=', 'impact-factor').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ factor: 0.3 });
    const factors = (await get(null, '/back/api/v1/statistics/factors')).json().data as { code: string; factor: number }[];
    expect(factors.find((f) => f.code === 'vidrio')?.factor).toBe(0.31);
    const unknown = await t.app.inject({ method: 'PATCH', url: '/back/api/v1/admin/impact-factors/nada', headers: w.admin.headers, payload: { factor: 1 } });
    expect(unknown.statusCode).toBe(404);
  });
});

import type { MyStatistics } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoApp } from '../../../test/factories/demo.js';
import { loginAsDemo } from '../../../test/factories/users.js';
import type { TestApp } from '../../../test/helper.js';
import { addDays, bogotaDay } from '../../features/statistics/statistics.service.js';

let t: TestApp;

beforeAll(async () => {
  // Seeded twice: a second start adds nothing.
  t = await buildDemoApp();
}, 60_000);
afterAll(() => t.close());

const as = (email: string) => loginAsDemo(t.app, email);

async function figures(email: string): Promise<MyStatistics> {
  const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/statistics/me', headers: await as(email) });
  expect(res.statusCode).toBe(200);
  return res.json().data as MyStatistics;
}

describe('demo figures at first start', () => {
  it('gives the demo household several materials in every one of the last months', async () => {
    const s = await figures('hogar@demo.puntoverde.co');
    const months = new Set(s.rows.map((r) => r.month));
    expect(months.size).toBeGreaterThanOrEqual(11);
    expect(new Set(s.rows.map((r) => r.material)).size).toBeGreaterThanOrEqual(4);
    expect(s.impact.co2e_kg).toBeGreaterThan(0);
  });

  it('consolidates the demo company over its head office and branch', async () => {
    const s = await figures('empresa@demo.puntoverde.co');
    expect(s.branches?.map((b) => b.total_kg > 0)).toEqual([true, true]);
    expect(s.totals.period_kg).toBeCloseTo((s.branches ?? []).reduce((sum, b) => sum + b.total_kg, 0), 1);
  });

  it('lets the demo company ask for a certificate for the last year', async () => {
    const today = bogotaDay(new Date());
    const res = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/certificates',
      headers: await as('empresa@demo.puntoverde.co'),
      payload: { from: addDays(today, -365), to: today },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.total_kg).toBeGreaterThan(1000);
  });
});

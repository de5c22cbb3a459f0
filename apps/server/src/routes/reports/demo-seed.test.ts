import { REPORT_SEEDED_CATEGORIES, REPORT_STATUSES, type Report, type ReportList } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoApp } from '../../../test/factories/demo.js';
import { loginAsDemo } from '../../../test/factories/users.js';
import type { TestApp } from '../../../test/helper.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildDemoApp();
}, 120_000);
afterAll(() => t.close());

async function all(query: string, headers: Record<string, string> = {}): Promise<ReportList> {
  const res = await t.app.inject({ method: 'GET', url: `/back/api/v1/reports?page_size=100&${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: ReportList }>().data;
}

describe('demo reports', () => {
  it('seeds 30 reports once, in every status and category, some with photos and followers', async () => {
    const statuses = REPORT_STATUSES.join(',');
    const list = await all(`status=${statuses}`);
    expect(list.total).toBe(30);
    expect(new Set(list.items.map((r) => r.status))).toEqual(new Set(REPORT_STATUSES));
    expect(new Set(list.items.map((r) => r.category))).toEqual(new Set(REPORT_SEEDED_CATEGORIES));
    expect(list.items.filter((r) => r.photos.length).length).toBeGreaterThanOrEqual(5);
    expect(list.items.filter((r) => r.followers > 0).length).toBeGreaterThan(0);
    const duplicates = list.items.filter((r) => r.status === 'duplicado');
    expect(duplicates.length).toBeGreaterThan(0);
    for (const d of duplicates) expect(d.duplicate_of).toMatch(/^REP-/);
  });

  it('asks the demo household "¿Se resolvió?" on one resolved report', async () => {
    const headers = await loginAsDemo(t.app, 'hogar@demo.puntoverde.co');
    const mine = await all('scope=mine', headers);
    expect(mine.items.filter((r: Report | ReportList['items'][number]) => r.follow_up_pending)).toHaveLength(1);
  });

  it('gives the demo manager an inbox of their points', async () => {
    const headers = await loginAsDemo(t.app, 'gestor@demo.puntoverde.co');
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/handling/reports', headers });
    expect(res.json<{ data: { total: number } }>().data.total).toBeGreaterThan(0);
  });
});

import type { PickupRequestList } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoApp } from '../../../test/factories/demo.js';
import { loginAsDemo } from '../../../test/factories/users.js';
import type { TestApp } from '../../../test/helper.js';

let t: TestApp;

beforeAll(async () => {
  // The statistics seeder adds a year of collected pickups of its own, the recyclers' route the
  // day's programmed ones (their own tests count them). Seeded twice: a second start adds nothing.
  t = await buildDemoApp({ except: ['statistics', 'recycler-route'] });
}, 60_000);
afterAll(() => t.close());

const list = async (email: string) => {
  const headers = await loginAsDemo(t.app, email);
  const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/requests', headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as PickupRequestList;
};

describe('demo pickup requests', () => {
  it('gives the demo household a collected and a cancelled request with their timelines', async () => {
    const mine = await list('hogar@demo.puntoverde.co');
    expect(mine.items.map((r) => r.status).sort()).toEqual(['cancelada', 'recogida']);
    expect(mine.items.find((r) => r.status === 'recogida')?.total_actual_kg).toBe(11);
  });

  it('shows the demo company head its branch’s requests and the manager the requests to their points', async () => {
    const head = await list('empresa@demo.puntoverde.co');
    expect(head.total).toBe(2);
    expect(head.items.every((r) => r.requester.kind === 'branch')).toBe(true);
    const manager = await list('gestor@demo.puntoverde.co');
    expect(manager.total).toBe(4);
    expect(manager.items.filter((r) => r.status === 'pendiente')).toHaveLength(1);
  });
});

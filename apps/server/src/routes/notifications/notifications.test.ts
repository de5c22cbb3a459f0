import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { notify } from '../../features/notifications/notifications.service.js';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';

let t: TestApp;
let ana: TestUser;
let beto: TestUser;
let anaHeaders: { authorization: string };
let betoHeaders: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createUser(t.app);
  beto = await createUser(t.app);
  anaHeaders = await loginAs(t.app, ana);
  betoHeaders = await loginAs(t.app, beto);
});
afterAll(() => t.close());

const list = async (headers: { authorization: string }, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/back/api/v1/notifications${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('in-app notifications', () => {
  it('lists a user’s notifications newest first with the unread count, and nobody else’s', async () => {
    await notify(t.app.db, ana.id, { title: 'Primera', body: 'Uno', link: '/app/tabs/request/1' });
    await notify(t.app.db, ana.id, { title: 'Segunda', body: 'Dos', link: null });
    await notify(t.app.db, beto.id, { title: 'De Beto', body: 'Tres', link: null });
    const mine = await list(anaHeaders);
    expect(mine.items.map((n: { title: string }) => n.title)).toEqual(['Segunda', 'Primera']);
    expect(mine).toMatchObject({ total: 2, unread_count: 2 });
    expect(mine.items[1]).toMatchObject({ link: '/app/tabs/request/1', read_at: null });
  });

  it('marks one read, and refuses someone else’s', async () => {
    const mine = await list(anaHeaders);
    const id = mine.items[0].id as number;
    const theirs = await t.app.inject({ method: 'POST', url: `/back/api/v1/notifications/${id}/read`, headers: betoHeaders });
    expect(theirs.statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: `/back/api/v1/notifications/${id}/read`, headers: anaHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.read_at).not.toBeNull();
    expect((await list(anaHeaders)).unread_count).toBe(1);
    expect((await list(anaHeaders, '?unread=true')).items).toHaveLength(1);
  });

  it('marks all read', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/back/api/v1/notifications/read-all', headers: anaHeaders });
    expect(res.json().data.updated).toBe(1);
    expect((await list(anaHeaders)).unread_count).toBe(0);
    expect((await list(betoHeaders)).unread_count).toBe(1);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/back/api/v1/notifications' })).statusCode).toBe(401);
  });

  it('appears in the user’s data export', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/me/export', headers: anaHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sections.notifications).toHaveLength(2);
    expect(res.json().data.sections.pickup_requests).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { uploadImage } from '../../../test/factories/files.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';

const DAY = 24 * 60 * 60 * 1000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

function campaignInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Recolección de pilas en el barrio',
    summary: 'Trae tus pilas usadas al punto limpio y evita que contaminen el agua.',
    body: 'Recibimos pilas AA, AAA, C, D y de 9 V.',
    starts_at: at(-1),
    ends_at: at(5),
    place_name: 'Parque principal',
    address: 'Calle 10 # 43-20',
    city: 'Medellín',
    lat: 6.2086,
    lng: -75.5676,
    materials: ['pilas'],
    published: true,
    ...overrides,
  };
}

describe('campaigns', () => {
  let t: TestApp;
  let admin: BearerUser;
  let household: BearerUser;
  let neighbour: BearerUser;

  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/back/api/v1/admin/campaigns', headers: admin.headers, payload: campaignInput(overrides) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; status: string; image_url: string | null };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true, name: 'Ana Admin' });
    household = await createBearerUser(t.app.db, t.config.tokenSecret, { tc_id: 2 });
    neighbour = await createBearerUser(t.app.db, t.config.tokenSecret, { tc_id: 2 });
  });
  afterAll(() => t.close());

  it('lets an admin create a campaign with an image that then becomes public', async () => {
    const imageId = await uploadImage(t.app, admin, { size: { width: 80, height: 60 } });
    const created = await create({ image_id: imageId });
    expect(created).toMatchObject({ status: 'ongoing', image_url: `/back/api/v1/files/${imageId}` });
    const image = await t.app.inject({ method: 'GET', url: created.image_url! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toContain('public');
  });

  it('refuses an image that belongs to someone else', async () => {
    const foreign = await uploadImage(t.app, household, { size: { width: 80, height: 60 } });
    const other = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true });
    // Admins may attach any upload; a missing one is refused.
    const res = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/admin/campaigns',
      headers: other.headers,
      payload: campaignInput({ image_id: 'A'.repeat(24) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'file-reference-invalid', fields: { image_id: expect.any(String) } });
    expect(foreign).toBeTruthy();
  });

  it('rejects an end date before the start date with a field error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/admin/campaigns',
      headers: admin.headers,
      payload: campaignInput({ starts_at: at(3), ends_at: at(1) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('ends_at');
  });

  it('lists ongoing, upcoming and past campaigns by status, hiding unpublished ones', async () => {
    const upcoming = await create({ title: 'Campaña próxima de vidrio', starts_at: at(10), ends_at: at(12) });
    const past = await create({ title: 'Campaña pasada de papel', starts_at: at(-10), ends_at: at(-8) });
    const hidden = await create({ title: 'Borrador sin publicar', published: false });
    const list = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/back/api/v1/campaigns${q}` })).json().data as {
        items: { id: number; status: string }[];
        total: number;
      };
    const all = await list('');
    expect(all.items.map((c) => c.id)).not.toContain(hidden.id);
    // Ongoing first, then upcoming, then past.
    const statuses = all.items.map((c) => c.status);
    expect(statuses.indexOf('ongoing')).toBeLessThan(statuses.indexOf('upcoming'));
    expect(statuses.indexOf('upcoming')).toBeLessThan(statuses.indexOf('past'));
    expect((await list('?status=upcoming')).items.map((c) => c.id)).toEqual([upcoming.id]);
    expect((await list('?status=past')).items.map((c) => c.id)).toEqual([past.id]);
    expect((await list('?q=VIDRIO')).items.map((c) => c.id)).toEqual([upcoming.id]);
    expect((await list('?q=100%25')).total).toBe(0);
    const hiddenRes = await t.app.inject({ method: 'GET', url: `/back/api/v1/campaigns/${hidden.id}` });
    expect(hiddenRes.statusCode).toBe(404);
    const adminList = await t.app.inject({ method: 'GET', url: '/back/api/v1/admin/campaigns?page_size=100', headers: admin.headers });
    expect(adminList.json().data.items.map((c: { id: number }) => c.id)).toContain(hidden.id);
  });

  it('shows the ongoing campaign that ends soonest first', async () => {
    const later = await create({ title: 'Termina tarde', starts_at: at(-30), ends_at: at(30) });
    const sooner = await create({ title: 'Termina pronto', starts_at: at(-2), ends_at: at(0.5) });
    const ongoing = (await t.app.inject({ method: 'GET', url: '/back/api/v1/campaigns?status=ongoing&page_size=100' })).json().data.items as { id: number }[];
    const ids = ongoing.map((c) => c.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids[0]).toBe(sooner.id);
  });

  it('paginates the list', async () => {
    const page1 = (await t.app.inject({ method: 'GET', url: '/back/api/v1/campaigns?page=1&page_size=2' })).json().data;
    const page2 = (await t.app.inject({ method: 'GET', url: '/back/api/v1/campaigns?page=2&page_size=2' })).json().data;
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBeGreaterThanOrEqual(3);
    expect(page2.items[0].id).not.toBe(page1.items[0].id);
  });

  it('lets a household join and leave, showing "joined" only to them', async () => {
    const c = await create();
    const join = await t.app.inject({ method: 'POST', url: `/back/api/v1/campaigns/${c.id}/join`, headers: household.headers });
    expect(join.statusCode).toBe(200);
    expect(join.json().data).toEqual({ joined: true, participants_count: 1 });
    // Joining twice changes nothing.
    const again = await t.app.inject({ method: 'POST', url: `/back/api/v1/campaigns/${c.id}/join`, headers: household.headers });
    expect(again.json().data.participants_count).toBe(1);
    const mine = await t.app.inject({ method: 'GET', url: `/back/api/v1/campaigns/${c.id}`, headers: household.headers });
    expect(mine.json().data).toMatchObject({ joined: true, participants_count: 1 });
    const theirs = await t.app.inject({ method: 'GET', url: `/back/api/v1/campaigns/${c.id}`, headers: neighbour.headers });
    expect(theirs.json().data.joined).toBe(false);
    const participants = await t.app.inject({ method: 'GET', url: `/back/api/v1/admin/campaigns/${c.id}/participants`, headers: admin.headers });
    expect(participants.json().data.map((p: { user_id: number }) => p.user_id)).toEqual([household.id]);
    const leave = await t.app.inject({ method: 'DELETE', url: `/back/api/v1/campaigns/${c.id}/join`, headers: household.headers });
    expect(leave.json().data).toEqual({ joined: false, participants_count: 0 });
  });

  it('requires login to join and refuses joining a finished campaign', async () => {
    const ongoing = await create();
    expect((await t.app.inject({ method: 'POST', url: `/back/api/v1/campaigns/${ongoing.id}/join` })).statusCode).toBe(401);
    const past = await create({ starts_at: at(-5), ends_at: at(-4) });
    const res = await t.app.inject({ method: 'POST', url: `/back/api/v1/campaigns/${past.id}/join`, headers: household.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('campaign-ended');
  });

  it('offers the campaign as an iCalendar event', async () => {
    const c = await create({ title: 'Reciclatón; vidrio, papel', starts_at: '2026-12-05T14:00:00.000Z', ends_at: '2026-12-05T20:00:00.000Z' });
    const res = await t.app.inject({ method: 'GET', url: `/back/api/v1/campaigns/${c.id}/calendar.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body).toContain('BEGIN:VEVENT');
    expect(res.body).toContain('DTSTART:20261205T140000Z');
    expect(res.body).toContain('DTEND:20261205T200000Z');
    expect(res.body).toContain('SUMMARY:Reciclatón\\; vidrio\\, papel');
    expect(res.body.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
  });

  it('updates and deletes a campaign, recording both in the audit log with before and after', async () => {
    const c = await create({ title: 'Título original' });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/back/api/v1/admin/campaigns/${c.id}`,
      headers: admin.headers,
      payload: campaignInput({ title: 'Título corregido', materials: ['vidrio', 'pet'] }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Título corregido', materials: ['pet', 'vidrio'] });
    const del = await t.app.inject({ method: 'DELETE', url: `/back/api/v1/admin/campaigns/${c.id}`, headers: admin.headers });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/back/api/v1/admin/campaigns/${c.id}`, headers: admin.headers })).statusCode).toBe(404);
    const audit = await t.app.inject({ method: 'GET', url: `/back/api/v1/admin/audit?entity=campaign&entity_id=${c.id}`, headers: admin.headers });
    const items = audit.json().data.items as { action: string; before: { title: string } | null; after: { title: string } | null; actor: { name: string } }[];
    expect(items.map((i) => i.action)).toEqual(['delete', 'update', 'create']);
    expect(items[1]).toMatchObject({ before: { title: 'Título original' }, after: { title: 'Título corregido' }, actor: { name: 'Ana Admin' } });
  });

  it('rejects unknown material codes and points with field errors', async () => {
    const material = await t.app.inject({ method: 'POST', url: '/back/api/v1/admin/campaigns', headers: admin.headers, payload: campaignInput({ materials: ['kriptonita'] }) });
    expect(material.statusCode).toBe(400);
    expect(material.json()).toMatchObject({ code: 'unknown-material', fields: { materials: expect.any(String) } });
    const point = await t.app.inject({ method: 'POST', url: '/back/api/v1/admin/campaigns', headers: admin.headers, payload: campaignInput({ point_id: 987654 }) });
    expect(point.statusCode).toBe(400);
    expect(point.json().fields).toHaveProperty('point_id');
  });

  it('answers 404 when editing a campaign that does not exist, writing nothing', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/back/api/v1/admin/campaigns/999999', headers: admin.headers, payload: campaignInput() });
    expect(res.statusCode).toBe(404);
  });
});

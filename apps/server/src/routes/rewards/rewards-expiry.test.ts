import type { LedgerPage, NotificationList, RewardBalance } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addRate,
  bogotaDay,
  expirePoints,
  noticeExpiringPoints,
  settleCollectedPickup,
  verifyBalances,
} from '../../features/rewards/rewards.service.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { buildRequestsWorld, type RequestsWorld } from '../../../test/factories/requests.js';
import { createActor, type Actor } from '../../../test/factories/users.js';

/**
 * Points expire 12 months after they were earned, oldest first (FIFO), as `expired` entries of
 * the ledger written by the periodic job, and people hear 30 days before through the
 * notifications; through the API on the database under test (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */

const R = '/back/api/v1/rewards';
const DAY_MS = 86_400_000;
let t: TestApp;
let w: RequestsWorld;
let petId: number;
let nextRequestId = 990_000;

/** `who` earns `kg` of PET × 10 points, booked as collected at `at`. */
async function earnAt(who: Actor, kg: number, at: Date): Promise<void> {
  nextRequestId += 1;
  const requestId = nextRequestId;
  await t.app.db.transaction().execute((trx) =>
    settleCollectedPickup(
      trx,
      {
        requestId,
        requesterId: who.id,
        companyId: null,
        pointId: w.points.p1,
        collectedAt: at,
        items: [{ materialId: petId, kg }],
      },
      at,
    ),
  );
}

function monthsAgo(months: number, days = 0): Date {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - months);
  return new Date(d.getTime() + days * DAY_MS);
}

async function balanceOf(who: Actor): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `${R}/balance`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: RewardBalance }>().data.balance;
}

async function ledgerOf(who: Actor): Promise<LedgerPage> {
  const res = await t.app.inject({ method: 'GET', url: `${R}/ledger?page_size=100`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: LedgerPage }>().data;
}

async function expiryNotices(who: Actor) {
  const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/notifications', headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: NotificationList }>().data.items.filter((n) => n.title === 'Tus puntos están por vencer');
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildRequestsWorld(t.app);
  await addRate(
    t.app.db,
    {
      material: 'pet',
      points_per_kg: 10,
      max_kg_per_pickup: 500,
      effective_from: bogotaDay(new Date(Date.now() - 800 * DAY_MS)),
    },
    null,
  );
  const pet = await t.app.db.selectFrom('materials').select('id').where('code', '=', 'pet').executeTakeFirstOrThrow();
  petId = pet.id;
}, 120_000);

afterAll(() => t?.close());

describe('points expiry', () => {
  it('points earned more than 12 months ago and never spent expire as one entry; newer points stay', async () => {
    const who = await createActor(t.app);
    await earnAt(who, 10, monthsAgo(13));
    await earnAt(who, 5, monthsAgo(2));
    expect(await balanceOf(who)).toBe(150);

    await expirePoints(t.app.db);

    expect(await balanceOf(who)).toBe(50);
    const [latest] = (await ledgerOf(who)).items;
    expect(latest).toMatchObject({ kind: 'expired', points: -100, cause_type: 'expiry' });
    expect(latest!.description).toContain('Vencieron 100 puntos');
    expect(latest!.reason).toContain('12 meses');
    expect(await verifyBalances(t.app.db)).toMatchObject({ differences: [] });
  });

  it('spending takes the oldest points first: only what is left of them expires', async () => {
    const who = await createActor(t.app);
    await earnAt(who, 10, monthsAgo(14));
    await earnAt(who, 3, monthsAgo(1));
    const spent = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/admin/rewards/adjustments',
      headers: w.admin.headers,
      payload: { email: who.email, points: -60, reason: 'Canje registrado a mano en el aliado' },
    });
    expect(spent.statusCode, spent.body).toBe(201);

    await expirePoints(t.app.db);

    expect((await ledgerOf(who)).items.map((e) => [e.kind, e.points])).toEqual([
      ['expired', -40],
      ['adjusted', -60],
      ['earned', 30],
      ['earned', 100],
    ]);
    expect(await balanceOf(who)).toBe(30);
  });

  it('runs again, or on two instances at once, without expiring anything twice', async () => {
    const who = await createActor(t.app);
    await earnAt(who, 7, monthsAgo(13));
    await Promise.all([expirePoints(t.app.db), expirePoints(t.app.db)]);
    await expirePoints(t.app.db);
    const expired = (await ledgerOf(who)).items.filter((e) => e.kind === 'expired');
    expect(expired.map((e) => e.points)).toEqual([-70]);
    expect(await balanceOf(who)).toBe(0);
    expect(await verifyBalances(t.app.db)).toMatchObject({ differences: [] });
  });

  it('30 days before, the account hears once how many points expire and from when; nothing expires yet', async () => {
    const who = await createActor(t.app);
    await earnAt(who, 8, monthsAgo(12, 10));
    await earnAt(who, 2, monthsAgo(3));

    await noticeExpiringPoints(t.app.db);
    await noticeExpiringPoints(t.app.db);
    await expirePoints(t.app.db);

    const notices = await expiryNotices(who);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toMatch(/^80 puntos vencen desde el \d+ de \w+ de \d{4}\. Úsalos antes en Recompensas\.$/);
    expect(notices[0]!.link).toBe('/recompensas');
    expect(await balanceOf(who)).toBe(100);
  });

  it('the balance tells how many points expire next and on which day, within the 30 days before', async () => {
    const who = await createActor(t.app);
    const soon = monthsAgo(12, 10);
    await earnAt(who, 8, soon);
    await earnAt(who, 2, monthsAgo(3));
    const res = await t.app.inject({ method: 'GET', url: `${R}/balance`, headers: who.headers });
    const expiring = res.json<{ data: RewardBalance }>().data.expiring;
    const on = new Date(soon.getTime());
    on.setUTCMonth(on.getUTCMonth() + 12);
    expect(expiring).toEqual({ points: 80, on: bogotaDay(on) });

    const later = await createActor(t.app);
    await earnAt(later, 5, monthsAgo(6));
    const far = await t.app.inject({ method: 'GET', url: `${R}/balance`, headers: later.headers });
    expect(far.json<{ data: RewardBalance }>().data.expiring).toBeNull();
  });

  it('an account whose old points were all spent hears nothing and loses nothing', async () => {
    const who = await createActor(t.app);
    await earnAt(who, 5, monthsAgo(12, 5));
    await earnAt(who, 5, monthsAgo(1));
    const spent = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/admin/rewards/adjustments',
      headers: w.admin.headers,
      payload: { email: who.email, points: -50, reason: 'Canje registrado a mano en el aliado' },
    });
    expect(spent.statusCode, spent.body).toBe(201);
    await noticeExpiringPoints(t.app.db);
    await expirePoints(t.app.db, new Date(Date.now() + 10 * DAY_MS));
    expect(await expiryNotices(who)).toHaveLength(0);
    expect(await balanceOf(who)).toBe(50);
  });
});

import type {
  AllyRedemption,
  LedgerPage,
  RedemptionWithQr,
  RewardBalance,
  RewardHold,
  RewardOffer,
  RewardRate,
} from '@puntoverde/contract';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { createAlly } from '../../../test/factories/allies.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/dialect.js';
import {
  addRate,
  assignAllyStaff,
  bogotaDay,
  expireDueRedemptions,
  settleCollectedPickup,
  verifyBalances,
} from '../../features/rewards/rewards.service.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { assignManagers } from '../../../test/factories/points.js';
import {
  buildRequestsWorld,
  changeRequestStatus,
  createRequest,
  statusBody,
  type RequestsWorld,
} from '../../../test/factories/requests.js';
import { createActor, createBearerUser, type Actor } from '../../../test/factories/users.js';

/**
 * Rewards through the API: weighed kilos earn with the rate of the collection day, the ledger
 * sums to the balance, anti-fraud rules, offers approved by staff, redemption codes confirmed
 * by the ally's staff, expiry giving points and stock back, and the concurrency figures on the
 * database under test (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */

const R = '/back/api/v1/rewards';
const A = '/back/api/v1/admin/rewards';
let t: TestApp;
let w: RequestsWorld;
let allyId: number;
let otherAllyId: number;
let allyStaff: Actor;
let otherAllyStaff: Actor;
let materialIds: Record<string, number>;

/** Files a request as `who` and has staff take it to collected with `items` weighed. */
async function collect(
  who: Actor,
  items: Array<{ material: string; actual_kg: number }>,
  options: { managerOfItsPoint?: boolean } = {},
) {
  const manager = w.admin;
  const request = await createRequest(t.app, who, {
    items: items.map((i) => ({ material: i.material, estimated_kg: 1 })),
  });
  if (options.managerOfItsPoint) await assignManagers(t.app.db, [{ pointId: request.point.id, userId: who.id }]);
  for (const status of ['aceptada', 'programada'] as const) {
    const res = await changeRequestStatus(t.app, manager, request.id, statusBody(status));
    if (res.statusCode !== 200) throw new Error(`${status}: ${res.statusCode} ${res.body}`);
  }
  const res = await changeRequestStatus(t.app, manager, request.id, { status: 'recogida', items });
  if (res.statusCode !== 200) throw new Error(`recogida: ${res.statusCode} ${res.body}`);
  return request;
}

async function balanceOf(who: { headers: Actor['headers'] }): Promise<RewardBalance> {
  const res = await t.app.inject({ method: 'GET', url: `${R}/balance`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: RewardBalance }>().data;
}

async function ledgerOf(who: { headers: Actor['headers'] }): Promise<LedgerPage> {
  const res = await t.app.inject({ method: 'GET', url: `${R}/ledger?page_size=100`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: LedgerPage }>().data;
}

const newAlly = (name: string) => createAlly(t.app.db, name);

async function approvedOffer(attrs: {
  cost: number;
  stock: number;
  limit?: number;
  ally?: number;
}): Promise<RewardOffer> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${A}/offers`,
    headers: w.admin.headers,
    payload: {
      ally_id: attrs.ally ?? allyId,
      title: `Bono ${attrs.cost} puntos`,
      terms: 'Válido en la tienda del aliado.',
      cost_points: attrs.cost,
      stock: attrs.stock,
      valid_from: bogotaDay(new Date(Date.now() - 86_400_000)),
      valid_to: bogotaDay(new Date(Date.now() + 30 * 86_400_000)),
      per_person_limit: attrs.limit ?? 100,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: RewardOffer }>().data;
}

async function adjust(email: string, points: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${A}/adjustments`,
    headers: w.admin.headers,
    payload: { email, points, reason: 'Saldo de prueba para canjes' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

function redeem(who: { headers: Actor['headers'] }, offerId: number) {
  return t.app.inject({
    method: 'POST',
    url: `${R}/redemptions`,
    headers: who.headers,
    payload: { offer_id: offerId },
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildRequestsWorld(t.app);
  const yearAgo = bogotaDay(new Date(Date.now() - 400 * 86_400_000));
  await addRate(t.app.db, { material: 'pet', points_per_kg: 10, max_kg_per_pickup: 50, effective_from: yearAgo }, null);
  await addRate(
    t.app.db,
    { material: 'carton', points_per_kg: 5, max_kg_per_pickup: 100, effective_from: yearAgo },
    null,
  );
  const rows = await t.app.db.selectFrom('materials').select(['id', 'code']).execute();
  materialIds = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  allyId = await newAlly('Tienda Verde');
  otherAllyId = await newAlly('Café del Parque');
  allyStaff = await createActor(t.app, { name: 'Cajera Tienda Verde' });
  otherAllyStaff = await createActor(t.app, { name: 'Cajero Café' });
  await assignAllyStaff(t.app.db, allyStaff.email, allyId, null);
  await assignAllyStaff(t.app.db, otherAllyStaff.email, otherAllyId, null);
}, 120_000);

afterAll(() => t?.close());

describe('earning', () => {
  it('a pickup collected with 4,5 kg of PET earns 45 points, with the entry that earned them', async () => {
    const who = await createActor(t.app);
    const request = await collect(who, [{ material: 'pet', actual_kg: 4.5 }]);
    expect((await balanceOf(who)).balance).toBe(45);
    const ledger = await ledgerOf(who);
    expect(ledger.items).toHaveLength(1);
    expect(ledger.items[0]).toMatchObject({
      kind: 'earned',
      points: 45,
      cause_type: 'pickup',
      cause_id: String(request.id),
    });
    expect(ledger.items[0]!.description).toContain('4,5 kg');
  });

  it('estimated kilos never earn: only the weighed kilos of the collection do', async () => {
    const who = await createActor(t.app);
    const request = await createRequest(t.app, who, { items: [{ material: 'pet', estimated_kg: 9 }] });
    for (const status of ['aceptada', 'programada'] as const) {
      const res = await changeRequestStatus(t.app, w.admin, request.id, statusBody(status));
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await balanceOf(who)).balance).toBe(0);
    const res = await changeRequestStatus(t.app, w.admin, request.id, {
      status: 'recogida',
      items: [{ material: 'pet', actual_kg: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await balanceOf(who)).balance).toBe(20);
  });

  it('a branch earns on its company head’s balance', async () => {
    await collect(w.branch1, [{ material: 'carton', actual_kg: 10 }]);
    expect((await balanceOf(w.head1)).balance).toBe(50);
    expect((await balanceOf(w.branch1)).balance).toBe(50);
  });

  it('a new rate applies from its date on, never to pickups collected before', async () => {
    const who = await createActor(t.app);
    const tomorrow = bogotaDay(new Date(Date.now() + 86_400_000));
    const res = await t.app.inject({
      method: 'POST',
      url: `${A}/rates`,
      headers: w.admin.headers,
      payload: { material: 'vidrio', points_per_kg: 3, max_kg_per_pickup: 80, effective_from: tomorrow },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: RewardRate }>().data).toMatchObject({ material: 'vidrio', current: false });
    await collect(who, [{ material: 'vidrio', actual_kg: 10 }]);
    expect((await balanceOf(who)).balance).toBe(0);
    const audit = await t.app.db.selectFrom('audit_log').select('action').where('entity', '=', 'reward_rate').execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a rate dated in the past with 400 naming effective_from', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${A}/rates`,
      headers: w.admin.headers,
      payload: { material: 'pet', points_per_kg: 99, max_kg_per_pickup: 50, effective_from: '2020-01-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string; fields: Record<string, string> }>()).toMatchObject({
      code: 'reward-rate-retroactive',
    });
    expect(res.json<{ fields: Record<string, string> }>().fields).toHaveProperty('effective_from');
  });

  it('a point manager earns nothing from a pickup at their own point', async () => {
    const who = await createActor(t.app);
    await collect(who, [{ material: 'pet', actual_kg: 8 }], { managerOfItsPoint: true });
    expect((await balanceOf(who)).balance).toBe(0);
    expect((await ledgerOf(who)).items).toHaveLength(0);
    await t.app.db.deleteFrom('point_managers').where('user_id', '=', who.id).execute();
  });

  it('kilos above the plausibility bound hold the points until staff approve them', async () => {
    const who = await createActor(t.app);
    const request = await collect(who, [{ material: 'pet', actual_kg: 60 }]);
    expect(await balanceOf(who)).toMatchObject({ balance: 0, held_points: 600 });
    const queue = await t.app.inject({ method: 'GET', url: `${A}/holds`, headers: w.admin.headers });
    const hold = queue.json<{ data: RewardHold[] }>().data.find((h) => h.request_id === request.id)!;
    expect(hold.reasons[0]).toContain('supera el máximo creíble de 50 kg');
    const review = await t.app.inject({
      method: 'POST',
      url: `${A}/holds/${hold.id}/review`,
      headers: w.admin.headers,
      payload: { decision: 'approved', note: 'Pesaje verificado con el tiquete de báscula' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(await balanceOf(who)).toMatchObject({ balance: 600, held_points: 0 });
    const again = await t.app.inject({
      method: 'POST',
      url: `${A}/holds/${hold.id}/review`,
      headers: w.admin.headers,
      payload: { decision: 'rejected' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('caps a household’s points per month at the configured cap', async () => {
    const who = await createActor(t.app);
    const set = await t.app.inject({
      method: 'PUT',
      url: `${A}/settings`,
      headers: w.admin.headers,
      payload: { monthly_cap: 100 },
    });
    expect(set.statusCode).toBe(200);
    try {
      await collect(who, [{ material: 'pet', actual_kg: 8 }]);
      await collect(who, [{ material: 'pet', actual_kg: 8 }]);
      const balance = await balanceOf(who);
      expect(balance).toMatchObject({ balance: 100, earned_this_month: 100, monthly_cap: 100 });
      expect((await ledgerOf(who)).items[0]!.reason).toContain('Tope mensual');
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: `${A}/settings`,
        headers: w.admin.headers,
        payload: { monthly_cap: 5000 },
      });
    }
  });

  it('a correction of the kilos reverses the earning and earns again, never editing an entry', async () => {
    const who = await createActor(t.app);
    const request = await collect(who, [{ material: 'pet', actual_kg: 4 }]);
    await t.app.db.transaction().execute((trx) =>
      settleCollectedPickup(trx, {
        requestId: request.id,
        requesterId: who.id,
        companyId: null,
        pointId: request.point.id,
        collectedAt: new Date(),
        items: [{ materialId: materialIds.pet!, kg: 3 }],
      }),
    );
    const ledger = await ledgerOf(who);
    expect(ledger.items.map((e) => [e.kind, e.points])).toEqual([
      ['earned', 30],
      ['reversed', -40],
      ['earned', 40],
    ]);
    expect((await balanceOf(who)).balance).toBe(30);
  });

  it('staff adjust a balance with a reason; rewards:verify finds no difference, then finds a tampered one', async () => {
    const who = await createActor(t.app);
    await adjust(who.email, 25);
    expect((await ledgerOf(who)).items[0]).toMatchObject({
      kind: 'adjusted',
      points: 25,
      reason: 'Saldo de prueba para canjes',
    });
    expect((await verifyBalances(t.app.db)).differences).toEqual([]);
    await t.app.db.updateTable('reward_balances').set({ balance: 26 }).where('user_id', '=', who.id).execute();
    expect((await verifyBalances(t.app.db)).differences).toEqual([{ user_id: who.id, stored: 26, ledger: 25 }]);
    await t.app.db.updateTable('reward_balances').set({ balance: 25 }).where('user_id', '=', who.id).execute();
  });
});

describe('offers and redemption', () => {
  it('an ally’s offer shows only once staff approve it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${R}/ally/offers`,
      headers: allyStaff.headers,
      payload: {
        title: 'Café gratis',
        terms: 'Un café americano por persona.',
        cost_points: 30,
        stock: 5,
        valid_from: bogotaDay(new Date()),
        valid_to: bogotaDay(new Date(Date.now() + 7 * 86_400_000)),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json<{ data: RewardOffer }>().data;
    expect(offer).toMatchObject({ status: 'pending', ally_id: allyId, ally_name: 'Tienda Verde' });
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: `${R}/offers` })).json<{ data: RewardOffer[] }>().data;
    expect((await list()).some((o) => o.id === offer.id)).toBe(false);
    const who = await createActor(t.app);
    await adjust(who.email, 100);
    expect((await redeem(who, offer.id)).statusCode).toBe(409);
    const review = await t.app.inject({
      method: 'POST',
      url: `${A}/offers/${offer.id}/review`,
      headers: w.admin.headers,
      payload: { decision: 'approved' },
    });
    expect(review.statusCode).toBe(200);
    expect((await list()).find((o) => o.id === offer.id)).toMatchObject({ cost_points: 30, stock: 5 });
  });

  it('an ally’s staff edit their offer: it goes back to staff approval and hides meanwhile; another ally’s offer is not theirs', async () => {
    const offer = await approvedOffer({ cost: 20, stock: 4 });
    const body = {
      title: 'Bono editado',
      terms: 'Válido en la tienda del aliado, de lunes a sábado.',
      cost_points: 25,
      stock: 6,
      valid_from: bogotaDay(new Date()),
      valid_to: bogotaDay(new Date(Date.now() + 14 * 86_400_000)),
    };
    const edited = await t.app.inject({
      method: 'PUT',
      url: `${R}/ally/offers/${offer.id}`,
      headers: allyStaff.headers,
      payload: body,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: RewardOffer }>().data).toMatchObject({
      title: 'Bono editado',
      cost_points: 25,
      stock: 6,
      status: 'pending',
      review_note: null,
    });
    const listed = (await t.app.inject({ method: 'GET', url: `${R}/offers` })).json<{ data: RewardOffer[] }>().data;
    expect(listed.some((o) => o.id === offer.id)).toBe(false);

    const foreign = await t.app.inject({
      method: 'PUT',
      url: `${R}/ally/offers/${offer.id}`,
      headers: otherAllyStaff.headers,
      payload: body,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'reward-offer-not-found' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${R}/ally/offers/${offer.id}`,
      headers: allyStaff.headers,
      payload: { ...body, cost_points: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { cost_points: 'Debe costar al menos 1 punto.' } });
  });

  it('redeem → single-use code with its QR → the ally confirms once → balance, stock and the ally’s list agree', async () => {
    const offer = await approvedOffer({ cost: 40, stock: 3 });
    const who = await createActor(t.app, { first_name: 'Marta' });
    await adjust(who.email, 100);
    const res = await redeem(who, offer.id);
    expect(res.statusCode, res.body).toBe(201);
    const redemption = res.json<{ data: RedemptionWithQr }>().data;
    expect(redemption.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(Date.parse(redemption.expires_at) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(redemption.balance).toBe(60);
    // The QR reads back as the code, as the screen shows it.
    const { data, info } = await sharp(Buffer.from(redemption.qr_svg), { density: 300 })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(
      `${redemption.code.slice(0, 4)}-${redemption.code.slice(4)}`,
    );

    // Another ally's staff cannot use it; a non-ally cannot reach the route.
    const typed = `${redemption.code.slice(0, 4).toLowerCase()}-${redemption.code.slice(4)}`;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${R}/redemptions/${typed}/confirm`,
          headers: otherAllyStaff.headers,
        })
      ).statusCode,
    ).toBe(404);
    const notAlly = await t.app.inject({
      method: 'POST',
      url: `${R}/redemptions/${typed}/confirm`,
      headers: who.headers,
    });
    expect(notAlly.statusCode).toBe(403);
    expect(notAlly.json<{ code: string }>().code).toBe('ally-staff-only');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: `${R}/redemptions/${typed}/confirm`,
      headers: allyStaff.headers,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ data: AllyRedemption }>().data).toMatchObject({
      status: 'confirmed',
      person: 'Marta',
      confirmed_by_name: 'Cajera Tienda Verde',
    });
    const twice = await t.app.inject({
      method: 'POST',
      url: `${R}/redemptions/${redemption.code}/confirm`,
      headers: allyStaff.headers,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ code: string }>().code).toBe('redemption-already-confirmed');

    expect((await balanceOf(who)).balance).toBe(60);
    const offers = (await t.app.inject({ method: 'GET', url: `${R}/offers` })).json<{ data: RewardOffer[] }>().data;
    expect(offers.find((o) => o.id === offer.id)!.stock).toBe(2);
    const list = await t.app.inject({ method: 'GET', url: `${R}/ally/redemptions`, headers: allyStaff.headers });
    expect(list.json<{ data: AllyRedemption[] }>().data.find((r) => r.code === redemption.code)).toMatchObject({
      status: 'confirmed',
    });
    expect((await ledgerOf(who)).items[0]).toMatchObject({ kind: 'redeemed', points: -40, cause_type: 'redemption' });
  });

  it('an unconfirmed code expires after 30 minutes and gives the points and the unit back', async () => {
    const offer = await approvedOffer({ cost: 20, stock: 1 });
    const who = await createActor(t.app);
    await adjust(who.email, 20);
    const redemption = (await redeem(who, offer.id)).json<{ data: RedemptionWithQr }>().data;
    expect((await balanceOf(who)).balance).toBe(0);
    expect(await expireDueRedemptions(t.app.db, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await balanceOf(who)).balance).toBe(20);
    const row = await t.app.db
      .selectFrom('reward_offers')
      .select('stock')
      .where('id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(row.stock).toBe(1);
    const late = await t.app.inject({
      method: 'POST',
      url: `${R}/redemptions/${redemption.code}/confirm`,
      headers: allyStaff.headers,
    });
    expect(late.json<{ code: string }>().code).toBe('redemption-expired');
    expect((await ledgerOf(who)).items[0]).toMatchObject({ kind: 'reversed', points: 20, cause_type: 'redemption' });
  });

  it('refuses without enough points, past the per-person limit and out of stock, in Spanish', async () => {
    const offer = await approvedOffer({ cost: 10, stock: 1, limit: 1 });
    const poor = await createActor(t.app);
    const refused = await redeem(poor, offer.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({
      code: 'reward-insufficient-points',
      message: 'No tienes puntos suficientes para esta oferta.',
    });
    const rich = await createActor(t.app);
    await adjust(rich.email, 100);
    expect((await redeem(rich, offer.id)).statusCode).toBe(201);
    expect((await redeem(rich, offer.id)).json<{ code: string }>().code).toBe('reward-limit-reached');
    const other = await createActor(t.app);
    await adjust(other.email, 100);
    expect((await redeem(other, offer.id)).json<{ code: string }>().code).toBe('reward-out-of-stock');
    expect((await balanceOf(other)).balance).toBe(100);
  });
});

describe('concurrency', () => {
  it('200 people redeeming an offer with stock 50 at once: exactly 50 codes, 150 refusals, stock 0', async () => {
    const offer = await approvedOffer({ cost: 10, stock: 50, limit: 1 });
    const people = await Promise.all(
      Array.from({ length: 200 }, () => createBearerUser(t.app.db, t.config.tokenSecret)),
    );
    const at = nowIso();
    await t.app.db
      .insertInto('reward_balances')
      .values(people.map((p) => ({ user_id: p.id, balance: 10, updated_at: at })))
      .execute();
    await t.app.db
      .insertInto('reward_ledger')
      .values(
        people.map((p) => ({
          user_id: p.id,
          kind: 'adjusted',
          points: 10,
          cause_type: 'adjustment',
          cause_id: 'test',
          description: 'Saldo de prueba',
          reason: 'prueba',
          created_by: null,
          month: at.slice(0, 7),
          created_at: at,
        })),
      )
      .execute();
    const answers = await Promise.all(people.map((p) => redeem(p, offer.id)));
    const codes = answers.filter((a) => a.statusCode === 201);
    const refusals = answers.filter((a) => a.statusCode === 409);
    expect(codes).toHaveLength(50);
    expect(refusals).toHaveLength(150);
    expect(new Set(refusals.map((r) => r.json<{ code: string }>().code))).toEqual(new Set(['reward-out-of-stock']));
    const row = await t.app.db
      .selectFrom('reward_offers')
      .select('stock')
      .where('id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(row.stock).toBe(0);
    expect((await verifyBalances(t.app.db)).differences).toEqual([]);
  }, 120_000);

  it('100 redemptions at once by one person whose balance covers 3: exactly 3', async () => {
    const offer = await approvedOffer({ cost: 10, stock: 1000, limit: 100 });
    const who = await createActor(t.app);
    await adjust(who.email, 35);
    const answers = await Promise.all(Array.from({ length: 100 }, () => redeem(who, offer.id)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(97);
    expect((await balanceOf(who)).balance).toBe(5);
    const row = await t.app.db
      .selectFrom('reward_offers')
      .select('stock')
      .where('id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(row.stock).toBe(997);
    expect((await verifyBalances(t.app.db)).differences).toEqual([]);
  }, 120_000);
});

describe('figures', () => {
  it('staff see points issued, redeemed and the outstanding liability per month', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${A}/figures`, headers: w.admin.headers });
    expect(res.statusCode).toBe(200);
    const figures = res.json<{
      data: {
        months: Array<{ month: string; issued: number; redeemed: number; outstanding: number }>;
        outstanding: number;
      };
    }>().data;
    const month = figures.months.at(-1)!;
    expect(month.issued).toBeGreaterThan(0);
    expect(month.redeemed).toBeGreaterThan(0);
    expect(month.outstanding).toBe(figures.outstanding);
  });
});

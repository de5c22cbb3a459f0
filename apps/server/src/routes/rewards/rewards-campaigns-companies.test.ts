import type { CampaignAttendance, CampaignAttendanceResult, LedgerPage, RewardBalance } from '@puntoverde/contract';
import { createAlly } from '../../../test/factories/allies.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/dialect.js';
import {
  addRate,
  assignAllyStaff,
  bogotaDay,
  settleCollectedPickup,
  verifyBalances,
} from '../../features/rewards/rewards.service.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import {
  buildRequestsWorld,
  changeRequestStatus,
  createRequest,
  statusBody,
  type RequestsWorld,
} from '../../../test/factories/requests.js';
import { createActor, type Actor } from '../../../test/factories/users.js';

/**
 * Two ways rewards reach further, through the API on the database under test (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): a campaign's attendance bonus, earned once per person
 * after the campaign and only when its organiser confirms the attendance; and a company's
 * choice between one balance for the head and one per branch, which earning, balance, ledger
 * and redemption follow.
 */

const R = '/back/api/v1/rewards';
const C = '/back/api/v1/campaigns';
const DAY_MS = 86_400_000;
let t: TestApp;
let w: RequestsWorld;
let allyId: number;
let organiser: Actor;
let otherAllyStaff: Actor;
let petId: number;

const newAlly = (name: string) => createAlly(t.app.db, name);

async function balanceOf(who: { headers: Actor['headers'] }): Promise<RewardBalance> {
  const res = await t.app.inject({ method: 'GET', url: `${R}/balance`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: RewardBalance }>().data;
}

async function ledgerOf(who: { headers: Actor['headers'] }): Promise<LedgerPage> {
  const res = await t.app.inject({ method: 'GET', url: `${R}/ledger?page_size=100`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: LedgerPage }>().data;
}

/** Staff create a campaign running now, organised by `ally` (null: by the scheme's staff). */
async function campaign(bonus: number, ally: number | null = allyId): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/back/api/v1/admin/campaigns',
    headers: w.admin.headers,
    payload: {
      title: `Jornada de reciclaje ${Math.random().toString(36).slice(2, 7)}`,
      summary: 'Trae tus residuos aprovechables separados al parque.',
      starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      organiser_ally_id: ally,
      reward_bonus_points: bonus,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

async function join(who: Actor, id: number) {
  const res = await t.app.inject({ method: 'POST', url: `${C}/${id}/join`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
}

/** The campaign's day is over (its dates moved to yesterday). */
async function endCampaign(id: number) {
  await t.app.db
    .updateTable('campaigns')
    .set({
      starts_at: new Date(Date.now() - DAY_MS - 3_600_000).toISOString(),
      ends_at: new Date(Date.now() - DAY_MS).toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

function confirm(by: { headers: Actor['headers'] } | null, id: number, userIds: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `${C}/${id}/attendance`,
    ...(by ? { headers: by.headers } : {}),
    payload: { user_ids: userIds },
  });
}

async function campaignEntries(who: Actor) {
  return (await ledgerOf(who)).items.filter((e) => e.cause_type === 'campaign');
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildRequestsWorld(t.app);
  const yearAgo = bogotaDay(new Date(Date.now() - 400 * DAY_MS));
  await addRate(t.app.db, { material: 'pet', points_per_kg: 10, max_kg_per_pickup: 50, effective_from: yearAgo }, null);
  petId = (await t.app.db.selectFrom('materials').select('id').where('code', '=', 'pet').executeTakeFirstOrThrow()).id;
  allyId = await newAlly('Parque Vivo');
  const otherAlly = await newAlly('Tienda Vecina');
  organiser = await createActor(t.app, { name: 'Coordinadora Parque Vivo' });
  otherAllyStaff = await createActor(t.app, { name: 'Cajero Tienda Vecina' });
  await assignAllyStaff(t.app.db, organiser.email, allyId, null);
  await assignAllyStaff(t.app.db, otherAllyStaff.email, otherAlly, null);
}, 120_000);

afterAll(() => t?.close());

describe('campaign attendance bonus', () => {
  it('staff set the bonus on the campaign, and the change is audited', async () => {
    const id = await campaign(30);
    const got = await t.app.inject({ method: 'GET', url: `${C}/${id}` });
    expect(got.json<{ data: { reward_bonus_points: number } }>().data.reward_bonus_points).toBe(30);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('entity', '=', 'campaign')
      .where('entity_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({ reward_bonus_points: 30 });
  });

  it('the organiser confirms after the campaign: the person earns the bonus once, with its entry', async () => {
    const id = await campaign(30);
    const person = await createActor(t.app, { name: 'Marta Asistente' });
    await join(person, id);

    const early = await confirm(organiser, id, [person.id]);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ code: string }>().code).toBe('campaign-not-over');

    await endCampaign(id);
    const first = await confirm(organiser, id, [person.id]);
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json<{ data: CampaignAttendanceResult }>().data;
    expect(result).toMatchObject({ confirmed: 1, points_awarded: 30 });
    expect(result.attendance.attendees[0]).toMatchObject({ user_id: person.id });
    expect(result.attendance.attendees[0]!.attended_at).not.toBeNull();

    const again = await confirm(organiser, id, [person.id]);
    expect(again.json<{ data: CampaignAttendanceResult }>().data).toMatchObject({ confirmed: 0, points_awarded: 0 });
    expect((await balanceOf(person)).balance).toBe(30);
    const entries = await campaignEntries(person);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'earned', points: 30, cause_id: `${id}:${person.id}` });
    const seen = await t.app.inject({ method: 'GET', url: `${C}/${id}`, headers: person.headers });
    expect(seen.json<{ data: { attended: boolean } }>().data.attended).toBe(true);
  });

  it('confirmations at the same time still earn once', async () => {
    const id = await campaign(25);
    const person = await createActor(t.app);
    await join(person, id);
    await endCampaign(id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(organiser, id, [person.id])));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await campaignEntries(person)).map((e) => e.points)).toEqual([25]);
    expect(await verifyBalances(t.app.db)).toMatchObject({ differences: [] });
  });

  it('the ledger refuses a second entry for the same campaign and person (unique cause)', async () => {
    const id = await campaign(10);
    const person = await createActor(t.app);
    await join(person, id);
    await endCampaign(id);
    expect((await confirm(organiser, id, [person.id])).statusCode).toBe(200);
    const row = {
      user_id: person.id,
      kind: 'earned',
      points: 10,
      cause_type: 'campaign',
      cause_id: `${id}:${person.id}`,
      description: 'duplicado',
      reason: null,
      created_by: null,
      month: bogotaDay(new Date()).slice(0, 7),
      created_at: nowIso(),
    };
    await expect(t.app.db.insertInto('reward_ledger').values(row).execute()).rejects.toThrow();
  });

  it('only participants the organiser marks earn; the others earn nothing', async () => {
    const id = await campaign(40);
    const came = await createActor(t.app);
    const stayedHome = await createActor(t.app);
    await join(came, id);
    await join(stayedHome, id);
    await endCampaign(id);
    expect((await confirm(organiser, id, [came.id])).statusCode).toBe(200);
    expect((await balanceOf(came)).balance).toBe(40);
    expect((await balanceOf(stayedHome)).balance).toBe(0);
  });

  it('refuses someone who did not join with 400 naming user_ids, writing nothing', async () => {
    const id = await campaign(40);
    const joined = await createActor(t.app);
    const stranger = await createActor(t.app);
    await join(joined, id);
    await endCampaign(id);
    const res = await confirm(organiser, id, [joined.id, stranger.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Record<string, string> }>().fields).toHaveProperty('user_ids');
    expect((await balanceOf(joined)).balance).toBe(0);
    const list = await t.app.inject({ method: 'GET', url: `${C}/${id}/attendance`, headers: organiser.headers });
    expect(list.json<{ data: CampaignAttendance }>().data.attendees.every((a) => a.attended_at === null)).toBe(true);
  });

  it('only the organiser sees and confirms attendance (401 anonymous, 403 anyone else, staff included)', async () => {
    const id = await campaign(40);
    const person = await createActor(t.app);
    await join(person, id);
    await endCampaign(id);
    expect((await confirm(null, id, [person.id])).statusCode).toBe(401);
    for (const who of [person, otherAllyStaff, w.admin, w.manager1]) {
      const res = await confirm(who, id, [person.id]);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('campaign-organiser-only');
    }
    expect((await balanceOf(person)).balance).toBe(0);
    const list = await t.app.inject({ method: 'GET', url: `${C}/${id}/attendance`, headers: organiser.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: CampaignAttendance }>().data).toMatchObject({ can_confirm: true });
    const organised = await t.app.inject({ method: 'GET', url: `${C}/organised`, headers: organiser.headers });
    expect(organised.json<{ data: Array<{ id: number }> }>().data.map((c) => c.id)).toContain(id);
  });

  it('the scheme’s staff organise a campaign without an ally, and confirm it', async () => {
    const id = await campaign(15, null);
    const person = await createActor(t.app);
    await join(person, id);
    await endCampaign(id);
    expect((await confirm(organiser, id, [person.id])).statusCode).toBe(403);
    expect((await confirm(w.admin, id, [person.id])).statusCode).toBe(200);
    expect((await balanceOf(person)).balance).toBe(15);
  });

  it('a campaign without a bonus records attendance and books nothing', async () => {
    const id = await campaign(0);
    const person = await createActor(t.app);
    await join(person, id);
    await endCampaign(id);
    const res = await confirm(organiser, id, [person.id]);
    expect(res.json<{ data: CampaignAttendanceResult }>().data).toMatchObject({ confirmed: 1, points_awarded: 0 });
    expect(await campaignEntries(person)).toHaveLength(0);
  });
});

describe('a company’s points: the head’s balance or each branch’s', () => {
  let head: Actor;
  let branch: Actor;
  let otherBranch: Actor;

  /** A pickup of `kg` of PET by `who`, collected by the point's manager through the API. */
  async function collect(who: Actor, kg: number) {
    const request = await createRequest(t.app, who, { items: [{ material: 'pet', estimated_kg: 1 }] });
    for (const status of ['aceptada', 'programada'] as const) {
      const res = await changeRequestStatus(t.app, w.admin, request.id, statusBody(status));
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await changeRequestStatus(t.app, w.admin, request.id, {
      status: 'recogida',
      items: [{ material: 'pet', actual_kg: kg }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return request;
  }

  function choose(who: Actor, pointsTo: unknown) {
    return t.app.inject({ method: 'PUT', url: `${R}/company`, headers: who.headers, payload: { points_to: pointsTo } });
  }

  beforeAll(async () => {
    head = await createActor(t.app, { tc_id: 3, name: 'Empaques del Valle S.A.S.' });
    branch = await createActor(t.app, { tc_id: 3, name: 'Empaques — Sede Itagüí', id_empresa: head.id });
    otherBranch = await createActor(t.app, { tc_id: 3, name: 'Empaques — Sede Bello', id_empresa: head.id });
  });

  it('by default a branch earns on the head’s balance, and the head sees each branch at 0', async () => {
    await collect(branch, 2);
    const seen = await balanceOf(head);
    expect(seen).toMatchObject({ balance: 20, points_to: 'head', monthly_cap: null });
    expect(seen.branches?.map((b) => [b.user_id, b.balance]).sort()).toEqual(
      [
        [branch.id, 0],
        [otherBranch.id, 0],
      ].sort(),
    );
    expect((await balanceOf(branch)).balance).toBe(20);
    expect((await balanceOf(branch)).branches).toBeNull();
  });

  it('only the head chooses (403 for a branch and a household; 400 naming points_to for nonsense)', async () => {
    for (const who of [branch, w.householdA]) {
      const res = await choose(who, 'branches');
      expect(res.statusCode).toBe(403);
    }
    const bad = await choose(head, 'cada-una');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toHaveProperty('points_to');
  });

  it('per branch: each branch earns, sees and spends its own balance; the head sees them all', async () => {
    const res = await choose(head, 'branches');
    expect(res.statusCode, res.body).toBe(200);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('entity', '=', 'reward_company_mode')
      .where('entity_id', '=', String(head.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toEqual({ points_to: 'branches' });

    const request = await collect(branch, 3);
    expect((await balanceOf(branch)).balance).toBe(30);
    expect((await balanceOf(otherBranch)).balance).toBe(0);
    expect((await balanceOf(head)).balance).toBe(20);
    const ledger = await ledgerOf(branch);
    expect(ledger.items[0]).toMatchObject({ kind: 'earned', points: 30, cause_id: String(request.id) });
    expect((await ledgerOf(head)).items.some((e) => e.cause_id === String(request.id))).toBe(false);
    const seen = await balanceOf(head);
    expect(seen.points_to).toBe('branches');
    expect(seen.branches?.find((b) => b.user_id === branch.id)?.balance).toBe(30);
    expect((await balanceOf(branch)).points_to).toBe('branches');

    const offer = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/admin/rewards/offers',
      headers: w.admin.headers,
      payload: {
        ally_id: allyId,
        title: 'Bolsa reutilizable',
        terms: 'Una por sede.',
        cost_points: 25,
        stock: 5,
        valid_from: bogotaDay(new Date(Date.now() - DAY_MS)),
        valid_to: bogotaDay(new Date(Date.now() + 30 * DAY_MS)),
        per_person_limit: 5,
      },
    });
    const offerId = offer.json<{ data: { id: number } }>().data.id;
    const redeemed = await t.app.inject({
      method: 'POST',
      url: `${R}/redemptions`,
      headers: branch.headers,
      payload: { offer_id: offerId },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    expect((await balanceOf(branch)).balance).toBe(5);
    expect((await balanceOf(head)).balance).toBe(20);
    const short = await t.app.inject({
      method: 'POST',
      url: `${R}/redemptions`,
      headers: otherBranch.headers,
      payload: { offer_id: offerId },
    });
    expect(short.json<{ code: string }>().code).toBe('reward-insufficient-points');
  });

  it('a correction reverses on the account that earned, and earns again where points go now', async () => {
    await choose(head, 'head');
    const request = await collect(branch, 1);
    expect((await ledgerOf(head)).items[0]).toMatchObject({ points: 10, cause_id: String(request.id) });
    await choose(head, 'branches');
    await t.app.db.transaction().execute((trx) =>
      settleCollectedPickup(trx, {
        requestId: request.id,
        requesterId: branch.id,
        companyId: head.id,
        pointId: request.point.id,
        collectedAt: new Date(),
        items: [{ materialId: petId, kg: 2 }],
      }),
    );
    const onHead = (await ledgerOf(head)).items.filter((e) => e.cause_id === String(request.id));
    expect(onHead.map((e) => [e.kind, e.points])).toEqual([
      ['reversed', -10],
      ['earned', 10],
    ]);
    const onBranch = (await ledgerOf(branch)).items.filter((e) => e.cause_id === String(request.id));
    expect(onBranch.map((e) => [e.kind, e.points])).toEqual([['earned', 20]]);
    expect(await verifyBalances(t.app.db)).toMatchObject({ differences: [] });
  });

  it('choosing one balance again moves what the branches hold to the head, in the ledger', async () => {
    const headBefore = (await balanceOf(head)).balance;
    const branchBefore = (await balanceOf(branch)).balance;
    expect(branchBefore).toBeGreaterThan(0);
    expect((await choose(head, 'head')).statusCode).toBe(200);
    const headNow = await balanceOf(head);
    expect(headNow.balance).toBe(headBefore + branchBefore);
    expect(headNow.branches?.find((b) => b.user_id === branch.id)?.balance).toBe(0);
    expect((await balanceOf(branch)).balance).toBe(headBefore + branchBefore);
    expect((await ledgerOf(head)).items[0]).toMatchObject({
      kind: 'transferred',
      points: branchBefore,
      cause_type: 'transfer',
    });
    expect(await verifyBalances(t.app.db)).toMatchObject({ differences: [] });
  });
});

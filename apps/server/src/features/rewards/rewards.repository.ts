import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type {
  RewardHoldsTable,
  RewardLedgerTable,
  RewardOffersTable,
  RewardRatesTable,
  RewardRedemptionsTable,
} from '../../db/types.js';

/**
 * Rows of rewards: the versioned earning table, the ledger and the balances it sums to, holds
 * for review, offers, redemptions and the allies' staff. Balance and stock only move through
 * conditional updates (`… where balance >= cost`, `… where stock >= 1`), so neither goes below
 * zero whatever runs at the same time, on either database.
 */

export type RateRow = Selectable<RewardRatesTable>;
export type LedgerRow = Selectable<RewardLedgerTable>;
export type HoldRow = Selectable<RewardHoldsTable>;
export type OfferRow = Selectable<RewardOffersTable>;
export type RedemptionRow = Selectable<RewardRedemptionsTable>;

// ---- earning table ----

export function insertRate(db: Executor, values: Omit<RateRow, 'id'>): Promise<RateRow> {
  return db.insertInto('reward_rates').values(values).returningAll().executeTakeFirstOrThrow();
}

export function listRates(db: Executor): Promise<RateRow[]> {
  return db
    .selectFrom('reward_rates')
    .selectAll()
    .orderBy('material_id')
    .orderBy('effective_from')
    .orderBy('id')
    .execute();
}

/** The rate of each material in force on `day`: the latest version whose date has come. */
export async function ratesOn(db: Executor, materialIds: number[], day: string): Promise<Map<number, RateRow>> {
  const out = new Map<number, RateRow>();
  if (materialIds.length === 0) return out;
  const rows = await db
    .selectFrom('reward_rates')
    .selectAll()
    .where('material_id', 'in', materialIds)
    .where('effective_from', '<=', day)
    .orderBy('effective_from')
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(r.material_id, r);
  return out;
}

// ---- ledger and balances ----

export async function insertEntry(db: Executor, values: Omit<LedgerRow, 'id'>): Promise<LedgerRow> {
  return db.insertInto('reward_ledger').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Appends an entry whose cause may be booked only once (a unique index covers campaign causes):
 * undefined when it already was, without failing the caller's transaction.
 */
export async function insertEntryOnce(db: Executor, values: Omit<LedgerRow, 'id'>): Promise<LedgerRow | undefined> {
  return db
    .insertInto('reward_ledger')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['cause_type', 'cause_id'])
        // The partial index's predicate, written as it is (a bound value would not match it).
        .where('cause_type', '=', sql.lit('campaign'))
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Adds `points` (signed) to the account's balance, creating its row at the first movement. */
export async function addToBalance(db: Executor, userId: number, points: number, at: string): Promise<void> {
  await db
    .insertInto('reward_balances')
    .values({ user_id: userId, balance: points, updated_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ balance: sql<number>`reward_balances.balance + ${points}`, updated_at: at }),
    )
    .execute();
}

/**
 * Takes `points` from the balance only if it covers them: true when it did. On PostgreSQL the
 * update also locks the account's row until the transaction ends, so one person's redemptions
 * run one after another.
 */
export async function takeFromBalance(db: Executor, userId: number, points: number, at: string): Promise<boolean> {
  const res = await db
    .updateTable('reward_balances')
    .set({ balance: sql<number>`balance - ${points}`, updated_at: at })
    .where('user_id', '=', userId)
    .where('balance', '>=', points)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function balanceOf(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('reward_balances').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

/** Net points per account and cause type booked for one cause id, among the given accounts. */
export async function netOfCauses(
  db: Executor,
  userIds: number[],
  causeTypes: string[],
  causeId: string,
): Promise<Array<{ user_id: number; cause_type: string; net: number }>> {
  const rows = await db
    .selectFrom('reward_ledger')
    .select((eb) => ['user_id', 'cause_type', eb.fn.sum<number | string>('points').as('n')])
    .where('user_id', 'in', userIds)
    .where('cause_type', 'in', causeTypes)
    .where('cause_id', '=', causeId)
    .groupBy(['user_id', 'cause_type'])
    .orderBy('user_id')
    .orderBy('cause_type')
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, cause_type: r.cause_type, net: Number(r.n) }));
}

/** Balances of several accounts (missing: no movement yet). */
export async function balancesOf(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reward_balances')
    .select(['user_id', 'balance'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.balance)]));
}

/** Points earned (net of their reversals) by the account in a Bogotá month: what the cap counts. */
export async function earnedInMonth(db: Executor, userId: number, month: string): Promise<number> {
  const row = await db
    .selectFrom('reward_ledger')
    .select((eb) => eb.fn.sum<number | string | null>('points').as('n'))
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .where('cause_type', 'in', ['pickup', 'hold'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function ledgerPage(
  db: Executor,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ rows: LedgerRow[]; total: number }> {
  const { total } = await db
    .selectFrom('reward_ledger')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('reward_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total: Number(total) };
}

/**
 * Every account whose stored balance differs from the sum of its ledger (both directions): two
 * grouped scans compared in memory (a join of the grouped ledger with the balances made SQLite
 * nest loops: minutes for a million entries).
 */
export async function balanceDifferences(
  db: Executor,
): Promise<Array<{ user_id: number; stored: number; ledger: number }>> {
  const sums = await db
    .selectFrom('reward_ledger')
    .select((eb) => ['user_id', eb.fn.sum<number | string>('points').as('total')])
    .groupBy('user_id')
    .execute();
  const stored = await db.selectFrom('reward_balances').select(['user_id', 'balance']).execute();
  const ledger = new Map(sums.map((r) => [Number(r.user_id), Number(r.total)]));
  const out: Array<{ user_id: number; stored: number; ledger: number }> = [];
  for (const b of stored) {
    const total = ledger.get(b.user_id) ?? 0;
    if (Number(b.balance) !== total) out.push({ user_id: b.user_id, stored: Number(b.balance), ledger: total });
    ledger.delete(b.user_id);
  }
  for (const [userId, total] of ledger) if (total !== 0) out.push({ user_id: userId, stored: 0, ledger: total });
  return out;
}

/** Counts for the verification's summary. */
export async function ledgerTotals(db: Executor): Promise<{ entries: number; accounts: number }> {
  const e = await db
    .selectFrom('reward_ledger')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const a = await db
    .selectFrom('reward_balances')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { entries: Number(e.n), accounts: Number(a.n) };
}

/** Sum of points per month and kind (and sign, for adjustments), for the staff figures. */
export async function monthlyTotals(
  db: Executor,
): Promise<Array<{ month: string; kind: string; positive: number; negative: number }>> {
  const rows = await db
    .selectFrom('reward_ledger')
    .select((eb) => [
      'month',
      'kind',
      eb.fn.sum<number | string>(sql`case when points > 0 then points else 0 end`).as('positive'),
      eb.fn.sum<number | string>(sql`case when points < 0 then points else 0 end`).as('negative'),
    ])
    .groupBy(['month', 'kind'])
    .orderBy('month')
    .execute();
  return rows.map((r) => ({
    month: r.month,
    kind: r.kind,
    positive: Number(r.positive),
    negative: Number(r.negative),
  }));
}

export async function totalOutstanding(db: Executor): Promise<{ outstanding: number; accounts: number }> {
  const row = await db
    .selectFrom('reward_balances')
    .select((eb) => [
      eb.fn.sum<number | string | null>('balance').as('total'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .executeTakeFirstOrThrow();
  return { outstanding: Number(row.total ?? 0), accounts: Number(row.n) };
}

// ---- holds ----

export function insertHold(db: Executor, values: Omit<HoldRow, 'id'>): Promise<HoldRow> {
  return db.insertInto('reward_holds').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findHold(db: Executor, id: number): Promise<HoldRow | undefined> {
  return db.selectFrom('reward_holds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listHolds(db: Executor, status: string): Promise<HoldRow[]> {
  return db
    .selectFrom('reward_holds')
    .selectAll()
    .where('status', '=', status)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Moves a hold out of `pending` only if it still is: true when this call did. */
export async function resolveHold(
  db: Executor,
  id: number,
  patch: Pick<HoldRow, 'status' | 'reviewed_by' | 'reviewed_at' | 'review_note'>,
): Promise<boolean> {
  const res = await db
    .updateTable('reward_holds')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function supersedeHoldsOfRequest(db: Executor, requestId: number, at: string): Promise<void> {
  await db
    .updateTable('reward_holds')
    .set({ status: 'superseded', reviewed_at: at })
    .where('request_id', '=', requestId)
    .where('status', '=', 'pending')
    .execute();
}

export async function pendingHeldPoints(db: Executor, userId: number | null): Promise<number> {
  let q = db
    .selectFrom('reward_holds')
    .select((eb) => eb.fn.sum<number | string | null>('points').as('n'))
    .where('status', '=', 'pending');
  if (userId !== null) q = q.where('user_id', '=', userId);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---- offers ----

export function insertOffer(db: Executor, values: Omit<OfferRow, 'id'>): Promise<OfferRow> {
  return db.insertInto('reward_offers').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findOffer(db: Executor, id: number): Promise<OfferRow | undefined> {
  return db.selectFrom('reward_offers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listOffers(
  db: Executor,
  filter: { status?: string; allyId?: number; activeOn?: string },
): Promise<OfferRow[]> {
  let q = db.selectFrom('reward_offers').selectAll();
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.allyId !== undefined) q = q.where('ally_id', '=', filter.allyId);
  if (filter.activeOn) q = q.where('valid_from', '<=', filter.activeOn).where('valid_to', '>=', filter.activeOn);
  return q.orderBy('id', 'desc').limit(500).execute();
}

export async function updateOffer(
  db: Executor,
  id: number,
  patch: Partial<Omit<OfferRow, 'id' | 'created_at' | 'created_by'>>,
): Promise<OfferRow | undefined> {
  return db.updateTable('reward_offers').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Takes one unit of an approved offer valid on `day`, only if one is left: true when it did. */
export async function takeOneUnit(db: Executor, offerId: number, day: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('reward_offers')
    .set({ stock: sql<number>`stock - 1`, updated_at: at })
    .where('id', '=', offerId)
    .where('status', '=', 'approved')
    .where('valid_from', '<=', day)
    .where('valid_to', '>=', day)
    .where('stock', '>=', 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function giveUnitBack(db: Executor, offerId: number, at: string): Promise<void> {
  await db
    .updateTable('reward_offers')
    .set({ stock: sql<number>`stock + 1`, updated_at: at })
    .where('id', '=', offerId)
    .execute();
}

// ---- redemptions ----

export function insertRedemption(db: Executor, values: Omit<RedemptionRow, 'id'>): Promise<RedemptionRow> {
  return db.insertInto('reward_redemptions').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findRedemptionByCode(db: Executor, code: string): Promise<RedemptionRow | undefined> {
  return db.selectFrom('reward_redemptions').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Redemptions of an offer by one person that count against its limit (reserved or used). */
export async function liveRedemptionsOf(db: Executor, offerId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('reward_redemptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('offer_id', '=', offerId)
    .where('user_id', '=', userId)
    .where('status', 'in', ['reserved', 'confirmed'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function redemptionsOfUser(db: Executor, userId: number, limit: number): Promise<RedemptionRow[]> {
  return db
    .selectFrom('reward_redemptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Codes of the account still waiting to be used. */
export async function reservedCodesOf(db: Executor, userId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('reward_redemptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'reserved')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function redemptionsOfAlly(
  db: Executor,
  allyId: number,
  filter: { status?: string; limit: number },
): Promise<RedemptionRow[]> {
  let q = db
    .selectFrom('reward_redemptions')
    .selectAll('reward_redemptions')
    .where('offer_id', 'in', db.selectFrom('reward_offers').select('id').where('ally_id', '=', allyId));
  if (filter.status) q = q.where('reward_redemptions.status', '=', filter.status);
  return q.orderBy('reward_redemptions.id', 'desc').limit(filter.limit).execute();
}

/** Reserved codes whose half hour is over. */
export function dueRedemptions(db: Executor, now: string, limit: number): Promise<RedemptionRow[]> {
  return db
    .selectFrom('reward_redemptions')
    .selectAll()
    .where('status', '=', 'reserved')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** Moves a redemption from `reserved` only if it still is (and, to confirm, is not past its time). */
export async function settleRedemption(
  db: Executor,
  id: number,
  patch: Pick<RedemptionRow, 'status'> & Partial<Pick<RedemptionRow, 'confirmed_at' | 'confirmed_by'>>,
  notExpiredAt?: string,
): Promise<boolean> {
  let q = db.updateTable('reward_redemptions').set(patch).where('id', '=', id).where('status', '=', 'reserved');
  if (notExpiredAt) q = q.where('expires_at', '>', notExpiredAt);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---- ally staff ----

export async function allyOfStaff(db: Executor, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('reward_ally_staff')
    .select('ally_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.ally_id;
}

export async function setAllyStaff(db: Executor, userId: number, allyId: number, at: string): Promise<void> {
  await db
    .insertInto('reward_ally_staff')
    .values({ user_id: userId, ally_id: allyId, created_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ally_id: allyId, created_at: at }))
    .execute();
}

// ---- expiry ----

export type ExpiryFigures = { user_id: number; credits: number; debits: number };

/**
 * Accounts with a positive balance whose credits (entries that added points) up to `cutoff`
 * exceed everything ever taken from them (redemptions, reversals, expiries, downward
 * adjustments): under FIFO the rest of those old credits is still unspent.
 */
export async function expiryCandidates(db: Executor, cutoff: string): Promise<ExpiryFigures[]> {
  const credits = await db
    .selectFrom('reward_ledger')
    .innerJoin('reward_balances', 'reward_balances.user_id', 'reward_ledger.user_id')
    .select((eb) => ['reward_ledger.user_id', eb.fn.sum<number | string>('reward_ledger.points').as('n')])
    .where('reward_balances.balance', '>', 0)
    .where('reward_ledger.points', '>', 0)
    .where('reward_ledger.created_at', '<=', cutoff)
    .groupBy('reward_ledger.user_id')
    .execute();
  if (credits.length === 0) return [];
  const debits = await db
    .selectFrom('reward_ledger')
    .innerJoin('reward_balances', 'reward_balances.user_id', 'reward_ledger.user_id')
    .select((eb) => ['reward_ledger.user_id', eb.fn.sum<number | string>('reward_ledger.points').as('n')])
    .where('reward_balances.balance', '>', 0)
    .where('reward_ledger.points', '<', 0)
    .groupBy('reward_ledger.user_id')
    .execute();
  const spent = new Map(debits.map((d) => [d.user_id, -Number(d.n)]));
  return credits
    .map((c) => ({ user_id: c.user_id, credits: Number(c.n), debits: spent.get(c.user_id) ?? 0 }))
    .filter((f) => f.credits > f.debits);
}

/** One account's credits up to `cutoff` and everything ever taken from it. */
export async function expiryFiguresOf(db: Executor, userId: number, cutoff: string): Promise<ExpiryFigures> {
  const row = await db
    .selectFrom('reward_ledger')
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb('points', '>', 0), eb('created_at', '<=', cutoff)]))
            .then(eb.ref('points'))
            .else(0)
            .end(),
        )
        .as('credits'),
      eb.fn.sum<number | string | null>(eb.case().when('points', '<', 0).then(eb.ref('points')).else(0).end()).as('debits'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { user_id: userId, credits: Number(row?.credits ?? 0), debits: -Number(row?.debits ?? 0) };
}

/** The account's credits, oldest first: FIFO spends them in this order. */
export function creditsOf(db: Executor, userId: number): Promise<Array<{ points: number; created_at: string }>> {
  return db
    .selectFrom('reward_ledger')
    .select(['points', 'created_at'])
    .where('user_id', '=', userId)
    .where('points', '>', 0)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Touches the account's balance row: on PostgreSQL this locks it until the transaction ends. */
export async function lockBalance(db: Executor, userId: number, at: string): Promise<void> {
  await db.updateTable('reward_balances').set({ updated_at: at }).where('user_id', '=', userId).execute();
}

// ---- companies ----

export async function companyPointsTo(db: Executor, companyId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('reward_company_modes')
    .select('points_to')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.points_to;
}

/** Writes the company's choice; on PostgreSQL the row stays locked until the transaction ends. */
export async function setCompanyPointsTo(
  db: Executor,
  companyId: number,
  pointsTo: string,
  by: number,
  at: string,
): Promise<void> {
  await db
    .insertInto('reward_company_modes')
    .values({ company_id: companyId, points_to: pointsTo, updated_by: by, updated_at: at })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ points_to: pointsTo, updated_by: by, updated_at: at }))
    .execute();
}

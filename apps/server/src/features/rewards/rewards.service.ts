import {
  REDEMPTION_CODE_ALPHABET,
  REDEMPTION_CODE_LENGTH,
  REDEMPTION_TTL_MINUTES,
  REWARDS_DEFAULT_MONTHLY_CAP,
  REWARDS_EXPIRY_MONTHS,
  REWARDS_EXPIRY_NOTICE_DAYS,
  formatRedemptionCode,
  type AdjustmentCreate,
  type AllyAccount,
  type AllyRedemption,
  type CompanyPointsTo,
  type HoldReview,
  type LedgerEntry,
  type LedgerKind,
  type LedgerCause,
  type LedgerPage,
  type LedgerQuery,
  type OfferReview,
  type OfferStatus,
  type Redemption,
  type RedemptionStatus,
  type RedemptionWithQr,
  type RewardBalance,
  type RewardFigures,
  type RewardHold,
  type RewardOffer,
  type RewardOfferCreate,
  type RewardRate,
  type RewardRateCreate,
  type RewardSettings,
} from '@puntoverde/contract';
import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { findAppSetting, writeAppSetting } from '../../db/app-settings.js';
import { type Db, type Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { allyExists, allyNamesByIds, placesOfAllies } from '../allies/allies.service.js';
import { attachPublicFile, fileUrl, publicIdsOfFiles } from '../files/files.service.js';
import { accountsByIds, findAccountByEmail, listBranchAccountsOf } from '../identity/identity.service.js';
import { getCatalogue } from '../materials/materials.service.js';
import { claimOnce, notify } from '../notifications/notifications.service.js';
import { isManagerOfPoint } from '../points/points.service.js';
import * as repo from './rewards.repository.js';

/**
 * Rewards. Earning: a collected pickup's weighed kilos × the material's rate in force on the
 * collection day (never estimated kilos), booked as ledger entries in the transaction that
 * records the collection. Spending: a redemption takes the points and one unit of stock with
 * conditional updates in one transaction and answers a single-use code for 30 minutes; the
 * ally's staff confirm it; an unconfirmed code gives both back. The ledger is append-only: a
 * balance is the sum of its entries, and `reward_balances` is that sum kept as the entries are
 * written (verifyBalances checks it).
 */

const BOGOTA_OFFSET_MS = 5 * 3_600_000;
const MONTHLY_CAP_KEY = 'rewards.monthly_cap';
const kgFormat = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

/** Bogotá calendar day (Colombia keeps UTC−5 all year). */
export function bogotaDay(at: Date): string {
  return new Date(at.getTime() - BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}
function bogotaMonth(at: Date): string {
  return bogotaDay(at).slice(0, 7);
}

type Entry = {
  userId: number;
  kind: LedgerKind;
  points: number;
  cause: LedgerCause;
  causeId: string | number;
  description: string;
  reason?: string | null;
  createdBy?: number | null;
};

/** Appends one ledger entry and moves the balance by the same points, in the caller's transaction. */
async function book(trx: Executor, entry: Entry, at: Date): Promise<repo.LedgerRow> {
  const iso = at.toISOString();
  const row = await repo.insertEntry(trx, {
    user_id: entry.userId,
    kind: entry.kind,
    points: entry.points,
    cause_type: entry.cause,
    cause_id: String(entry.causeId),
    description: entry.description,
    reason: entry.reason ?? null,
    created_by: entry.createdBy ?? null,
    month: bogotaMonth(at),
    created_at: iso,
  });
  await repo.addToBalance(trx, entry.userId, entry.points, iso);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export async function getSettings(db: Executor): Promise<RewardSettings> {
  const row = await findAppSetting(db, MONTHLY_CAP_KEY);
  const cap = row ? Number(row.value) : REWARDS_DEFAULT_MONTHLY_CAP;
  return { monthly_cap: Number.isFinite(cap) ? cap : REWARDS_DEFAULT_MONTHLY_CAP };
}

export async function updateSettings(db: Db, input: RewardSettings, staff: AuthUser): Promise<RewardSettings> {
  const before = await getSettings(db);
  await db.transaction().execute(async (trx) => {
    await writeAppSetting(trx, MONTHLY_CAP_KEY, String(input.monthly_cap));
    await recordAudit(trx, {
      actorId: staff.id,
      action: 'update',
      entity: 'reward_settings',
      entityId: null,
      before,
      after: input,
    });
  });
  return getSettings(db);
}

// ---------------------------------------------------------------------------------------------
// Earning table
// ---------------------------------------------------------------------------------------------

export async function listRates(db: Db, now: Date = new Date()): Promise<RewardRate[]> {
  const rows = await repo.listRates(db);
  const catalogue = await getCatalogue(db);
  const byId = new Map(catalogue.materials.map((m) => [m.id, m]));
  const today = bogotaDay(now);
  const current = new Map<number, number>();
  for (const r of rows) if (r.effective_from <= today) current.set(r.material_id, r.id);
  return rows.map((r) => ({
    id: r.id,
    material: byId.get(r.material_id)?.code ?? String(r.material_id),
    material_name: byId.get(r.material_id)?.name_es ?? '',
    points_per_kg: r.points_per_kg,
    max_kg_per_pickup: Number(r.max_kg_per_pickup),
    effective_from: r.effective_from,
    created_at: r.created_at,
    current: current.get(r.material_id) === r.id,
  }));
}

/**
 * A new version of a material's rate, from `effective_from` on (today or later, Bogotá):
 * pickups collected before keep the rate they earned with. Audited.
 */
export async function addRate(
  db: Db,
  input: RewardRateCreate,
  staff: Pick<AuthUser, 'id'> | null,
  now: Date = new Date(),
): Promise<RewardRate> {
  const catalogue = await getCatalogue(db);
  const material = catalogue.byCode.get(input.material);
  if (!material) throw AppError.field('unknown-material', 'material');
  if (staff && input.effective_from < bogotaDay(now)) throw AppError.field('reward-rate-retroactive', 'effective_from');
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await repo.insertRate(trx, {
      material_id: material.id,
      points_per_kg: input.points_per_kg,
      max_kg_per_pickup: input.max_kg_per_pickup,
      effective_from: input.effective_from,
      created_by: staff?.id ?? null,
      created_at: now.toISOString(),
    });
    if (staff) {
      await recordAudit(trx, {
        actorId: staff.id,
        action: 'create',
        entity: 'reward_rate',
        entityId: inserted.id,
        after: input,
      });
    }
    return inserted;
  });
  return (await listRates(db, now)).find((r) => r.id === row.id)!;
}

// ---------------------------------------------------------------------------------------------
// Earning from pickups
// ---------------------------------------------------------------------------------------------

export type CollectedPickup = {
  requestId: number;
  requesterId: number;
  /** The company head for a company's pickups (heads and branches earn on the head's balance). */
  companyId: number | null;
  pointId: number;
  collectedAt: Date;
  items: Array<{ materialId: number; kg: number }>;
};

export type SettleOutcome =
  | { kind: 'earned'; points: number; capped: boolean }
  | { kind: 'held'; points: number; reasons: string[] }
  | { kind: 'none'; why: 'own-point' | 'no-points' };

/**
 * Books a collected pickup's points, in the transaction that records its kilos. Idempotent and
 * used for corrections too: what the pickup already earned is reversed (a new entry, never an
 * edit) and the new kilos earn again, with the rates of the collection day. A requester who
 * manages the pickup's point earns nothing; kilos above a material's plausibility bound hold the
 * points for staff review; a household's month is capped.
 */
export async function settleCollectedPickup(
  trx: Executor,
  pickup: CollectedPickup,
  now: Date = new Date(),
): Promise<SettleOutcome> {
  const account = await earningAccount(trx, pickup.requesterId, pickup.companyId);
  const causeId = String(pickup.requestId);

  // Whatever this pickup booked before, on whichever account it went to then (a company may have
  // changed where its points go since), is reversed by a new entry of the same cause.
  await repo.supersedeHoldsOfRequest(trx, pickup.requestId, now.toISOString());
  const owners = [...new Set([pickup.requesterId, ...(pickup.companyId === null ? [] : [pickup.companyId])])];
  for (const booked of await repo.netOfCauses(trx, owners, ['pickup', 'hold'], causeId)) {
    if (booked.net === 0) continue;
    await book(
      trx,
      {
        userId: booked.user_id,
        kind: 'reversed',
        points: -booked.net,
        cause: booked.cause_type as LedgerCause,
        causeId,
        description: `Corrección de la recolección #${pickup.requestId}: se anulan los puntos anteriores`,
        reason: 'Corrección de los kilos registrados',
      },
      now,
    );
  }

  if (await isManagerOfPoint(trx, pickup.requesterId, pickup.pointId)) return { kind: 'none', why: 'own-point' };

  const day = bogotaDay(pickup.collectedAt);
  const rates = await repo.ratesOn(
    trx,
    pickup.items.map((i) => i.materialId),
    day,
  );
  const catalogue = await getCatalogue(trx);
  const nameOf = new Map(catalogue.materials.map((m) => [m.id, m.name_es]));
  let points = 0;
  const parts: string[] = [];
  const reasons: string[] = [];
  for (const item of pickup.items) {
    const rate = rates.get(item.materialId);
    if (!rate || item.kg <= 0) continue;
    const earned = Math.round(item.kg * rate.points_per_kg);
    if (earned <= 0) continue;
    points += earned;
    const name = nameOf.get(item.materialId) ?? 'Material';
    parts.push(`${name} ${kgFormat.format(item.kg)} kg`);
    if (item.kg > Number(rate.max_kg_per_pickup)) {
      reasons.push(
        `${name}: ${kgFormat.format(item.kg)} kg supera el máximo creíble de ${kgFormat.format(Number(rate.max_kg_per_pickup))} kg por recolección`,
      );
    }
  }
  if (points <= 0) return { kind: 'none', why: 'no-points' };
  const description = `Recolección #${pickup.requestId}: ${parts.join(', ')}`;

  if (reasons.length) {
    await repo.insertHold(trx, {
      user_id: account,
      request_id: pickup.requestId,
      points,
      description,
      reasons: JSON.stringify(reasons),
      status: 'pending',
      reviewed_by: null,
      reviewed_at: null,
      review_note: null,
      created_at: now.toISOString(),
    });
    return { kind: 'held', points, reasons };
  }

  let capped = false;
  if (pickup.companyId === null) {
    const { monthly_cap } = await getSettings(trx);
    const earned = await repo.earnedInMonth(trx, account, bogotaMonth(now));
    const room = Math.max(0, monthly_cap - earned);
    if (points > room) {
      points = room;
      capped = true;
    }
  }
  if (points <= 0) return { kind: 'earned', points: 0, capped };
  await book(
    trx,
    {
      userId: account,
      kind: 'earned',
      points,
      cause: 'pickup',
      causeId,
      description,
      reason: capped ? 'Tope mensual de puntos alcanzado: se abonó hasta el tope' : null,
    },
    now,
  );
  return { kind: 'earned', points, capped };
}

// ---------------------------------------------------------------------------------------------
// Campaign attendance bonus
// ---------------------------------------------------------------------------------------------

export type CampaignAttendanceBonus = {
  campaignId: number;
  campaignTitle: string;
  /** The campaign's fixed bonus; nothing is booked when it is 0. */
  points: number;
  /** The people whose attendance the organiser just confirmed. */
  personIds: number[];
  /** The organiser's account that confirmed. */
  confirmedBy: number;
};

/**
 * Books a campaign's bonus for each person whose attendance its organiser confirmed, in the
 * caller's transaction (the campaigns feature confirms after the campaign's day). Once per
 * person and campaign: the entry's cause (`<campaign>:<person>`) is unique in the ledger, so a
 * second confirmation, or two at the same time, book nothing more. Returns the points booked.
 */
export async function awardCampaignBonus(
  trx: Executor,
  bonus: CampaignAttendanceBonus,
  now: Date = new Date(),
): Promise<number> {
  if (bonus.points <= 0 || bonus.personIds.length === 0) return 0;
  const people = await accountsByIds(trx, bonus.personIds);
  const iso = now.toISOString();
  let total = 0;
  for (const personId of bonus.personIds) {
    const person = people.get(personId);
    if (!person) continue;
    const account = await accountOf(trx, person);
    const inserted = await repo.insertEntryOnce(trx, {
      user_id: account,
      kind: 'earned',
      points: bonus.points,
      cause_type: 'campaign',
      cause_id: `${bonus.campaignId}:${personId}`,
      description:
        account === personId
          ? `Asististe a la campaña «${bonus.campaignTitle}»`
          : `${person.name} asistió a la campaña «${bonus.campaignTitle}»`,
      reason: null,
      created_by: bonus.confirmedBy,
      month: bogotaMonth(now),
      created_at: iso,
    });
    if (!inserted) continue;
    await repo.addToBalance(trx, account, bonus.points, iso);
    await notify(trx, personId, {
      title: 'Ganaste puntos por asistir',
      body: `${pointsFormat.format(bonus.points)} puntos por asistir a «${bonus.campaignTitle}».`,
      link: '/recompensas',
    });
    total += bonus.points;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Balance and ledger
// ---------------------------------------------------------------------------------------------

/** Where a company's points go: its head's one balance unless the head chose each branch's own. */
export async function companyPointsTo(db: Executor, companyId: number): Promise<CompanyPointsTo> {
  return (await repo.companyPointsTo(db, companyId)) === 'branches' ? 'branches' : 'head';
}

/**
 * The account a pickup earns on: a household's own; a company's head, or the branch that asked
 * for the pickup when the company chose per-branch balances.
 */
async function earningAccount(db: Executor, requesterId: number, companyId: number | null): Promise<number> {
  if (companyId === null || companyId === requesterId) return requesterId;
  return (await companyPointsTo(db, companyId)) === 'branches' ? requesterId : companyId;
}

/** The account whose balance a caller spends and sees: a branch's own or its head's, as the company chose. */
export async function accountOf(db: Executor, user: Pick<AuthUser, 'id' | 'tc_id' | 'id_empresa'>): Promise<number> {
  return user.tc_id === 3 ? earningAccount(db, user.id, user.id_empresa ?? user.id) : user.id;
}

export async function getBalance(db: Db, user: AuthUser, now: Date = new Date()): Promise<RewardBalance> {
  await expireDueRedemptions(db, now);
  const account = await accountOf(db, user);
  const company = user.tc_id === 3;
  const head = company && user.id_empresa === null;
  return {
    balance: await repo.balanceOf(db, account),
    held_points: await repo.pendingHeldPoints(db, account),
    earned_this_month: await repo.earnedInMonth(db, account, bogotaMonth(now)),
    monthly_cap: company ? null : (await getSettings(db)).monthly_cap,
    reserved: await repo.reservedCodesOf(db, account, now.toISOString()),
    expiring: await upcomingExpiry(db, account, now),
    ally: await allyAccountOf(db, user),
    points_to: company ? await companyPointsTo(db, user.id_empresa ?? user.id) : null,
    branches: head ? await branchBalances(db, user.id) : null,
  };
}

/** A company head's branches, each with its own balance (0 while the head keeps one balance). */
async function branchBalances(db: Db, headId: number): Promise<NonNullable<RewardBalance['branches']>> {
  const branches = await listBranchAccountsOf(db, headId);
  const balances = await repo.balancesOf(
    db,
    branches.map((b) => b.id),
  );
  return branches.map((b) => ({ user_id: b.id, name: b.name, balance: balances.get(b.id) ?? 0 }));
}

/**
 * The next points to expire, if that happens within the notice window: FIFO spends the oldest
 * credits first, so the first credit not wholly spent expires first; every credit expiring on
 * that same Bogotá day counts, never more than the balance.
 */
async function upcomingExpiry(db: Executor, account: number, now: Date): Promise<RewardBalance['expiring']> {
  const balance = await repo.balanceOf(db, account);
  if (balance <= 0) return null;
  const { debits } = await repo.expiryFiguresOf(db, account, now.toISOString());
  let spent = debits;
  let day: string | null = null;
  let points = 0;
  for (const credit of await repo.creditsOf(db, account)) {
    const left = Number(credit.points) - Math.min(spent, Number(credit.points));
    spent = Math.max(0, spent - Number(credit.points));
    if (left <= 0) continue;
    const on = bogotaDay(addMonths(new Date(credit.created_at), REWARDS_EXPIRY_MONTHS));
    if (day === null) day = on;
    if (on !== day) break;
    points += left;
  }
  if (day === null) return null;
  const horizon = bogotaDay(new Date(now.getTime() + REWARDS_EXPIRY_NOTICE_DAYS * 86_400_000));
  if (day > horizon) return null;
  return { points: Math.min(points, balance), on: day };
}

/**
 * A company head chooses where its points go. Choosing one balance moves what its branches hold
 * to the head (a `transferred` pair per branch; the moved points count as new credits of the
 * head's balance for expiry); choosing per-branch balances moves nothing: the head keeps its
 * points and each branch earns from then on. Audited.
 */
export async function setCompanyPointsTo(
  db: Db,
  user: AuthUser,
  pointsTo: CompanyPointsTo,
  now: Date = new Date(),
): Promise<{ points_to: CompanyPointsTo }> {
  if (user.tc_id !== 3 || user.id_empresa !== null) throw new AppError('not-company-head');
  const before = await companyPointsTo(db, user.id);
  const at = now.toISOString();
  const branches = pointsTo === 'head' ? await listBranchAccountsOf(db, user.id) : [];
  await db.transaction().execute(async (trx) => {
    await repo.setCompanyPointsTo(trx, user.id, pointsTo, user.id, at);
    for (const branch of branches) {
      const points = await repo.balanceOf(trx, branch.id);
      if (points <= 0 || !(await repo.takeFromBalance(trx, branch.id, points, at))) continue;
      const entry = (userId: number, signed: number, description: string) =>
        repo.insertEntry(trx, {
          user_id: userId,
          kind: 'transferred',
          points: signed,
          cause_type: 'transfer',
          cause_id: String(branch.id),
          description,
          reason: 'La empresa eligió un solo saldo para la principal y sus sucursales',
          created_by: user.id,
          month: bogotaMonth(now),
          created_at: at,
        });
      await entry(branch.id, -points, `Puntos pasados al saldo de ${user.name}`);
      await entry(user.id, points, `Puntos de la sucursal ${branch.name}`);
      await repo.addToBalance(trx, user.id, points, at);
    }
    await recordAudit(trx, {
      actorId: user.id,
      action: 'update',
      entity: 'reward_company_mode',
      entityId: user.id,
      before: { points_to: before },
      after: { points_to: pointsTo },
    });
  });
  return { points_to: pointsTo };
}

function toEntry(r: repo.LedgerRow): LedgerEntry {
  return {
    id: r.id,
    kind: r.kind as LedgerKind,
    points: Number(r.points),
    cause_type: r.cause_type as LedgerCause,
    cause_id: r.cause_id,
    description: r.description,
    reason: r.reason,
    created_at: r.created_at,
  };
}

export async function getLedger(db: Db, user: AuthUser, query: LedgerQuery): Promise<LedgerPage> {
  const { rows, total } = await repo.ledgerPage(db, await accountOf(db, user), query.page, query.page_size);
  return { items: rows.map(toEntry), total, page: query.page, page_size: query.page_size };
}

/** Staff adjust an account's balance, with a reason; audited. */
export async function adjust(
  db: Db,
  input: AdjustmentCreate,
  staff: AuthUser,
  now: Date = new Date(),
): Promise<LedgerEntry> {
  const account = await findAccountByEmail(db, input.email.trim().toLowerCase());
  if (!account || account.active !== 1 || account.deleted_at) throw AppError.field('reward-account-not-found', 'email');
  const target = await accountOf(db, account);
  const row = await db.transaction().execute(async (trx) => {
    const entry = await book(
      trx,
      {
        userId: target,
        kind: 'adjusted',
        points: input.points,
        cause: 'adjustment',
        causeId: `staff:${staff.id}`,
        description: input.points > 0 ? 'Ajuste a favor del equipo PuntoVerde' : 'Ajuste del equipo PuntoVerde',
        reason: input.reason,
        createdBy: staff.id,
      },
      now,
    );
    await recordAudit(trx, {
      actorId: staff.id,
      action: 'create',
      entity: 'reward_adjustment',
      entityId: entry.id,
      after: { user_id: target, points: input.points, reason: input.reason },
    });
    return entry;
  });
  return toEntry(row);
}

/** Every balance recomputed from the ledger: the accounts whose stored balance differs. */
export async function verifyBalances(db: Executor) {
  const differences = await repo.balanceDifferences(db);
  const totals = await repo.ledgerTotals(db);
  return { ...totals, differences };
}

// ---------------------------------------------------------------------------------------------
// Holds (staff review)
// ---------------------------------------------------------------------------------------------

function parseReasons(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

async function toHolds(db: Db, rows: repo.HoldRow[]): Promise<RewardHold[]> {
  const users = await accountsByIds(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    user_name: users.get(r.user_id)?.name ?? '',
    request_id: r.request_id,
    points: r.points,
    description: r.description,
    reasons: parseReasons(r.reasons),
    status: r.status as RewardHold['status'],
    review_note: r.review_note,
    created_at: r.created_at,
  }));
}

export async function listHolds(db: Db, status: string): Promise<RewardHold[]> {
  return toHolds(db, await repo.listHolds(db, status));
}

/** Approving books the held points (cause: the hold); rejecting books nothing. Audited. */
export async function reviewHold(
  db: Db,
  id: number,
  input: HoldReview,
  staff: AuthUser,
  now: Date = new Date(),
): Promise<RewardHold> {
  const hold = await repo.findHold(db, id);
  if (!hold) throw new AppError('reward-hold-not-found');
  await db.transaction().execute(async (trx) => {
    const done = await repo.resolveHold(trx, id, {
      status: input.decision,
      reviewed_by: staff.id,
      reviewed_at: now.toISOString(),
      review_note: input.note ?? null,
    });
    if (!done) throw new AppError('reward-hold-reviewed');
    if (input.decision === 'approved') {
      await book(
        trx,
        {
          userId: hold.user_id,
          kind: 'earned',
          points: hold.points,
          cause: 'hold',
          causeId: String(hold.request_id),
          description: `${hold.description} (revisado por el equipo)`,
          reason: input.note ?? null,
          createdBy: staff.id,
        },
        now,
      );
    }
    await recordAudit(trx, {
      actorId: staff.id,
      action: input.decision === 'approved' ? 'approve' : 'reject',
      entity: 'reward_hold',
      entityId: id,
      after: { points: hold.points, note: input.note ?? null },
    });
  });
  return (await toHolds(db, [(await repo.findHold(db, id))!]))[0]!;
}

// ---------------------------------------------------------------------------------------------
// Offers
// ---------------------------------------------------------------------------------------------

async function toOffers(db: Db, rows: repo.OfferRow[]): Promise<RewardOffer[]> {
  const allies = await allyNamesByIds(
    db,
    rows.map((r) => r.ally_id),
  );
  const pictures = await publicIdsOfFiles(
    db,
    rows.map((r) => r.picture_file_id),
  );
  const places = await placesOfAllies(
    db,
    rows.map((r) => r.ally_id),
  );
  return rows.map((r) => {
    const picture = r.picture_file_id === null ? null : (pictures.get(r.picture_file_id) ?? null);
    return {
      id: r.id,
      ally_id: r.ally_id,
      ally_name: allies.get(r.ally_id) ?? '',
      title: r.title,
      terms: r.terms,
      picture_id: picture,
      picture_url: picture ? fileUrl('', { public_id: picture, is_public: 1 }) : null,
      cost_points: r.cost_points,
      stock: r.stock,
      valid_from: r.valid_from,
      valid_to: r.valid_to,
      per_person_limit: r.per_person_limit,
      status: r.status as OfferStatus,
      review_note: r.review_note,
      created_at: r.created_at,
      where: places.get(r.ally_id) ?? [],
    };
  });
}

/** What people can redeem today: approved, within its dates, with stock. */
export async function listAvailableOffers(db: Db, now: Date = new Date()): Promise<RewardOffer[]> {
  const rows = await repo.listOffers(db, { status: 'approved', activeOn: bogotaDay(now) });
  return toOffers(
    db,
    rows.filter((r) => r.stock > 0),
  );
}

export async function listOffersForStaff(db: Db, status: OfferStatus | undefined): Promise<RewardOffer[]> {
  return toOffers(db, await repo.listOffers(db, status ? { status } : {}));
}

export async function listOffersOfAlly(db: Db, allyId: number): Promise<RewardOffer[]> {
  return toOffers(db, await repo.listOffers(db, { allyId }));
}

/** What an ally or staff write of an offer (its picture by public id). */
type OfferInput = RewardOfferCreate & { per_person_limit: number; picture_id: string | null };

/** The offer's own columns from what was written (its picture already attached). */
function offerFields(input: OfferInput, pictureFileId: number | null) {
  return {
    title: input.title,
    terms: input.terms,
    picture_file_id: pictureFileId,
    cost_points: input.cost_points,
    stock: input.stock,
    valid_from: input.valid_from,
    valid_to: input.valid_to,
    per_person_limit: input.per_person_limit,
  };
}

/**
 * A new offer: an ally's staff propose it for their ally (pending until staff approve); staff
 * may create one for any ally (`approved` when they say so, e.g. the demo). Audited.
 */
export async function createOffer(
  db: Db,
  input: OfferInput,
  by: { user: AuthUser; allyId: number; approve: boolean },
  now: Date = new Date(),
): Promise<RewardOffer> {
  if (!(await allyExists(db, by.allyId))) throw AppError.field('ally-not-found-for-offer', 'ally_id');
  const at = now.toISOString();
  const row = await db.transaction().execute(async (trx) => {
    const pictureId = await attachPublicFile(trx, input.picture_id, by.user, 'picture_id');
    const inserted = await repo.insertOffer(trx, {
      ally_id: by.allyId,
      ...offerFields(input, pictureId),
      status: by.approve ? 'approved' : 'pending',
      review_note: null,
      reviewed_by: by.approve ? by.user.id : null,
      reviewed_at: by.approve ? at : null,
      created_by: by.user.id,
      created_at: at,
      updated_at: at,
    });
    await recordAudit(trx, {
      actorId: by.user.id,
      action: 'create',
      entity: 'reward_offer',
      entityId: inserted.id,
      after: { ...input, ally_id: by.allyId, status: inserted.status },
    });
    return inserted;
  });
  return (await toOffers(db, [row]))[0]!;
}

/**
 * An ally's staff edit one of their ally's offers: every field is replaced and the offer goes
 * back to staff for approval (pending, hidden from people until approved again). Audited.
 */
export async function updateAllyOffer(
  db: Db,
  id: number,
  input: OfferInput,
  by: { user: AuthUser; allyId: number },
  now: Date = new Date(),
): Promise<RewardOffer> {
  const before = await repo.findOffer(db, id);
  if (!before || before.ally_id !== by.allyId) throw new AppError('reward-offer-not-found');
  const at = now.toISOString();
  const row = await db.transaction().execute(async (trx) => {
    const pictureId = await attachPublicFile(trx, input.picture_id, by.user, 'picture_id');
    const updated = await repo.updateOffer(trx, id, {
      ...offerFields(input, pictureId),
      status: 'pending',
      review_note: null,
      reviewed_by: null,
      reviewed_at: null,
      updated_at: at,
    });
    await recordAudit(trx, {
      actorId: by.user.id,
      action: 'update',
      entity: 'reward_offer',
      entityId: id,
      before: { title: before.title, cost_points: before.cost_points, stock: before.stock, status: before.status },
      after: { ...input, status: 'pending' },
    });
    return updated!;
  });
  return (await toOffers(db, [row]))[0]!;
}

export async function reviewOffer(
  db: Db,
  id: number,
  input: OfferReview,
  staff: AuthUser,
  now: Date = new Date(),
): Promise<RewardOffer> {
  const before = await repo.findOffer(db, id);
  if (!before) throw new AppError('reward-offer-not-found');
  const row = await db.transaction().execute(async (trx) => {
    const updated = await repo.updateOffer(trx, id, {
      status: input.decision,
      review_note: input.note ?? null,
      reviewed_by: staff.id,
      reviewed_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    await recordAudit(trx, {
      actorId: staff.id,
      action: input.decision === 'approved' ? 'approve' : 'reject',
      entity: 'reward_offer',
      entityId: id,
      before: { status: before.status },
      after: { status: input.decision, note: input.note ?? null },
    });
    return updated!;
  });
  return (await toOffers(db, [row]))[0]!;
}

// ---------------------------------------------------------------------------------------------
// Redemptions
// ---------------------------------------------------------------------------------------------

function newCode(): string {
  let code = '';
  for (let i = 0; i < REDEMPTION_CODE_LENGTH; i += 1)
    code += REDEMPTION_CODE_ALPHABET[randomInt(REDEMPTION_CODE_ALPHABET.length)];
  return code;
}

async function toRedemptions(db: Db, rows: repo.RedemptionRow[]): Promise<Redemption[]> {
  const offers = new Map<number, RewardOffer>();
  for (const id of new Set(rows.map((r) => r.offer_id))) {
    const o = await repo.findOffer(db, id);
    if (o) offers.set(id, (await toOffers(db, [o]))[0]!);
  }
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    status: r.status as RedemptionStatus,
    offer_id: r.offer_id,
    offer_title: offers.get(r.offer_id)?.title ?? '',
    ally_name: offers.get(r.offer_id)?.ally_name ?? '',
    points: r.points,
    expires_at: r.expires_at,
    confirmed_at: r.confirmed_at,
    created_at: r.created_at,
  }));
}

/**
 * Reserves the offer's cost and one unit of stock, in one transaction: the balance update only
 * happens when it covers the cost (and locks the account's row on PostgreSQL, so one person's
 * concurrent redemptions queue), the per-person count is read after that lock, and the stock
 * update only happens when a unit is left. Any refusal rolls all of it back.
 */
export async function redeem(
  db: Db,
  user: AuthUser,
  offerId: number,
  now: Date = new Date(),
): Promise<RedemptionWithQr> {
  const offer = await repo.findOffer(db, offerId);
  if (!offer) throw AppError.field('reward-offer-not-found', 'offer_id');
  const day = bogotaDay(now);
  if (offer.status !== 'approved' || offer.valid_from > day || offer.valid_to < day)
    throw new AppError('reward-offer-unavailable');
  const account = await accountOf(db, user);
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + REDEMPTION_TTL_MINUTES * 60_000).toISOString();

  const { row, balance } = await db.transaction().execute(async (trx) => {
    if (!(await repo.takeFromBalance(trx, account, offer.cost_points, at)))
      throw new AppError('reward-insufficient-points');
    if ((await repo.liveRedemptionsOf(trx, offerId, account)) >= offer.per_person_limit)
      throw new AppError('reward-limit-reached');
    if (!(await repo.takeOneUnit(trx, offerId, day, at))) throw new AppError('reward-out-of-stock');
    const inserted = await repo.insertRedemption(trx, {
      code: newCode(),
      offer_id: offerId,
      user_id: account,
      points: offer.cost_points,
      status: 'reserved',
      expires_at: expiresAt,
      confirmed_at: null,
      confirmed_by: null,
      created_at: at,
    });
    await repo.insertEntry(trx, {
      user_id: account,
      kind: 'redeemed',
      points: -offer.cost_points,
      cause_type: 'redemption',
      cause_id: String(inserted.id),
      description: `Canje: ${offer.title}`,
      reason: null,
      created_by: user.id,
      month: bogotaMonth(now),
      created_at: at,
    });
    return { row: inserted, balance: await repo.balanceOf(trx, account) };
  });
  const [view] = await toRedemptions(db, [row]);
  const qr = await QRCode.toString(formatRedemptionCode(row.code), {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return { ...view!, qr_svg: qr, balance };
}

export async function listMyRedemptions(db: Db, user: AuthUser, now: Date = new Date()): Promise<Redemption[]> {
  await expireDueRedemptions(db, now);
  return toRedemptions(db, await repo.redemptionsOfUser(db, await accountOf(db, user), 50));
}

/** Gives one expired code's points and unit back, if no one settled it first. */
async function expireOne(db: Db, r: repo.RedemptionRow, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.settleRedemption(trx, r.id, { status: 'expired' }))) return false;
    // Balance before stock, the order a redemption takes them in: no two transactions wait on each other.
    await book(
      trx,
      {
        userId: r.user_id,
        kind: 'reversed',
        points: r.points,
        cause: 'redemption',
        causeId: r.id,
        description: 'Código de canje vencido sin usar: se devuelven los puntos',
      },
      now,
    );
    await repo.giveUnitBack(trx, r.offer_id, now.toISOString());
    return true;
  });
}

/** Codes past their 30 minutes give points and stock back (safe to run on every instance). */
export async function expireDueRedemptions(db: Db, now: Date = new Date()): Promise<number> {
  let n = 0;
  for (const r of await repo.dueRedemptions(db, now.toISOString(), 200)) if (await expireOne(db, r, now)) n += 1;
  return n;
}

// ---- the ally's side ----

export async function allyAccountOf(db: Executor, user: AuthUser): Promise<AllyAccount | null> {
  const allyId = await repo.allyOfStaff(db, user.id);
  if (allyId === undefined) return null;
  const names = await allyNamesByIds(db, [allyId]);
  return { ally_id: allyId, ally_name: names.get(allyId) ?? '' };
}

/** The ally the caller works for, or 403 ally-staff-only. */
export async function requireAllyStaff(db: Executor, user: AuthUser): Promise<AllyAccount> {
  const account = await allyAccountOf(db, user);
  if (!account) throw new AppError('ally-staff-only');
  return account;
}

async function toAllyRedemptions(db: Db, rows: repo.RedemptionRow[]): Promise<AllyRedemption[]> {
  const views = await toRedemptions(db, rows);
  const people = await accountsByIds(db, [...rows.map((r) => r.user_id), ...rows.map((r) => r.confirmed_by)]);
  return rows.map((r, i) => {
    const person = people.get(r.user_id);
    return {
      id: r.id,
      code: r.code,
      status: r.status as RedemptionStatus,
      offer_id: r.offer_id,
      offer_title: views[i]!.offer_title,
      person: person?.first_name ?? person?.name.split(' ')[0] ?? '',
      points: r.points,
      created_at: r.created_at,
      expires_at: r.expires_at,
      confirmed_at: r.confirmed_at,
      confirmed_by_name: r.confirmed_by === null ? null : (people.get(r.confirmed_by)?.name ?? null),
    };
  });
}

/** The ally's staff use a code: once, within its 30 minutes, only for their own ally's offers. */
export async function confirmRedemption(
  db: Db,
  user: AuthUser,
  code: string,
  now: Date = new Date(),
): Promise<AllyRedemption> {
  const ally = await requireAllyStaff(db, user);
  const row = await repo.findRedemptionByCode(db, code);
  const offer = row ? await repo.findOffer(db, row.offer_id) : undefined;
  if (!row || !offer || offer.ally_id !== ally.ally_id) throw new AppError('redemption-not-found');
  if (row.status === 'confirmed') throw new AppError('redemption-already-confirmed');
  if (row.status === 'expired') throw new AppError('redemption-expired');
  const at = now.toISOString();
  const done = await repo.settleRedemption(
    db,
    row.id,
    { status: 'confirmed', confirmed_at: at, confirmed_by: user.id },
    at,
  );
  if (!done) {
    const again = await repo.findRedemptionByCode(db, code);
    if (again?.status === 'confirmed') throw new AppError('redemption-already-confirmed');
    await expireOne(db, again ?? row, now);
    throw new AppError('redemption-expired');
  }
  await notify(db, row.user_id, {
    title: 'Canje confirmado',
    body: `${ally.ally_name} confirmó tu canje de «${offer.title}».`,
    link: '/recompensas',
  });
  return (await toAllyRedemptions(db, [(await repo.findRedemptionByCode(db, code))!]))[0]!;
}

export async function listAllyRedemptions(
  db: Db,
  user: AuthUser,
  filter: { status?: RedemptionStatus | undefined; limit: number },
  now: Date = new Date(),
): Promise<AllyRedemption[]> {
  const ally = await requireAllyStaff(db, user);
  await expireDueRedemptions(db, now);
  return toAllyRedemptions(
    db,
    await repo.redemptionsOfAlly(db, ally.ally_id, {
      ...(filter.status ? { status: filter.status } : {}),
      limit: filter.limit,
    }),
  );
}

/** Staff make an account an ally's staff (one ally per account). Audited. */
export async function assignAllyStaff(
  db: Db,
  email: string,
  allyId: number,
  staff: AuthUser | null,
  now: Date = new Date(),
) {
  const account = await findAccountByEmail(db, email.trim().toLowerCase());
  if (!account || account.active !== 1 || account.deleted_at) throw AppError.field('reward-account-not-found', 'email');
  if (!(await allyExists(db, allyId))) throw AppError.field('ally-not-found-for-offer', 'ally_id');
  await db.transaction().execute(async (trx) => {
    await repo.setAllyStaff(trx, account.id, allyId, now.toISOString());
    if (staff)
      await recordAudit(trx, {
        actorId: staff.id,
        action: 'update',
        entity: 'reward_ally_staff',
        entityId: account.id,
        after: { ally_id: allyId },
      });
  });
  const names = await allyNamesByIds(db, [allyId]);
  return { user_id: account.id, email: account.email, ally_id: allyId, ally_name: names.get(allyId) ?? '' };
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

/** Per Bogotá month: points issued, redeemed (net of returned codes), expired, and the liability at its close. */
export async function figures(db: Db): Promise<RewardFigures> {
  const rows = await repo.monthlyTotals(db);
  const months = new Map<
    string,
    { issued: number; redeemed: number; expired: number; adjusted_down: number; net: number }
  >();
  for (const r of rows) {
    const m = months.get(r.month) ?? { issued: 0, redeemed: 0, expired: 0, adjusted_down: 0, net: 0 };
    m.net += r.positive + r.negative;
    if (r.kind === 'earned') m.issued += r.positive;
    else if (r.kind === 'adjusted') {
      m.issued += r.positive;
      m.adjusted_down += -r.negative;
    } else if (r.kind === 'redeemed') m.redeemed += -r.negative;
    else if (r.kind === 'expired') m.expired += -r.negative;
    else if (r.kind === 'reversed') {
      // A returned code undoes a redemption; a corrected pickup undoes an earning.
      m.redeemed -= r.positive;
      m.issued += r.negative;
    }
    months.set(r.month, m);
  }
  let running = 0;
  const list = [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, m]) => {
      running += m.net;
      return {
        month,
        issued: m.issued,
        redeemed: m.redeemed,
        expired: m.expired,
        adjusted_down: m.adjusted_down,
        outstanding: running,
      };
    });
  const { outstanding, accounts } = await repo.totalOutstanding(db);
  return { months: list, outstanding, held_points: await repo.pendingHeldPoints(db, null), accounts };
}

// ---------------------------------------------------------------------------------------------
// Expiry: points expire 12 months after they were earned, oldest first
// ---------------------------------------------------------------------------------------------

const pointsFormat = new Intl.NumberFormat('es-CO');
const dayInWords = new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: 'America/Bogota' });

/** The same instant `months` calendar months later (earlier when negative), in UTC. */
function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * Books the expiry of every account's points earned more than 12 months ago and not spent
 * since, as one `expired` entry per account and run. FIFO: whatever left an account (redemptions,
 * reversals, earlier expiries, downward adjustments) spent its oldest credits first, so what
 * expires is the old credits minus everything ever taken. Each account is settled under a lock
 * on its balance row and recomputed there, so two instances running at once book it once.
 * Returns the number of accounts whose points expired.
 */
export async function expirePoints(db: Db, now: Date = new Date()): Promise<number> {
  const cutoffAt = addMonths(now, -REWARDS_EXPIRY_MONTHS);
  const cutoff = cutoffAt.toISOString();
  const iso = now.toISOString();
  let accounts = 0;
  for (const candidate of await repo.expiryCandidates(db, cutoff)) {
    const booked = await db.transaction().execute(async (trx) => {
      await repo.lockBalance(trx, candidate.user_id, iso);
      const { credits, debits } = await repo.expiryFiguresOf(trx, candidate.user_id, cutoff);
      const points = Math.min(credits - debits, await repo.balanceOf(trx, candidate.user_id));
      if (points <= 0) return false;
      await book(
        trx,
        {
          userId: candidate.user_id,
          kind: 'expired',
          points: -points,
          cause: 'expiry',
          causeId: bogotaDay(now),
          description: `Vencieron ${pointsFormat.format(points)} puntos ganados hasta el ${dayInWords.format(cutoffAt)}`,
          reason: `Los puntos vencen ${REWARDS_EXPIRY_MONTHS} meses después de ganarlos; se usan primero los más antiguos`,
        },
        now,
      );
      return true;
    });
    if (booked) accounts += 1;
  }
  return accounts;
}

/**
 * Tells each account whose points expire within the next 30 days how many and from when, once
 * per account and expiry date (claimed in the notifications' once-only jobs), linking to
 * Recompensas. Returns the number of notices written.
 */
export async function noticeExpiringPoints(db: Db, now: Date = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + REWARDS_EXPIRY_NOTICE_DAYS * 86_400_000);
  const cutoff = addMonths(horizon, -REWARDS_EXPIRY_MONTHS).toISOString();
  let notices = 0;
  for (const { user_id: userId, credits, debits } of await repo.expiryCandidates(db, cutoff)) {
    const points = Math.min(credits - debits, await repo.balanceOf(db, userId));
    if (points <= 0) continue;
    // The oldest credit not yet spent: its expiry is the first date points leave the account.
    let spent = debits;
    let oldest: string | undefined;
    for (const credit of await repo.creditsOf(db, userId)) {
      if (spent < Number(credit.points)) {
        oldest = credit.created_at;
        break;
      }
      spent -= Number(credit.points);
    }
    if (!oldest) continue;
    const expiresAt = addMonths(new Date(oldest), REWARDS_EXPIRY_MONTHS);
    const written = await db.transaction().execute(async (trx) => {
      if (!(await claimOnce(trx, `reward-expiry-notice:${userId}:${bogotaDay(expiresAt)}`, now))) return false;
      await notify(trx, userId, {
        title: 'Tus puntos están por vencer',
        body: `${pointsFormat.format(points)} puntos vencen desde el ${dayInWords.format(expiresAt)}. Úsalos antes en Recompensas.`,
        link: '/recompensas',
      });
      return true;
    });
    if (written) notices += 1;
  }
  return notices;
}

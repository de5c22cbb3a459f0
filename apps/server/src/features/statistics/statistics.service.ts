import {
  TC_ID,
  STATISTICS_MAX_PERIOD_DAYS,
  STATISTICS_MESSAGES_ES,
  roundKg,
  type BranchFigures,
  type ImpactFactor,
  type ImpactSummary,
  type ManagerFigures,
  type MonthlyKg,
  type MyStatistics,
  type SchemeImpact,
  type SchemeStatistics,
  type SchemeStatisticsQuery,
  type StatisticsQuery,
  type UpdateImpactFactorRequest,
} from '@puntoverde/contract';
import type { Db } from '../../db/dialect.js';
import { nowIso } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { listAccountsOfCompany } from '../identity/identity.service.js';
import { getCatalogue } from '../materials/materials.service.js';
import { pointsManagedBy } from '../points/points.service.js';
import * as repo from './statistics.repository.js';

const DAY_MS = 86_400_000;
/** America/Bogota has had no daylight saving time since 1993: a fixed UTC−5. */
const BOGOTA_OFFSET_MS = 5 * 60 * 60 * 1000;

/** The Bogotá calendar day (YYYY-MM-DD) of an instant. */
export function bogotaDay(instant: Date): string {
  return new Date(instant.getTime() - BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The UTC instant at which a Bogotá calendar day starts. */
export function bogotaDayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + BOGOTA_OFFSET_MS).toISOString();
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Default period: the current Bogotá month and the eleven before it. */
export function resolvePeriod(query: { from?: string | undefined; to?: string | undefined }, now = new Date()): repo.Range {
  const today = bogotaDay(now);
  const to = query.to ?? today;
  let from = query.from;
  if (!from) {
    const d = new Date(`${to.slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - 11);
    from = d.toISOString().slice(0, 10);
  }
  if (from > to) throw AppError.field('validation-failed', 'to', STATISTICS_MESSAGES_ES.order);
  if (daysInclusive(from, to) > STATISTICS_MAX_PERIOD_DAYS) throw AppError.field('validation-failed', 'from', STATISTICS_MESSAGES_ES.tooLong);
  return { from, to };
}

// ---------------------------------------------------------------------------------------------
// Impact
// ---------------------------------------------------------------------------------------------

export type FactorSet = {
  /** material code → kg CO2e avoided per kg */
  materials: Record<string, number>;
  kmPerKgCo2e: number;
  source: string;
  references: string;
  equivalenceSource: string;
};

type Material = { id: number; code: string; name_es: string; parent_code: string | null; sort: number };

/** Every material, deactivated ones included (past kilos keep their names), in catalogue order. */
async function materialsCatalogue(db: Db): Promise<Material[]> {
  const catalogue = await getCatalogue(db);
  return catalogue.materials.map(({ id, code, name_es, parent_code, sort }) => ({ id, code, name_es, parent_code, sort }));
}

export async function currentFactors(db: Db): Promise<FactorSet> {
  const rows = await repo.listFactors(db);
  const materials: Record<string, number> = {};
  let km = 0;
  let equivalenceSource = '';
  const sources = new Set<string>();
  for (const r of rows) {
    if (r.kind === 'material') {
      materials[r.code] = Number(r.factor);
      sources.add(`${r.source} ${r.version}, ${r.source_table}`);
    } else if (r.code === 'km-car') {
      km = Number(r.factor);
      equivalenceSource = `${r.source}: ${r.source_table}`;
    }
  }
  const references = [...sources].join('; ');
  return {
    materials,
    kmPerKgCo2e: km,
    source: `${references}. Referencia de Estados Unidos: no hay factores colombianos publicados por material.`,
    references,
    equivalenceSource,
  };
}

/** A material's factor: its own, else its group's (e.g. `chatarra` → `metales`), else none. */
export function factorFor(factors: FactorSet, material: { code: string; parent_code: string | null }): number | null {
  return factors.materials[material.code] ?? (material.parent_code ? factors.materials[material.parent_code] : undefined) ?? null;
}

export function impactOf(kgByMaterial: { code: string; parent_code: string | null; kg: number }[], factors: FactorSet): ImpactSummary {
  const per = kgByMaterial
    .filter((m) => m.kg > 0)
    .map((m) => {
      const factor = factorFor(factors, m);
      return { material: m.code, kg: roundKg(m.kg), factor, co2e_kg: factor === null ? 0 : roundKg(m.kg * factor) };
    });
  const co2e = roundKg(per.reduce((s, m) => s + m.co2e_kg, 0));
  return {
    co2e_kg: co2e,
    km_not_driven: factors.kmPerKgCo2e > 0 ? Math.round(co2e / factors.kmPerKgCo2e) : 0,
    per_material: per,
    source: factors.source,
    references: factors.references,
    equivalence_source: factors.equivalenceSource,
  };
}

// ---------------------------------------------------------------------------------------------
// Mis cifras
// ---------------------------------------------------------------------------------------------

function toMonthly(rows: repo.MonthlyRow[], byId: Map<number, Material>): MonthlyKg[] {
  return rows.map((r) => ({ month: r.month, material: byId.get(r.material_id)?.code ?? String(r.material_id), kg: roundKg(r.kg) }));
}

function sumByMaterial(rows: { material_id: number; kg: number }[], byId: Map<number, Material>) {
  const kg = new Map<number, number>();
  for (const r of rows) kg.set(r.material_id, (kg.get(r.material_id) ?? 0) + r.kg);
  return [...kg].map(([id, v]) => ({ code: byId.get(id)?.code ?? String(id), parent_code: byId.get(id)?.parent_code ?? null, kg: v }));
}

async function materialIdOf(db: Db, code: string | undefined, catalogue: Material[]): Promise<number | null> {
  if (!code) return null;
  const m = catalogue.find((x) => x.code === code);
  if (!m) throw AppError.field('material-not-found', 'material');
  return Promise.resolve(m.id);
}

async function totalsFor(db: Db, scope: repo.Scope, range: repo.Range, materialId: number | null, now: Date) {
  const today = bogotaDay(now);
  const [period, month, year, all] = await Promise.all([
    repo.totalKg(db, scope, range, materialId),
    repo.totalKg(db, scope, { from: `${today.slice(0, 7)}-01`, to: today }, materialId),
    repo.totalKg(db, scope, { from: `${today.slice(0, 4)}-01-01`, to: today }, materialId),
    repo.totalKg(db, scope, null, materialId),
  ]);
  return { period_kg: roundKg(period), month_kg: roundKg(month), year_kg: roundKg(year), all_time_kg: roundKg(all) };
}

export type StatisticsKind = MyStatistics['kind'];

export function statisticsKindOf(user: AuthUser): StatisticsKind | null {
  if (user.tc_id === TC_ID.manager) return 'manager';
  if (user.tc_id === TC_ID.household) return 'household';
  if (user.tc_id === TC_ID.company) return user.id_empresa ? 'branch' : 'company';
  return null;
}

/** "Mis cifras" for the logged-in user's kind of account. */
export async function myStatistics(db: Db, user: AuthUser, query: StatisticsQuery, now = new Date()): Promise<MyStatistics> {
  const kind = statisticsKindOf(user);
  if (!kind) throw new AppError('forbidden');
  const range = resolvePeriod(query, now);
  const catalogue = await materialsCatalogue(db);
  const byId = new Map(catalogue.map((m) => [m.id, m]));
  const materialId = await materialIdOf(db, query.material, catalogue);
  const factors = await currentFactors(db);

  let scope: repo.Scope;
  let points: { id: number; name: string }[] = [];
  if (kind === 'company') scope = { by: 'company', id: user.id };
  else if (kind === 'manager') {
    points = await pointsManagedBy(db, user.id);
    scope = { by: 'point', ids: points.map((p) => p.id) };
  } else scope = { by: 'requester', ids: [user.id] };

  const [rows, totals] = await Promise.all([repo.monthlyKg(db, scope, range, materialId), totalsFor(db, scope, range, materialId, now)]);
  const usedIds = new Set(rows.map((r) => r.material_id));
  const result: MyStatistics = {
    kind,
    period: range,
    materials: catalogue.filter((m) => usedIds.has(m.id)).map((m) => ({ code: m.code, name: m.name_es })),
    rows: toMonthly(rows, byId),
    totals,
    impact: impactOf(sumByMaterial(rows, byId), factors),
  };

  if (kind === 'company') {
    const branches = await listAccountsOfCompany(db, user.id);
    const split = await repo.monthlyKgBy(db, scope, 'requester_id', range, materialId);
    const all = [{ id: user.id, name: 'Sede principal', is_head: true }, ...branches.map((b) => ({ ...b, is_head: false }))];
    result.branches = all.map((b): BranchFigures => {
      const own = split.filter((r) => r.key === b.id);
      return {
        id: b.id,
        name: b.name,
        is_head: b.is_head,
        total_kg: roundKg(own.reduce((s, r) => s + r.kg, 0)),
        rows: toMonthly(own, byId),
      };
    });
  }

  if (kind === 'manager') result.manager = await managerFigures(db, points, range, materialId, byId);
  return result;
}

async function managerFigures(
  db: Db,
  points: { id: number; name: string }[],
  range: repo.Range,
  materialId: number | null,
  byId: Map<number, Material>,
): Promise<ManagerFigures> {
  const ids = points.map((p) => p.id);
  const scope: repo.Scope = { by: 'point', ids };
  const [perPoint, days, statuses, emptyings] = await Promise.all([
    repo.monthlyKgBy(db, scope, 'point_id', range, materialId),
    repo.collectionsPerDay(db, scope, range),
    repo.requestsPerStatus(db, ids, range),
    repo.emptyingsAt(db, ids, bogotaDayStart(range.from), bogotaDayStart(addDays(range.to, 1))),
  ]);
  const ownEmptyings = emptyings.filter((e) => materialId === null || e.material_id === materialId);
  const emptiedByMonth = new Map<string, number>();
  for (const e of ownEmptyings) {
    const key = `${bogotaDay(new Date(e.created_at)).slice(0, 7)}|${e.material_id}`;
    emptiedByMonth.set(key, (emptiedByMonth.get(key) ?? 0) + e.kg);
  }
  const weekdays = [0, 0, 0, 0, 0, 0, 0];
  for (const d of days) weekdays[new Date(`${d.day}T00:00:00Z`).getUTCDay()]! += d.requests;
  const open = ['pendiente', 'aceptada', 'programada'].reduce((s, st) => s + (statuses.get(st) ?? 0), 0);
  return {
    points: points.map((p) => ({
      id: p.id,
      name: p.name,
      collected_kg: roundKg(perPoint.filter((r) => r.key === p.id).reduce((s, r) => s + r.kg, 0)),
      emptied_kg: roundKg(ownEmptyings.filter((e) => e.point_id === p.id).reduce((s, e) => s + e.kg, 0)),
    })),
    emptyings: [...emptiedByMonth]
      .map(([key, kg]) => {
        const [month, id] = key.split('|');
        return { month: month!, material: byId.get(Number(id))?.code ?? String(id), kg: roundKg(kg) };
      })
      .sort((a, b) => a.month.localeCompare(b.month) || a.material.localeCompare(b.material)),
    busiest_days: weekdays.map((collections, weekday) => ({ weekday, collections })).sort((a, b) => b.collections - a.collections),
    pending: open,
    collected: days.reduce((s, d) => s + d.requests, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Staff: the whole scheme
// ---------------------------------------------------------------------------------------------

export async function schemeStatistics(db: Db, query: SchemeStatisticsQuery, now = new Date()): Promise<SchemeStatistics> {
  const range = resolvePeriod(query, now);
  const catalogue = await materialsCatalogue(db);
  const byId = new Map(catalogue.map((m) => [m.id, m]));
  const perMaterial = await repo.monthlyKg(db, { by: 'scheme' }, range);
  const rows =
    query.group === 'material'
      ? perMaterial.map((r) => ({
          month: r.month,
          key: byId.get(r.material_id)?.code ?? String(r.material_id),
          label: byId.get(r.material_id)?.name_es ?? String(r.material_id),
          kg: roundKg(r.kg),
        }))
      : (await repo.schemeMonthlyBy(db, query.group, range)).map((r) => ({ ...r, kg: roundKg(r.kg) }));
  return {
    period: range,
    group: query.group,
    rows,
    total_kg: roundKg(perMaterial.reduce((s, r) => s + r.kg, 0)),
    impact: impactOf(sumByMaterial(perMaterial, byId), await currentFactors(db)),
  };
}

/**
 * One Bogotá month of the whole scheme, per material: read from `scheme_monthly_kg`, a table the
 * database keeps by triggers on the ledger (pre-aggregated rather than indexed: a month is at most
 * ten rows whatever the ledger's size, it is exact after every write path — collections, seeds,
 * imports — and the same on every instance, where an index-only scan of a month grows with the
 * scheme: 57 ms p99 at 1,000,000 items).
 */
export async function schemeMonth(db: Db, month: string): Promise<SchemeMonthFigure> {
  const catalogue = await materialsCatalogue(db);
  const byId = new Map(catalogue.map((m) => [m.id, m]));
  const kg = await repo.schemeKgPerMaterialByMonths(db, { from: month, to: month });
  // A month whose only collection was undone keeps its row at 0 (or a float's residue of it).
  const kept = [...kg].filter(([, v]) => roundKg(v) !== 0);
  const per = kept.map(([id, v]) => ({ material: byId.get(id)?.code ?? String(id), kg: roundKg(v) }));
  return { month, total_kg: roundKg(kept.reduce((s, [, v]) => s + v, 0)), per_material: per };
}

type SchemeMonthFigure = { month: string; total_kg: number; per_material: { material: string; kg: number }[] };

/** The same figure summed from the ledger (the bench's baseline; tests check both agree). */
export async function computeSchemeMonthFromLedger(db: Db, month: string): Promise<SchemeMonthFigure> {
  const catalogue = await materialsCatalogue(db);
  const byId = new Map(catalogue.map((m) => [m.id, m]));
  const kg = await repo.kgPerMaterial(db, { by: 'scheme' }, { from: `${month}-01`, to: `${month}-31` });
  const per = [...kg].map(([id, v]) => ({ material: byId.get(id)?.code ?? String(id), kg: roundKg(v) }));
  return { month, total_kg: roundKg([...kg.values()].reduce((s, v) => s + v, 0)), per_material: per };
}

// The landing page's "impact so far": a sum over the monthly totals (never a scan of the ledger),
// cached per database for a while; a factor change drops the cache.
export const SCHEME_IMPACT_TTL_MS = 10 * 60 * 1000;
const impactCache = new WeakMap<Db, { at: number; value: Promise<SchemeImpact> }>();

export function schemeImpact(db: Db, now = Date.now()): Promise<SchemeImpact> {
  const cached = impactCache.get(db);
  if (cached && now - cached.at < SCHEME_IMPACT_TTL_MS) return cached.value;
  const value = computeSchemeImpact(db, new Date(now));
  impactCache.set(db, { at: now, value });
  value.catch(() => impactCache.delete(db));
  return value;
}

async function computeSchemeImpact(db: Db, now: Date): Promise<SchemeImpact> {
  const month = bogotaDay(now).slice(0, 7);
  const thisMonth = await schemeMonth(db, month);
  const catalogue = await materialsCatalogue(db);
  const byId = new Map(catalogue.map((m) => [m.id, m]));
  const kg = await repo.schemeKgPerMaterialByMonths(db, null);
  const impact = impactOf(sumByMaterial([...kg].map(([material_id, v]) => ({ material_id, kg: v })), byId), await currentFactors(db));
  return {
    total_kg: roundKg([...kg.values()].reduce((s, v) => s + v, 0)),
    month,
    month_kg: thisMonth.total_kg,
    co2e_kg: impact.co2e_kg,
    km_not_driven: impact.km_not_driven,
    source: impact.source,
    references: impact.references,
    computed_at: nowIso(),
  };
}

// ---------------------------------------------------------------------------------------------
// Impact factors (staff)
// ---------------------------------------------------------------------------------------------

function factorView(r: Awaited<ReturnType<typeof repo.listFactors>>[number]): ImpactFactor {
  return {
    code: r.code,
    kind: r.kind === 'equivalence' ? 'equivalence' : 'material',
    factor: Number(r.factor),
    reference_name: r.reference_name,
    source: r.source,
    source_table: r.source_table,
    version: r.version,
    updated_at: r.updated_at,
  };
}

export async function listImpactFactors(db: Db): Promise<ImpactFactor[]> {
  return (await repo.listFactors(db)).map(factorView);
}

/** Changes one factor with its audit entry; certificates already issued keep the factors they printed. */
export async function updateImpactFactor(db: Db, admin: AuthUser, code: string, input: UpdateImpactFactorRequest): Promise<ImpactFactor> {
  const updated = await db.transaction().execute(async (trx) => {
    const before = await repo.findFactor(trx, code);
    if (!before) throw new AppError('impact-factor-not-found');
    const patch = {
      factor: input.factor,
      reference_name: input.reference_name ?? before.reference_name,
      source: input.source ?? before.source,
      source_table: input.source_table ?? before.source_table,
      version: input.version ?? before.version,
      updated_by: admin.id,
      updated_at: nowIso(),
    };
    await repo.updateFactor(trx, before.id, patch);
    const after = { ...before, ...patch };
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'update',
      entity: 'impact-factor',
      entityId: code,
      before: factorView(before),
      after: factorView(after),
    });
    return after;
  });
  impactCache.delete(db);
  return factorView(updated);
}

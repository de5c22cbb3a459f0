import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type { RecyclerPayoutsTable, SuiFilingsTable, SuiSettingsTable } from '../../db/types.js';

/** Rows of the SUI filing: the code table and mapping, settings, filings, and the month's sums. */

/** Week of the month (1–5) of a YYYY-MM-DD text column: (day + 6) / 7 in integer arithmetic, both dialects. */
const weekOf = (column: string) => sql<number>`(cast(substr(${sql.ref(column)}, 9, 2) as integer) + 6) / 7`;

// ---- codes and mapping ----

export function codeVersions(db: Executor) {
  return db.selectFrom('sui_code_versions').select(['version', 'valid_from', 'note']).orderBy('version').execute();
}

export function codesOfVersion(db: Executor, version: number) {
  return db
    .selectFrom('sui_material_codes')
    .select(['code', 'name', 'family'])
    .where('version', '=', version)
    .orderBy('code')
    .execute();
}

export async function insertCodeVersion(
  db: Executor,
  values: { version: number; valid_from: string; note: string; created_by: number; created_at: string },
  codes: Array<{ code: number; name: string; family: string }>,
) {
  await db.insertInto('sui_code_versions').values(values).execute();
  await db
    .insertInto('sui_material_codes')
    .values(codes.map((c) => ({ version: values.version, ...c })))
    .execute();
}

export function materialMap(db: Executor) {
  return db.selectFrom('sui_material_map').select(['material_id', 'sui_code']).execute();
}

export async function setMaterialCode(db: Executor, materialId: number, code: number | null, userId: number, at: string) {
  await db.deleteFrom('sui_material_map').where('material_id', '=', materialId).execute();
  if (code !== null)
    await db
      .insertInto('sui_material_map')
      .values({ material_id: materialId, sui_code: code, updated_by: userId, updated_at: at })
      .execute();
}

// ---- settings and filings ----

export function settingsOf(db: Executor, organizationId: number) {
  return db.selectFrom('sui_settings').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
}

export async function saveSettings(db: Executor, values: Insertable<SuiSettingsTable>) {
  await db.deleteFrom('sui_settings').where('organization_id', '=', values.organization_id).execute();
  await db.insertInto('sui_settings').values(values).execute();
}

export function filingsOf(db: Executor, organizationId: number) {
  return db
    .selectFrom('sui_filings')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('month', 'desc')
    .execute();
}

export async function insertFiling(db: Executor, values: Insertable<SuiFilingsTable>) {
  await db.insertInto('sui_filings').values(values).execute();
}

// ---- the month's weighing ----

/** Net and rejected kg of a month's live tickets by ECA, macro-route, week, member and material. */
export function balanceSums(db: Executor, organizationId: number, from: string, to: string) {
  return db
    .selectFrom('recycler_ticket_lines as l')
    .innerJoin('recycler_tickets as t', 't.id', 'l.ticket_id')
    .select(['t.eca_point_id', 't.macro_route_id', 't.member_id', 'l.material_id'])
    .select((eb) => [
      weekOf('t.weighed_on').as('week'),
      eb.fn.sum<number>('l.net_kg').as('net_kg'),
      eb.fn.sum<number>('l.reject_kg').as('reject_kg'),
      // Lines whose rejects exceed their net kilos (the pre-flight names their tickets).
      eb.fn.sum<number>(sql`case when ${sql.ref('l.reject_kg')} > ${sql.ref('l.net_kg')} then 1 else 0 end`).as('over_rejected'),
    ])
    .where('t.organization_id', '=', organizationId)
    .where('t.weighed_on', '>=', from)
    .where('t.weighed_on', '<=', to)
    .where('t.status', '!=', 'anulado')
    .groupBy(['t.eca_point_id', 't.macro_route_id', weekOf('t.weighed_on'), 't.member_id', 'l.material_id'])
    .execute();
}

/**
 * Live ticket lines weighed before `before` but recorded after `createdAfter`: candidates for a
 * later month's file when their own month was already filed.
 */
export function lateTicketLines(db: Executor, organizationId: number, before: string, createdAfter: string) {
  return db
    .selectFrom('recycler_ticket_lines as l')
    .innerJoin('recycler_tickets as t', 't.id', 'l.ticket_id')
    .select([
      't.id as ticket_id',
      't.created_at',
      't.weighed_on',
      't.eca_point_id',
      't.macro_route_id',
      't.member_id',
      'l.material_id',
      'l.net_kg',
      'l.reject_kg',
    ])
    .where('t.organization_id', '=', organizationId)
    .where('t.weighed_on', '<', before)
    .where('t.created_at', '>', createdAfter)
    .where('t.status', '!=', 'anulado')
    .orderBy('t.id')
    .orderBy('l.id')
    .execute();
}

/** A month's live tickets without a macro-route (the balance needs NUMACRO). */
export function ticketsWithoutMacro(db: Executor, organizationId: number, from: string, to: string) {
  return db
    .selectFrom('recycler_tickets')
    .select(['id', 'number'])
    .where('organization_id', '=', organizationId)
    .where('weighed_on', '>=', from)
    .where('weighed_on', '<=', to)
    .where('status', '!=', 'anulado')
    .where('macro_route_id', 'is', null)
    .orderBy('number')
    .limit(200)
    .execute();
}

/** A month's live ticket lines whose rejects exceed their net kilos. */
export function linesOverRejected(db: Executor, organizationId: number, from: string, to: string) {
  return db
    .selectFrom('recycler_ticket_lines as l')
    .innerJoin('recycler_tickets as t', 't.id', 'l.ticket_id')
    .select(['t.id', 't.number'])
    .where('t.organization_id', '=', organizationId)
    .where('t.weighed_on', '>=', from)
    .where('t.weighed_on', '<=', to)
    .where('t.status', '!=', 'anulado')
    .whereRef('l.reject_kg', '>', 'l.net_kg')
    .orderBy('t.number')
    .limit(200)
    .execute();
}

// ---- the month's sales ----

export function saleLinesOfMonth(db: Executor, organizationId: number, from: string, to: string) {
  return db
    .selectFrom('recycler_sale_lines as l')
    .innerJoin('recycler_sales as s', 's.id', 'l.sale_id')
    .select([
      's.id as sale_id',
      's.eca_point_id',
      's.buyer_id_type',
      's.buyer_id_number',
      's.buyer_name',
      's.invoice_number',
      's.invoice_date',
      's.cufe',
      's.created_at',
      'l.id as line_id',
      'l.material_id',
      'l.kg',
      'l.price_per_kg',
      'l.vat_rate',
    ])
    .where('s.organization_id', '=', organizationId)
    .where('s.invoice_date', '>=', from)
    .where('s.invoice_date', '<=', to)
    .orderBy('s.invoice_date')
    .orderBy('s.invoice_number')
    .orderBy('l.id')
    .execute();
}

/** Sale lines invoiced before `before` but recorded after `createdAfter` (late ones). */
export function lateSaleLines(db: Executor, organizationId: number, before: string, createdAfter: string) {
  return db
    .selectFrom('recycler_sale_lines as l')
    .innerJoin('recycler_sales as s', 's.id', 'l.sale_id')
    .select([
      's.id as sale_id',
      's.eca_point_id',
      's.buyer_id_type',
      's.buyer_id_number',
      's.buyer_name',
      's.invoice_number',
      's.invoice_date',
      's.cufe',
      's.created_at',
      'l.id as line_id',
      'l.material_id',
      'l.kg',
      'l.price_per_kg',
      'l.vat_rate',
    ])
    .where('s.organization_id', '=', organizationId)
    .where('s.invoice_date', '<', before)
    .where('s.created_at', '>', createdAfter)
    .orderBy('s.invoice_date')
    .orderBy('s.invoice_number')
    .orderBy('l.id')
    .execute();
}

export function membersOfOrganization(db: Executor, organizationId: number) {
  return db
    .selectFrom('recycler_members')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id_type')
    .orderBy('id_number')
    .orderBy('id')
    .execute();
}

// ---- dashboard ----

/** Net and rejected kg per month, material, member and micro-route of live tickets from `from` to `to`. */
export function weighedSums(db: Executor, organizationId: number, from: string, to: string) {
  return db
    .selectFrom('recycler_ticket_lines as l')
    .innerJoin('recycler_tickets as t', 't.id', 'l.ticket_id')
    .select(['t.member_id', 't.macro_route_id', 't.micro_route_id', 'l.material_id'])
    .select((eb) => [
      sql<string>`substr(${sql.ref('t.weighed_on')}, 1, 7)`.as('month'),
      eb.fn.sum<number>('l.net_kg').as('net_kg'),
      eb.fn.sum<number>('l.reject_kg').as('reject_kg'),
    ])
    .where('t.organization_id', '=', organizationId)
    .where('t.weighed_on', '>=', from)
    .where('t.weighed_on', '<=', to)
    .where('t.status', '!=', 'anulado')
    .groupBy([
      sql`substr(${sql.ref('t.weighed_on')}, 1, 7)`,
      't.member_id',
      't.macro_route_id',
      't.micro_route_id',
      'l.material_id',
    ])
    .execute();
}

export function soldSums(db: Executor, organizationId: number, from: string, to: string) {
  return db
    .selectFrom('recycler_sale_lines as l')
    .innerJoin('recycler_sales as s', 's.id', 'l.sale_id')
    .select(['l.material_id'])
    .select((eb) => [
      sql<string>`substr(${sql.ref('s.invoice_date')}, 1, 7)`.as('month'),
      eb.fn.sum<number>('l.kg').as('kg'),
    ])
    .where('s.organization_id', '=', organizationId)
    .where('s.invoice_date', '>=', from)
    .where('s.invoice_date', '<=', to)
    .groupBy([sql`substr(${sql.ref('s.invoice_date')}, 1, 7)`, 'l.material_id'])
    .execute();
}

export function payoutsOfMonth(db: Executor, organizationId: number, month: string) {
  return db
    .selectFrom('recycler_payouts')
    .select(['member_id'])
    .select((eb) => eb.fn.sum<number>('amount_cop').as('amount_cop'))
    .where('organization_id', '=', organizationId)
    .where('month', '=', month)
    .groupBy('member_id')
    .execute();
}

export async function hasPayouts(db: Executor, organizationId: number): Promise<boolean> {
  return Boolean(
    await db.selectFrom('recycler_payouts').select('id').where('organization_id', '=', organizationId).executeTakeFirst(),
  );
}

/** Every payout of one month with the member's name, newest first. */
export function payoutsListOfMonth(db: Executor, organizationId: number, month: string) {
  return db
    .selectFrom('recycler_payouts as p')
    .innerJoin('recycler_members as m', 'm.id', 'p.member_id')
    .select(['p.id', 'p.member_id', 'p.month', 'p.amount_cop', 'p.note', 'p.created_at', 'm.name as member_name'])
    .where('p.organization_id', '=', organizationId)
    .where('p.month', '=', month)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/** The last month any organisation filed with the SUI (null: none yet). */
export async function lastFiledMonth(db: Executor): Promise<string | null> {
  const row = await db
    .selectFrom('sui_filings')
    .select((eb) => eb.fn.max('month').as('month'))
    .executeTakeFirst();
  return (row?.month as string | null | undefined) ?? null;
}

export function insertPayout(db: Executor, values: Insertable<RecyclerPayoutsTable>) {
  return db.insertInto('recycler_payouts').values(values).returningAll().executeTakeFirstOrThrow();
}

import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type {
  RecyclerSaleLinesTable,
  RecyclerSalesTable,
  RecyclerScalesTable,
  RecyclerTicketLinesTable,
  RecyclerTicketsTable,
} from '../../db/types.js';

/** Rows of the ECA's scales, scale tickets and sales. */

export type ScaleRow = Selectable<RecyclerScalesTable>;
export type TicketRow = Selectable<RecyclerTicketsTable>;
export type TicketLineRow = Selectable<RecyclerTicketLinesTable>;
export type SaleRow = Selectable<RecyclerSalesTable>;
export type SaleLineRow = Selectable<RecyclerSaleLinesTable>;

// ---- scales ----

export function scalesOfEcas(db: Executor, ecaIds: number[]): Promise<ScaleRow[]> {
  if (!ecaIds.length) return Promise.resolve([]);
  return db.selectFrom('recycler_scales').selectAll().where('eca_point_id', 'in', ecaIds).orderBy('id').execute();
}

export function findScale(db: Executor, id: number): Promise<ScaleRow | undefined> {
  return db.selectFrom('recycler_scales').selectAll().where('id', '=', id).executeTakeFirst();
}

export function scaleBySerial(db: Executor, ecaId: number, serial: string): Promise<ScaleRow | undefined> {
  return db
    .selectFrom('recycler_scales')
    .selectAll()
    .where('eca_point_id', '=', ecaId)
    .where('serial', '=', serial)
    .executeTakeFirst();
}

export function insertScale(db: Executor, values: Insertable<RecyclerScalesTable>): Promise<ScaleRow> {
  return db.insertInto('recycler_scales').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateScale(db: Executor, id: number, values: Partial<Insertable<RecyclerScalesTable>>) {
  await db.updateTable('recycler_scales').set(values).where('id', '=', id).execute();
}

export async function scaleHasTickets(db: Executor, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('recycler_tickets').select('id').where('scale_id', '=', id).executeTakeFirst());
}

export async function deleteScale(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('recycler_scales').where('id', '=', id).execute();
}

// ---- tickets ----

export function insertTicket(db: Executor, values: Insertable<RecyclerTicketsTable>): Promise<TicketRow> {
  return db.insertInto('recycler_tickets').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertTicketLines(db: Executor, values: Insertable<RecyclerTicketLinesTable>[]) {
  if (values.length) await db.insertInto('recycler_ticket_lines').values(values).execute();
}

export async function insertTicketPickups(db: Executor, ticketId: number, requestIds: number[]) {
  if (requestIds.length)
    await db
      .insertInto('recycler_ticket_pickups')
      .values(requestIds.map((request_id) => ({ ticket_id: ticketId, request_id })))
      .execute();
}

export function findTicket(db: Executor, id: number): Promise<TicketRow | undefined> {
  return db.selectFrom('recycler_tickets').selectAll().where('id', '=', id).executeTakeFirst();
}

export function ticketsWhere(
  db: Executor,
  filter: {
    organizationId?: number;
    memberIds?: number[];
    status?: string;
    from?: string;
    to?: string;
    ids?: number[];
  },
  limit = 500,
): Promise<TicketRow[]> {
  let q = db.selectFrom('recycler_tickets').selectAll();
  if (filter.organizationId !== undefined) q = q.where('organization_id', '=', filter.organizationId);
  if (filter.memberIds) q = filter.memberIds.length ? q.where('member_id', 'in', filter.memberIds) : q.where('id', '<', 0);
  if (filter.ids) q = filter.ids.length ? q.where('id', 'in', filter.ids) : q.where('id', '<', 0);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.from) q = q.where('weighed_on', '>=', filter.from);
  if (filter.to) q = q.where('weighed_on', '<=', filter.to);
  return q.orderBy('weighed_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function linesOfTickets(db: Executor, ticketIds: number[]): Promise<TicketLineRow[]> {
  if (!ticketIds.length) return Promise.resolve([]);
  return db.selectFrom('recycler_ticket_lines').selectAll().where('ticket_id', 'in', ticketIds).orderBy('id').execute();
}

export function pickupsOfTickets(db: Executor, ticketIds: number[]) {
  if (!ticketIds.length) return Promise.resolve([]);
  return db.selectFrom('recycler_ticket_pickups').selectAll().where('ticket_id', 'in', ticketIds).execute();
}

/** Tickets (not voided) that already name one of these pickups. */
export function liveTicketsOfPickups(db: Executor, requestIds: number[]) {
  if (!requestIds.length) return Promise.resolve([]);
  return db
    .selectFrom('recycler_ticket_pickups as p')
    .innerJoin('recycler_tickets as t', 't.id', 'p.ticket_id')
    .select(['p.request_id', 't.id', 't.number'])
    .where('p.request_id', 'in', requestIds)
    .where('t.status', '!=', 'anulado')
    .execute();
}

/** Moves a ticket out of `from` only if it is still there (two confirmations: one wins). */
export async function updateTicketIf(
  db: Executor,
  id: number,
  from: string,
  values: Partial<Insertable<RecyclerTicketsTable>>,
): Promise<boolean> {
  const res = await db.updateTable('recycler_tickets').set(values).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function correctionsOf(db: Executor, ticketIds: number[]) {
  if (!ticketIds.length) return Promise.resolve([]);
  return db
    .selectFrom('recycler_tickets')
    .select(['id', 'number', 'corrects_ticket_id'])
    .where('corrects_ticket_id', 'in', ticketIds)
    .execute();
}

export function ticketNumbers(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('recycler_tickets').select(['id', 'number']).where('id', 'in', ids).execute();
}

export function memberIdsOfUser(db: Executor, userId: number): Promise<number[]> {
  return db
    .selectFrom('recycler_members')
    .select('id')
    .where('user_id', '=', userId)
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

// ---- stock and sales ----

/**
 * Takes the ECA's row lock for the rest of the transaction (PostgreSQL: a row lock; SQLite: the
 * write lock), so two sales of the same ECA check its stock one after the other.
 */
export async function lockEca(db: Executor, pointId: number, at: string): Promise<void> {
  await db.updateTable('recycler_ecas').set({ updated_at: at }).where('point_id', '=', pointId).execute();
}

/** Net and rejected kg per ECA and material, of tickets not voided. */
export function weighedByMaterial(db: Executor, ecaIds: number[]) {
  if (!ecaIds.length) return Promise.resolve([]);
  return db
    .selectFrom('recycler_ticket_lines as l')
    .innerJoin('recycler_tickets as t', 't.id', 'l.ticket_id')
    .select(['t.eca_point_id', 'l.material_id'])
    .select((eb) => [eb.fn.sum<number>('l.net_kg').as('net_kg'), eb.fn.sum<number>('l.reject_kg').as('reject_kg')])
    .where('t.eca_point_id', 'in', ecaIds)
    .where('t.status', '!=', 'anulado')
    .groupBy(['t.eca_point_id', 'l.material_id'])
    .execute();
}

export function soldByMaterial(db: Executor, ecaIds: number[]) {
  if (!ecaIds.length) return Promise.resolve([]);
  return db
    .selectFrom('recycler_sale_lines as l')
    .innerJoin('recycler_sales as s', 's.id', 'l.sale_id')
    .select(['s.eca_point_id', 'l.material_id'])
    .select((eb) => eb.fn.sum<number>('l.kg').as('kg'))
    .where('s.eca_point_id', 'in', ecaIds)
    .groupBy(['s.eca_point_id', 'l.material_id'])
    .execute();
}

export function insertSale(db: Executor, values: Insertable<RecyclerSalesTable>): Promise<SaleRow> {
  return db.insertInto('recycler_sales').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertSaleLines(db: Executor, values: Insertable<RecyclerSaleLinesTable>[]) {
  if (values.length) await db.insertInto('recycler_sale_lines').values(values).execute();
}

export async function updateSale(db: Executor, id: number, values: Partial<Insertable<RecyclerSalesTable>>): Promise<void> {
  await db.updateTable('recycler_sales').set(values).where('id', '=', id).execute();
}

export async function deleteSaleLines(db: Executor, saleId: number): Promise<void> {
  await db.deleteFrom('recycler_sale_lines').where('sale_id', '=', saleId).execute();
}

export function saleByInvoice(db: Executor, organizationId: number, invoice: string) {
  return db
    .selectFrom('recycler_sales')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('invoice_number', '=', invoice)
    .executeTakeFirst();
}

export function salesOf(db: Executor, organizationId: number, ids?: number[]): Promise<SaleRow[]> {
  let q = db.selectFrom('recycler_sales').selectAll().where('organization_id', '=', organizationId);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [-1]);
  return q.orderBy('invoice_date', 'desc').orderBy('id', 'desc').limit(500).execute();
}

export function linesOfSales(db: Executor, saleIds: number[]): Promise<SaleLineRow[]> {
  if (!saleIds.length) return Promise.resolve([]);
  return db.selectFrom('recycler_sale_lines').selectAll().where('sale_id', 'in', saleIds).orderBy('id').execute();
}

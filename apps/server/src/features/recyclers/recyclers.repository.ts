import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type {
  RecyclerEcasTable,
  RecyclerMacroRoutesTable,
  RecyclerMembersTable,
  RecyclerMicroRoutesTable,
  RecyclerOrganizationsTable,
  RecyclerServiceAreasTable,
} from '../../db/types.js';

/**
 * Rows of the organisations of recicladores: the organisation, its coordinators, service areas,
 * ECAs (keyed by their point), macro- and micro-routes, and members.
 */

export type OrganizationRow = Selectable<RecyclerOrganizationsTable>;
export type ServiceAreaRow = Selectable<RecyclerServiceAreasTable>;
export type EcaRow = Selectable<RecyclerEcasTable>;
export type MacroRouteRow = Selectable<RecyclerMacroRoutesTable>;
export type MicroRouteRow = Selectable<RecyclerMicroRoutesTable>;
export type MemberRow = Selectable<RecyclerMembersTable>;

// ---- organisations ----

export function insertOrganization(
  db: Executor,
  values: Insertable<RecyclerOrganizationsTable>,
): Promise<OrganizationRow> {
  return db.insertInto('recycler_organizations').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findOrganization(db: Executor, id: number): Promise<OrganizationRow | undefined> {
  return db.selectFrom('recycler_organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrganizationByNit(db: Executor, nit: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('recycler_organizations').selectAll().where('nit', '=', nit).executeTakeFirst();
}

export function listOrganizations(db: Executor, onlyIds?: number[]): Promise<OrganizationRow[]> {
  let q = db.selectFrom('recycler_organizations').selectAll().orderBy('name').orderBy('id');
  if (onlyIds) {
    if (!onlyIds.length) return Promise.resolve([]);
    q = q.where('id', 'in', onlyIds);
  }
  return q.execute();
}

export async function updateOrganization(
  db: Executor,
  id: number,
  values: Updateable<RecyclerOrganizationsTable>,
): Promise<void> {
  await db.updateTable('recycler_organizations').set(values).where('id', '=', id).execute();
}

/** ECAs and members per organisation, for the list. */
export async function countsByOrganization(
  db: Executor,
  ids: number[],
): Promise<Map<number, { ecas: number; members: number }>> {
  const out = new Map<number, { ecas: number; members: number }>(ids.map((id) => [id, { ecas: 0, members: 0 }]));
  if (!ids.length) return out;
  const ecas = await db
    .selectFrom('recycler_ecas')
    .select(['organization_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('organization_id', 'in', ids)
    .groupBy('organization_id')
    .execute();
  const members = await db
    .selectFrom('recycler_members')
    .select(['organization_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('organization_id', 'in', ids)
    .where('status', '!=', 'retirado')
    .groupBy('organization_id')
    .execute();
  for (const r of ecas) out.get(r.organization_id)!.ecas = Number(r.n);
  for (const r of members) out.get(r.organization_id)!.members = Number(r.n);
  return out;
}

// ---- coordinators ----

export async function coordinatorsOf(
  db: Executor,
  ids: number[],
): Promise<Array<{ organization_id: number; user_id: number }>> {
  if (!ids.length) return [];
  return db
    .selectFrom('recycler_coordinators')
    .select(['organization_id', 'user_id'])
    .where('organization_id', 'in', ids)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
}

export async function organizationIdsOfCoordinator(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('recycler_coordinators')
    .select('organization_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.organization_id);
}

export async function isCoordinator(db: Executor, organizationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('recycler_coordinators')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function addCoordinator(db: Executor, organizationId: number, userId: number, at: string): Promise<void> {
  await db
    .insertInto('recycler_coordinators')
    .values({ organization_id: organizationId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
    .execute();
}

export async function removeCoordinator(db: Executor, organizationId: number, userId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('recycler_coordinators')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

// ---- service areas ----

export function serviceAreasOf(db: Executor, organizationId: number): Promise<ServiceAreaRow[]> {
  return db
    .selectFrom('recycler_service_areas')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('nuap')
    .orderBy('id')
    .execute();
}

export function findServiceArea(db: Executor, organizationId: number, id: number): Promise<ServiceAreaRow | undefined> {
  return db
    .selectFrom('recycler_service_areas')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function serviceAreaByNuap(
  db: Executor,
  organizationId: number,
  nuap: string,
): Promise<ServiceAreaRow | undefined> {
  return db
    .selectFrom('recycler_service_areas')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('nuap', '=', nuap)
    .executeTakeFirst();
}

export function insertServiceArea(
  db: Executor,
  values: Insertable<RecyclerServiceAreasTable>,
): Promise<ServiceAreaRow> {
  return db.insertInto('recycler_service_areas').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function serviceAreaInUse(db: Executor, id: number): Promise<boolean> {
  const eca = await db
    .selectFrom('recycler_ecas')
    .select('point_id')
    .where('service_area_id', '=', id)
    .executeTakeFirst();
  if (eca) return true;
  const macro = await db
    .selectFrom('recycler_macro_routes')
    .select('id')
    .where('service_area_id', '=', id)
    .executeTakeFirst();
  return macro !== undefined;
}

export async function deleteServiceArea(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('recycler_service_areas').where('id', '=', id).execute();
}

// ---- ECAs ----

export function ecasOf(db: Executor, organizationId: number): Promise<EcaRow[]> {
  return db
    .selectFrom('recycler_ecas')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('point_id')
    .execute();
}

export function findEca(db: Executor, pointId: number): Promise<EcaRow | undefined> {
  return db.selectFrom('recycler_ecas').selectAll().where('point_id', '=', pointId).executeTakeFirst();
}

export async function insertEca(db: Executor, values: Insertable<RecyclerEcasTable>): Promise<void> {
  await db.insertInto('recycler_ecas').values(values).execute();
}

export async function updateEca(db: Executor, pointId: number, values: Updateable<RecyclerEcasTable>): Promise<void> {
  await db.updateTable('recycler_ecas').set(values).where('point_id', '=', pointId).execute();
}

/** The ECA weighed or sold: its tickets and sales stay with it (the SUI files them). */
export async function ecaHasWeighings(db: Executor, pointId: number): Promise<boolean> {
  const ticket = await db.selectFrom('recycler_tickets').select('id').where('eca_point_id', '=', pointId).executeTakeFirst();
  const sale = await db.selectFrom('recycler_sales').select('id').where('eca_point_id', '=', pointId).executeTakeFirst();
  return Boolean(ticket || sale);
}

export async function deleteEca(db: Executor, pointId: number): Promise<void> {
  await db.deleteFrom('recycler_ecas').where('point_id', '=', pointId).execute();
}

// ---- routes ----

export function macroRoutesOf(db: Executor, organizationId: number): Promise<MacroRouteRow[]> {
  return db
    .selectFrom('recycler_macro_routes')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('numacro')
    .orderBy('id')
    .execute();
}

export function findMacroRoute(db: Executor, organizationId: number, id: number): Promise<MacroRouteRow | undefined> {
  return db
    .selectFrom('recycler_macro_routes')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function macroRouteByNumacro(
  db: Executor,
  organizationId: number,
  numacro: string,
): Promise<MacroRouteRow | undefined> {
  return db
    .selectFrom('recycler_macro_routes')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('numacro', '=', numacro)
    .executeTakeFirst();
}

export function insertMacroRoute(db: Executor, values: Insertable<RecyclerMacroRoutesTable>): Promise<MacroRouteRow> {
  return db.insertInto('recycler_macro_routes').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateMacroRoute(
  db: Executor,
  id: number,
  values: Updateable<RecyclerMacroRoutesTable>,
): Promise<void> {
  await db.updateTable('recycler_macro_routes').set(values).where('id', '=', id).execute();
}

export async function microRoutesOf(db: Executor, macroIds: number[]): Promise<MicroRouteRow[]> {
  if (!macroIds.length) return [];
  return db
    .selectFrom('recycler_micro_routes')
    .selectAll()
    .where('macro_route_id', 'in', macroIds)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findMicroRoute(db: Executor, macroId: number, id: number): Promise<MicroRouteRow | undefined> {
  return db
    .selectFrom('recycler_micro_routes')
    .selectAll()
    .where('macro_route_id', '=', macroId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertMicroRoute(db: Executor, values: Insertable<RecyclerMicroRoutesTable>): Promise<MicroRouteRow> {
  return db.insertInto('recycler_micro_routes').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateMicroRoute(
  db: Executor,
  id: number,
  values: Updateable<RecyclerMicroRoutesTable>,
): Promise<void> {
  await db.updateTable('recycler_micro_routes').set(values).where('id', '=', id).execute();
}

// ---- members ----

export function membersOf(
  db: Executor,
  organizationId: number,
  filter: { q?: string | undefined; status?: string | undefined },
): Promise<MemberRow[]> {
  let q = db.selectFrom('recycler_members').selectAll().where('organization_id', '=', organizationId);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.q) {
    const like = `%${filter.q.toLowerCase().replace(/[%_\\]/g, '')}%`;
    q = q.where((eb) => eb.or([eb(sql`lower(name)`, 'like', like), eb('id_number', 'like', like.toUpperCase())]));
  }
  return q.orderBy('name').orderBy('id').execute();
}

export function findMember(db: Executor, organizationId: number, id: number): Promise<MemberRow | undefined> {
  return db
    .selectFrom('recycler_members')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findMemberByDocument(
  db: Executor,
  organizationId: number,
  idType: string,
  idNumber: string,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('recycler_members')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id_type', '=', idType)
    .where('id_number', '=', idNumber)
    .executeTakeFirst();
}

export function findMemberByCardCode(db: Executor, code: string): Promise<MemberRow | undefined> {
  return db.selectFrom('recycler_members').selectAll().where('card_code', '=', code).executeTakeFirst();
}

export function membersOfUser(db: Executor, userId: number): Promise<MemberRow[]> {
  return db.selectFrom('recycler_members').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function insertMember(db: Executor, values: Insertable<RecyclerMembersTable>): Promise<MemberRow> {
  return db.insertInto('recycler_members').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateMember(db: Executor, id: number, values: Updateable<RecyclerMembersTable>): Promise<void> {
  await db.updateTable('recycler_members').set(values).where('id', '=', id).execute();
}

// ---- personal data ----

export async function unlinkAccount(db: Executor, userId: number, at: string): Promise<void> {
  await db
    .updateTable('recycler_members')
    .set({ user_id: null, updated_at: at })
    .where('user_id', '=', userId)
    .execute();
  await db.deleteFrom('recycler_coordinators').where('user_id', '=', userId).execute();
}

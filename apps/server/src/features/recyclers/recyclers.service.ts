import {
  RECYCLER_CARD_CODE_PATTERN,
  RECYCLER_VERIFY_WEB_ROUTE,
  TC_ID,
  memberIssues,
  parseDocumentNumber,
  type CoordinatorAssign,
  type Eca,
  type EcaUpdate,
  type MacroRoute,
  type MacroRouteCreate,
  type Member,
  type MemberCard,
  type MemberCreate,
  type MemberListQuery,
  type MemberUpdate,
  type MicroRouteCreate,
  type Organization,
  type OrganizationCreate,
  type OrganizationSummary,
  type OrganizationUpdate,
  type RecyclerRegime,
  type RecyclerVerification,
  type RouteDay,
  type ServiceArea,
  type ServiceAreaCreate,
} from '@puntoverde/contract';
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { nowIso, type Db, type Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import {
  attachPublicFile,
  fileUrl,
  findFile,
  publicIdsOfFiles,
  readStoredFile,
  type FileStorage,
} from '../files/files.service.js';
import { accountsByIds, findAccountByEmail } from '../identity/identity.service.js';
import { isManagerOfPoint, pointBasics } from '../points/points.service.js';
import { renderMemberCardPdf } from './member-card-pdf.js';
import * as repo from './recyclers.repository.js';

/**
 * Organisations of recicladores de oficio (spec/recicladores.md). Staff create an organisation,
 * link its ECAs (waste points of kind ECA) and name its coordinators: point managers (tc_id 1) of
 * one of its ECAs. Coordinators (and staff) run the rest: the SUI registration fields, service
 * areas, macro- and micro-routes, and the members with their id cards. Every change is written
 * to the audit log in the same transaction. A caller who may not see an organisation gets the
 * same 404 as for one that does not exist.
 */

// ---- access ----

/** The organisation, when `user` is staff or one of its coordinators; 404 otherwise. */
export async function assertOrganizationAccess(db: Executor, user: AuthUser, organizationId: number) {
  const row = await repo.findOrganization(db, organizationId);
  if (!row) throw new AppError('recycler-organization-not-found');
  if (user.is_admin) return row;
  if (user.tc_id === TC_ID.manager && (await repo.isCoordinator(db, organizationId, user.id))) return row;
  throw new AppError('recycler-organization-not-found');
}

function audit(
  db: Executor,
  user: AuthUser,
  action: string,
  entity: string,
  entityId: string | number | null,
  before: unknown,
  after: unknown,
) {
  return recordAudit(db, { actorId: user.id, action, entity, entityId, before, after });
}

// ---- organisations ----

async function summaries(db: Executor, rows: repo.OrganizationRow[]): Promise<OrganizationSummary[]> {
  const ids = rows.map((r) => r.id);
  const counts = await repo.countsByOrganization(db, ids);
  const links = await repo.coordinatorsOf(db, ids);
  const people = await accountsByIds(
    db,
    links.map((l) => l.user_id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    nit: r.nit,
    rups_id: r.rups_id,
    regime: r.regime as RecyclerRegime,
    regime_stage: r.regime_stage,
    eca_count: counts.get(r.id)?.ecas ?? 0,
    member_count: counts.get(r.id)?.members ?? 0,
    coordinators: links
      .filter((l) => l.organization_id === r.id)
      .flatMap((l) => {
        const p = people.get(l.user_id);
        return p ? [{ id: p.id, name: p.name, email: p.email ?? '' }] : [];
      }),
  }));
}

/** Staff: every organisation; a coordinator: the ones they coordinate. */
export async function listOrganizations(db: Db, user: AuthUser): Promise<OrganizationSummary[]> {
  const rows = user.is_admin
    ? await repo.listOrganizations(db)
    : await repo.listOrganizations(db, await repo.organizationIdsOfCoordinator(db, user.id));
  return summaries(db, rows);
}

function toEca(
  row: repo.EcaRow,
  point: { name: string; address: string; city: string; lat: number; lng: number } | undefined,
): Eca {
  return {
    point_id: row.point_id,
    name: point?.name ?? '',
    address: point?.address ?? '',
    city: point?.city ?? '',
    lat: point?.lat ?? 0,
    lng: point?.lng ?? 0,
    nueca: row.nueca,
    service_area_id: row.service_area_id,
    operation_start: row.operation_start,
    ownership: row.ownership,
    contract: row.contract,
    capacity_t_month: row.capacity_t_month === null ? null : Number(row.capacity_t_month),
    storage_m3: row.storage_m3 === null ? null : Number(row.storage_m3),
    storage_t: row.storage_t === null ? null : Number(row.storage_t),
    land_use_compatible: row.land_use_compatible === null ? null : row.land_use_compatible === 1,
    land_use_kind: row.land_use_kind,
    status: row.status,
    status_date: row.status_date,
  };
}

function toArea(r: repo.ServiceAreaRow): ServiceArea {
  return { id: r.id, nuap: r.nuap, name: r.name, municipality_dane: r.municipality_dane };
}

export async function getOrganization(db: Executor, organizationId: number): Promise<Organization> {
  const row = await repo.findOrganization(db, organizationId);
  if (!row) throw new AppError('recycler-organization-not-found');
  const [summary] = await summaries(db, [row]);
  const areas = await repo.serviceAreasOf(db, organizationId);
  const ecas = await repo.ecasOf(db, organizationId);
  const points = await pointBasics(
    db,
    ecas.map((e) => e.point_id),
  );
  const macros = await repo.macroRoutesOf(db, organizationId);
  const micros = await repo.microRoutesOf(
    db,
    macros.map((m) => m.id),
  );
  const macroRoutes: MacroRoute[] = macros.map((m) => ({
    id: m.id,
    numacro: m.numacro,
    name: m.name,
    service_area_id: m.service_area_id,
    micro_routes: micros
      .filter((r) => r.macro_route_id === m.id)
      .map((r) => ({
        id: r.id,
        name: r.name,
        days: r.days.split(',').filter(Boolean) as RouteDay[],
        start_time: r.start_time,
        end_time: r.end_time,
        km: Number(r.km),
        eca_point_id: r.eca_point_id,
      })),
  }));
  return {
    ...summary!,
    service_areas: areas.map(toArea),
    ecas: ecas.map((e) => toEca(e, points.get(e.point_id))),
    macro_routes: macroRoutes,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function assertNitFree(db: Executor, nit: string, exceptId?: number) {
  const holder = await repo.findOrganizationByNit(db, nit);
  if (holder && holder.id !== exceptId) throw AppError.field('recycler-nit-in-use', 'nit');
}

export async function createOrganization(db: Db, staff: AuthUser, input: OrganizationCreate): Promise<Organization> {
  const id = await db.transaction().execute(async (trx) => {
    await assertNitFree(trx, input.nit);
    const at = nowIso();
    const row = await repo.insertOrganization(trx, {
      name: input.name,
      nit: input.nit,
      rups_id: input.rups_id,
      regime: input.regime,
      regime_stage: input.regime_stage,
      created_by: staff.id,
      created_at: at,
      updated_at: at,
    });
    await audit(trx, staff, 'create', 'recycler_organization', row.id, null, input);
    return row.id;
  });
  return getOrganization(db, id);
}

export async function updateOrganization(
  db: Db,
  user: AuthUser,
  organizationId: number,
  input: OrganizationUpdate,
): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    const before = await assertOrganizationAccess(trx, user, organizationId);
    if (input.nit !== undefined) await assertNitFree(trx, input.nit, organizationId);
    await repo.updateOrganization(trx, organizationId, { ...input, updated_at: nowIso() });
    await audit(trx, user, 'update', 'recycler_organization', organizationId, before, input);
  });
  return getOrganization(db, organizationId);
}

// ---- coordinators ----

/** Names a coordinator: an active point manager (tc_id 1) who runs one of the organisation's ECAs. */
export async function addCoordinator(
  db: Db,
  staff: AuthUser,
  organizationId: number,
  input: CoordinatorAssign,
): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, staff, organizationId);
    const account = await findAccountByEmail(trx, input.email);
    if (!account || !account.active || account.deleted_at || account.tc_id !== TC_ID.manager)
      throw AppError.field('recycler-coordinator-invalid', 'email');
    const ecas = await repo.ecasOf(trx, organizationId);
    let runsAnEca = false;
    for (const eca of ecas) {
      if (await isManagerOfPoint(trx, account.id, eca.point_id)) {
        runsAnEca = true;
        break;
      }
    }
    if (!runsAnEca) throw AppError.field('recycler-coordinator-invalid', 'email');
    await repo.addCoordinator(trx, organizationId, account.id, nowIso());
    await audit(trx, staff, 'add-coordinator', 'recycler_organization', organizationId, null, {
      user_id: account.id,
      email: account.email,
    });
  });
  return getOrganization(db, organizationId);
}

export async function removeCoordinator(
  db: Db,
  staff: AuthUser,
  organizationId: number,
  userId: number,
): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, staff, organizationId);
    if (!(await repo.removeCoordinator(trx, organizationId, userId)))
      throw new AppError('recycler-coordinator-not-found');
    await audit(trx, staff, 'remove-coordinator', 'recycler_organization', organizationId, { user_id: userId }, null);
  });
  return getOrganization(db, organizationId);
}

// ---- service areas ----

export async function addServiceArea(
  db: Db,
  user: AuthUser,
  organizationId: number,
  input: ServiceAreaCreate,
): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    if (await repo.serviceAreaByNuap(trx, organizationId, input.nuap))
      throw AppError.field('recycler-nuap-in-use', 'nuap');
    const row = await repo.insertServiceArea(trx, { organization_id: organizationId, ...input, created_at: nowIso() });
    await audit(trx, user, 'create', 'recycler_service_area', row.id, null, {
      organization_id: organizationId,
      ...input,
    });
  });
  return getOrganization(db, organizationId);
}

export async function deleteServiceArea(
  db: Db,
  user: AuthUser,
  organizationId: number,
  areaId: number,
): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    const area = await repo.findServiceArea(trx, organizationId, areaId);
    if (!area) throw new AppError('recycler-area-not-found');
    if (await repo.serviceAreaInUse(trx, areaId)) throw new AppError('recycler-area-in-use');
    await repo.deleteServiceArea(trx, areaId);
    await audit(trx, user, 'delete', 'recycler_service_area', areaId, area, null);
  });
  return getOrganization(db, organizationId);
}

async function assertAreaOf(db: Executor, organizationId: number, areaId: number | null, field: string) {
  if (areaId !== null && !(await repo.findServiceArea(db, organizationId, areaId)))
    throw AppError.field('recycler-area-not-found', field, 'Elige un área de prestación de esta organización.');
}

// ---- ECAs ----

/**
 * Links an ECA to the organisation: an active point of kind ECA that no other organisation runs.
 * Staff link any; a coordinator only one they manage.
 */
export async function linkEca(db: Db, user: AuthUser, organizationId: number, pointId: number): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    const point = (await pointBasics(trx, [pointId])).get(pointId);
    if (!point || point.kind !== 'eca' || !point.active) throw AppError.field('recycler-point-not-eca', 'point_id');
    if (!user.is_admin && !(await isManagerOfPoint(trx, user.id, pointId)))
      throw AppError.field('recycler-point-not-eca', 'point_id', 'Solo puedes vincular ECAs que gestionas.');
    const current = await repo.findEca(trx, pointId);
    if (current) throw AppError.field('recycler-eca-taken', 'point_id');
    const at = nowIso();
    await repo.insertEca(trx, {
      point_id: pointId,
      organization_id: organizationId,
      nueca: null,
      service_area_id: null,
      operation_start: null,
      ownership: null,
      contract: null,
      capacity_t_month: null,
      storage_m3: null,
      storage_t: null,
      land_use_compatible: null,
      land_use_kind: null,
      status: 1,
      status_date: null,
      created_at: at,
      updated_at: at,
    });
    await audit(trx, user, 'link', 'recycler_eca', pointId, null, { organization_id: organizationId });
  });
  return getOrganization(db, organizationId);
}

async function ecaOf(db: Executor, organizationId: number, pointId: number): Promise<repo.EcaRow> {
  const eca = await repo.findEca(db, pointId);
  if (!eca || eca.organization_id !== organizationId) throw new AppError('recycler-eca-not-found');
  return eca;
}

export async function updateEca(
  db: Db,
  user: AuthUser,
  organizationId: number,
  pointId: number,
  input: EcaUpdate,
): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    const before = await ecaOf(trx, organizationId, pointId);
    await assertAreaOf(trx, organizationId, input.service_area_id, 'service_area_id');
    await repo.updateEca(trx, pointId, {
      ...input,
      land_use_compatible: input.land_use_compatible === null ? null : input.land_use_compatible ? 1 : 0,
      updated_at: nowIso(),
    });
    await audit(trx, user, 'update', 'recycler_eca', pointId, before, input);
  });
  return getOrganization(db, organizationId);
}

/** Staff only: the ECA leaves the organisation (the point stays). */
export async function unlinkEca(
  db: Db,
  staff: AuthUser,
  organizationId: number,
  pointId: number,
): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, staff, organizationId);
    const before = await ecaOf(trx, organizationId, pointId);
    if (await repo.ecaHasWeighings(trx, pointId)) throw new AppError('recycler-eca-in-use');
    await repo.deleteEca(trx, pointId);
    await audit(trx, staff, 'unlink', 'recycler_eca', pointId, before, null);
  });
  return getOrganization(db, organizationId);
}

// ---- routes ----

async function assertNumacroFree(db: Executor, organizationId: number, numacro: string, exceptId?: number) {
  const holder = await repo.macroRouteByNumacro(db, organizationId, numacro);
  if (holder && holder.id !== exceptId) throw AppError.field('recycler-numacro-in-use', 'numacro');
}

async function macroOf(db: Executor, organizationId: number, macroId: number) {
  const macro = await repo.findMacroRoute(db, organizationId, macroId);
  if (!macro) throw new AppError('recycler-route-not-found');
  return macro;
}

export async function addMacroRoute(
  db: Db,
  user: AuthUser,
  organizationId: number,
  input: MacroRouteCreate,
): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    await assertNumacroFree(trx, organizationId, input.numacro);
    await assertAreaOf(trx, organizationId, input.service_area_id, 'service_area_id');
    const at = nowIso();
    const row = await repo.insertMacroRoute(trx, {
      organization_id: organizationId,
      ...input,
      created_at: at,
      updated_at: at,
    });
    await audit(trx, user, 'create', 'recycler_macro_route', row.id, null, {
      organization_id: organizationId,
      ...input,
    });
  });
  return getOrganization(db, organizationId);
}

export async function updateMacroRoute(
  db: Db,
  user: AuthUser,
  organizationId: number,
  macroId: number,
  input: MacroRouteCreate,
): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    const before = await macroOf(trx, organizationId, macroId);
    await assertNumacroFree(trx, organizationId, input.numacro, macroId);
    await assertAreaOf(trx, organizationId, input.service_area_id, 'service_area_id');
    await repo.updateMacroRoute(trx, macroId, { ...input, updated_at: nowIso() });
    await audit(trx, user, 'update', 'recycler_macro_route', macroId, before, input);
  });
  return getOrganization(db, organizationId);
}

async function assertEcaOfOrganization(db: Executor, organizationId: number, pointId: number | null) {
  if (pointId === null) return;
  const eca = await repo.findEca(db, pointId);
  if (!eca || eca.organization_id !== organizationId)
    throw AppError.field('recycler-eca-not-found', 'eca_point_id', 'Elige una ECA de esta organización.');
}

function microValues(input: MicroRouteCreate) {
  return {
    name: input.name,
    days: input.days.join(','),
    start_time: input.start_time,
    end_time: input.end_time,
    km: input.km,
    eca_point_id: input.eca_point_id,
  };
}

export async function addMicroRoute(
  db: Db,
  user: AuthUser,
  organizationId: number,
  macroId: number,
  input: MicroRouteCreate,
): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    await macroOf(trx, organizationId, macroId);
    await assertEcaOfOrganization(trx, organizationId, input.eca_point_id);
    const at = nowIso();
    const row = await repo.insertMicroRoute(trx, {
      macro_route_id: macroId,
      ...microValues(input),
      created_at: at,
      updated_at: at,
    });
    await audit(trx, user, 'create', 'recycler_micro_route', row.id, null, { macro_route_id: macroId, ...input });
  });
  return getOrganization(db, organizationId);
}

export async function updateMicroRoute(
  db: Db,
  user: AuthUser,
  organizationId: number,
  macroId: number,
  microId: number,
  input: MicroRouteCreate,
): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    await macroOf(trx, organizationId, macroId);
    const before = await repo.findMicroRoute(trx, macroId, microId);
    if (!before) throw new AppError('recycler-route-not-found');
    await assertEcaOfOrganization(trx, organizationId, input.eca_point_id);
    await repo.updateMicroRoute(trx, microId, { ...microValues(input), updated_at: nowIso() });
    await audit(trx, user, 'update', 'recycler_micro_route', microId, before, input);
  });
  return getOrganization(db, organizationId);
}

// ---- members ----

async function toMembers(db: Executor, rows: repo.MemberRow[]): Promise<Member[]> {
  const photos = await publicIdsOfFiles(
    db,
    rows.map((r) => r.photo_file_id),
  );
  const accounts = await accountsByIds(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => {
    const photo = r.photo_file_id === null ? null : (photos.get(r.photo_file_id) ?? null);
    const account = r.user_id === null ? undefined : accounts.get(r.user_id);
    return {
      id: r.id,
      organization_id: r.organization_id,
      id_type: r.id_type as Member['id_type'],
      id_number: r.id_number,
      name: r.name,
      birth_date: r.birth_date,
      id_issue_date: r.id_issue_date,
      phone: r.phone,
      address: r.address,
      municipality_dane: r.municipality_dane,
      vehicle_type: r.vehicle_type as Member['vehicle_type'],
      plate: r.plate,
      status: r.status as Member['status'],
      photo_id: photo,
      photo_url: photo ? fileUrl('', { public_id: photo, is_public: 1 }) : null,
      account: account ? { id: account.id, name: account.name, email: account.email ?? '' } : null,
      consent_at: r.consent_at,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

async function memberOf(db: Executor, organizationId: number, memberId: number): Promise<repo.MemberRow> {
  const row = await repo.findMember(db, organizationId, memberId);
  if (!row) throw new AppError('recycler-member-not-found');
  return row;
}

export async function listMembers(
  db: Db,
  user: AuthUser,
  organizationId: number,
  query: MemberListQuery,
): Promise<Member[]> {
  await assertOrganizationAccess(db, user, organizationId);
  return toMembers(db, await repo.membersOf(db, organizationId, query));
}

export async function getMember(db: Db, user: AuthUser, organizationId: number, memberId: number): Promise<Member> {
  await assertOrganizationAccess(db, user, organizationId);
  const [member] = await toMembers(db, [await memberOf(db, organizationId, memberId)]);
  return member!;
}

async function accountIdOf(db: Executor, email: string | null): Promise<number | null> {
  if (email === null) return null;
  const account = await findAccountByEmail(db, email);
  if (!account || !account.active || account.deleted_at)
    throw AppError.field('recycler-member-account-not-found', 'account_email');
  return account.id;
}

function storedDocument(idType: string, idNumber: string): string {
  const parsed = parseDocumentNumber(idType, idNumber);
  if (parsed === null) throw AppError.field('validation-failed', 'id_number', 'Revisa el número de documento.');
  return parsed;
}

function newCardCode(): string {
  return randomBytes(12).toString('base64url');
}

export async function createMember(
  db: Db,
  user: AuthUser,
  organizationId: number,
  input: MemberCreate,
): Promise<Member> {
  const row = await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    const idNumber = storedDocument(input.id_type, input.id_number);
    if (await repo.findMemberByDocument(trx, organizationId, input.id_type, idNumber))
      throw AppError.field('recycler-member-duplicate', 'id_number');
    const photoFileId = await attachPublicFile(trx, input.photo_id, user, 'photo_id');
    const userId = await accountIdOf(trx, input.account_email);
    const at = nowIso();
    const inserted = await repo.insertMember(trx, {
      organization_id: organizationId,
      id_type: input.id_type,
      id_number: idNumber,
      name: input.name,
      birth_date: input.birth_date,
      id_issue_date: input.id_issue_date,
      phone: input.phone,
      address: input.address,
      municipality_dane: input.municipality_dane,
      vehicle_type: input.vehicle_type,
      plate: input.plate,
      status: input.status,
      photo_file_id: photoFileId,
      user_id: userId,
      card_code: newCardCode(),
      consent_at: at,
      consent_recorded_by: user.id,
      created_at: at,
      updated_at: at,
    });
    const { card_code: _code, ...logged } = inserted;
    await audit(trx, user, 'create', 'recycler_member', inserted.id, null, logged);
    return inserted;
  });
  const [member] = await toMembers(db, [row]);
  return member!;
}

export async function updateMember(
  db: Db,
  user: AuthUser,
  organizationId: number,
  memberId: number,
  input: MemberUpdate,
): Promise<Member> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    const before = await memberOf(trx, organizationId, memberId);
    const merged = {
      id_type: input.id_type ?? before.id_type,
      id_number: input.id_number ?? before.id_number,
      birth_date: input.birth_date ?? before.birth_date,
      id_issue_date: input.id_issue_date ?? before.id_issue_date,
      vehicle_type: input.vehicle_type ?? before.vehicle_type,
      plate: input.plate !== undefined ? input.plate : before.plate,
    };
    const issues = memberIssues(merged);
    if (issues.length) {
      const fields = Object.fromEntries(issues.map((i) => [i.path, i.message]));
      throw new AppError('validation-failed', { fields });
    }
    const idNumber = storedDocument(merged.id_type, merged.id_number);
    const twin = await repo.findMemberByDocument(trx, organizationId, merged.id_type, idNumber);
    if (twin && twin.id !== memberId) throw AppError.field('recycler-member-duplicate', 'id_number');
    const { photo_id, account_email, ...plain } = input;
    const values: Parameters<typeof repo.updateMember>[2] = { ...plain, id_number: idNumber, updated_at: nowIso() };
    if (photo_id !== undefined) values.photo_file_id = await attachPublicFile(trx, photo_id, user, 'photo_id');
    if (account_email !== undefined) values.user_id = await accountIdOf(trx, account_email);
    await repo.updateMember(trx, memberId, values);
    const { card_code: _code, ...logged } = before;
    await audit(trx, user, 'update', 'recycler_member', memberId, logged, input);
  });
  return getMember(db, user, organizationId, memberId);
}

/** A new card code: the old card's QR stops verifying (a lost or stolen card). */
export async function reissueCard(db: Db, user: AuthUser, organizationId: number, memberId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    await memberOf(trx, organizationId, memberId);
    await repo.updateMember(trx, memberId, { card_code: newCardCode(), updated_at: nowIso() });
    await audit(trx, user, 'reissue-card', 'recycler_member', memberId, null, null);
  });
}

// ---- id cards ----

export function verifyUrlOf(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/$/, '')}${RECYCLER_VERIFY_WEB_ROUTE}/${code}`;
}

export async function memberCard(
  db: Db,
  publicUrl: string,
  user: AuthUser,
  organizationId: number,
  memberId: number,
): Promise<MemberCard> {
  const organization = await assertOrganizationAccess(db, user, organizationId);
  const row = await memberOf(db, organizationId, memberId);
  const [member] = await toMembers(db, [row]);
  const verifyUrl = verifyUrlOf(publicUrl, row.card_code);
  return {
    member_id: row.id,
    name: row.name,
    id_type: member!.id_type,
    id_number: row.id_number,
    photo_url: member!.photo_url,
    status: member!.status,
    organization: { id: organization.id, name: organization.name, nit: organization.nit },
    code: row.card_code,
    verify_url: verifyUrl,
    qr_svg: await QRCode.toString(verifyUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
  };
}

/** The id card as a PDF (ID-1 size, 85.6 × 54 mm), the photo printed when it can be read. */
export async function memberCardPdf(
  db: Db,
  deps: { publicUrl: string; storage: FileStorage },
  user: AuthUser,
  organizationId: number,
  memberId: number,
): Promise<Buffer> {
  const card = await memberCard(db, deps.publicUrl, user, organizationId, memberId);
  let photo: Buffer | null = null;
  if (card.photo_url) {
    const publicId = card.photo_url.split('/').pop()!;
    const file = await findFile(db, publicId);
    if (file) photo = await readStoredFile(deps.storage, file).catch(() => null);
  }
  return renderMemberCardPdf(card, photo);
}

/** The public check behind the QR: valid or suspended, with name, photo and organisation; 404 otherwise. */
export async function verifyCard(db: Db, code: string): Promise<RecyclerVerification> {
  const row = RECYCLER_CARD_CODE_PATTERN.test(code) ? await repo.findMemberByCardCode(db, code) : undefined;
  if (!row) throw new AppError('recycler-card-not-found');
  const organization = await repo.findOrganization(db, row.organization_id);
  const [member] = await toMembers(db, [row]);
  return {
    status: row.status === 'activo' ? 'valid' : 'suspended',
    name: row.name,
    photo_url: member!.photo_url,
    organization: organization?.name ?? '',
  };
}

// ---- personal data (Ley 1581 de 2012) ----

/**
 * A person's export: the member records organisations keep about them (their account linked),
 * and the organisations they coordinate. The card's code is left out: it is a credential.
 */
export async function exportPersonalData(db: Db, userId: number) {
  const rows = await repo.membersOfUser(db, userId);
  const organizations = new Map<number, string>();
  for (const r of rows)
    organizations.set(r.organization_id, (await repo.findOrganization(db, r.organization_id))?.name ?? '');
  const coordinated = await repo.listOrganizations(db, await repo.organizationIdsOfCoordinator(db, userId));
  return {
    memberships: rows.map(({ card_code: _code, consent_recorded_by: _by, ...r }) => ({
      ...r,
      organization: organizations.get(r.organization_id) ?? '',
    })),
    coordinates: coordinated.map((o) => ({ id: o.id, name: o.name, nit: o.nit })),
  };
}

/**
 * A deleted account leaves the organisations' records: the member record (which the organisation
 * keeps for its SUI filings) loses the link to the account, and the person stops coordinating.
 */
export async function onAccountDeleted(db: Db, userId: number, at: string): Promise<void> {
  await repo.unlinkAccount(db, userId, at);
}

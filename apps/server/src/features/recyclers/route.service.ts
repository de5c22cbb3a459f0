import {
  RECYCLER_VERIFY_WEB_ROUTE,
  REQUEST_STATUSES,
  ROUTE_MESSAGES_ES,
  STOP_MISS_REASON_LABELS_ES,
  metersBetween,
  planRoute,
  type MemberRoutesUpdate,
  type MyRoute,
  type OpenPickup,
  type OrganizationPickup,
  type PickupRecycler,
  type RouteDay,
  type RoutePickup,
  type RouteStop,
  type StopAssign,
  type StopMissReason,
  type StopOutcome,
  type StopOutcomeInput,
  type StopRetry,
} from '@puntoverde/contract';
import { nowIso, type Db, type Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { fileUrl, publicIdsOfFiles } from '../files/files.service.js';
import { notificationCreatedEvent, notify, type NotificationInput } from '../notifications/notifications.service.js';
import { pointBasics } from '../points/points.service.js';
import { assertHasRoleOn, routePickups, type RequestsDeps, type RoutePickup as PickupRow } from '../requests/requests.service.js';
import { bogotaDay } from '../statistics/statistics.service.js';
import * as orgRepo from './recyclers.repository.js';
import { assertOrganizationAccess } from './recyclers.service.js';
import * as repo from './route.repository.js';

/**
 * Recyclers' routes (spec/recicladores.md, "Assignment and route"). A programmed pickup at one of
 * an organisation's ECAs becomes a stop of one member: assigned by a coordinator (or staff), or
 * taken by a member with an account from the open pickups of the micro-routes they work. The
 * member's "Mi ruta de hoy" orders the day's stops per ECA (nearest neighbour + 2-opt, see
 * recycler-route-plan.ts) and records at each door "recogido" or "no estaba" with a reason; the
 * kilos still come from the scale ticket that closes the pickup at the ECA. A pickup marked "no
 * estaba" can be sent out again by a coordinator; its missed visits are kept. The household is
 * told who is coming and what happened, and sees the recycler's first name, photo, organisation
 * and id-card check. A member sees only their own stops; a coordinator only their organisation's.
 */

/** The member's page in the web app. */
export const MY_ROUTE_WEB_ROUTE = '/app/tabs/mi-ruta';
const REQUEST_WEB_ROUTE = (id: number) => `/app/tabs/request/${id}`;
/** How far ahead the open list looks. */
const OPEN_DAYS_AHEAD = 7;
/** How old a stop's outcome marked offline may be when it syncs. */
const OUTCOME_MAX_AGE_MS = 3 * 86_400_000;
const OUTCOME_MAX_SKEW_MS = 5 * 60_000;

const dayEs = new Intl.DateTimeFormat('es-CO', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
const WEEKDAYS: RouteDay[] = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'];

const round2 = (n: number) => Math.round(n * 100) / 100;
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function toPickup(row: PickupRow): RoutePickup {
  return {
    request_id: row.id,
    status: row.status,
    eca_point_id: row.point_id,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    pickup_date: row.pickup_date,
    scheduled_at: row.scheduled_at,
    time_window: row.time_window,
    notes: row.notes,
    requester_first_name: firstName(row.requester_name),
    items: row.items.map((i) => ({ material: i.material, material_name: i.name_es, estimated_kg: i.estimated_kg })),
    estimated_kg: row.total_estimated_kg,
  };
}

function stopState(stop: repo.StopRow | undefined) {
  return {
    outcome: (stop?.outcome ?? null) as StopOutcome | null,
    outcome_reason: (stop?.outcome_reason ?? null) as StopMissReason | null,
    outcome_note: stop?.outcome_note ?? null,
    outcome_at: stop?.outcome_at ?? null,
  };
}

/** Notifies and tells the account's open pages at once; a failed live event is only logged. */
async function tell(deps: RequestsDeps, userId: number, input: NotificationInput): Promise<void> {
  const n = await notify(deps.db, userId, input);
  try {
    await deps.bus.publish([userId], notificationCreatedEvent(n));
  } catch (err) {
    deps.log?.warn({ err }, 'could not publish a live notification');
  }
}

// ---- coordinators ----

/** The organisation's programmed (and collected) pickups of a day at its ECAs, with who takes each. */
export async function listOrganizationPickups(
  db: Db,
  user: AuthUser,
  organizationId: number,
  date: string = bogotaDay(new Date()),
): Promise<OrganizationPickup[]> {
  await assertOrganizationAccess(db, user, organizationId);
  const ecas = await orgRepo.ecasOf(db, organizationId);
  const rows = await routePickups(db, {
    pointIds: ecas.map((e) => e.point_id),
    statuses: ['programada', 'recogida'],
    from: date,
    to: date,
  });
  return withAssignees(db, organizationId, rows);
}

async function withAssignees(db: Executor, organizationId: number, rows: PickupRow[]): Promise<OrganizationPickup[]> {
  const ids = rows.map((r) => r.id);
  const stops = new Map((await repo.stopsOfRequests(db, ids)).map((s) => [s.request_id, s]));
  const attempts = await repo.attemptsOfRequests(db, ids);
  const members = new Map((await orgRepo.membersOf(db, organizationId, {})).map((m) => [m.id, m]));
  const points = await pointBasics(db, [...new Set(rows.map((r) => r.point_id))]);
  return rows.map((r) => {
    const stop = stops.get(r.id);
    const member = stop ? members.get(stop.member_id) : undefined;
    return {
      ...toPickup(r),
      ...stopState(stop),
      eca_name: points.get(r.point_id)?.name ?? '',
      member: member ? { id: member.id, name: member.name } : null,
      assigned_via: (stop?.assigned_via ?? null) as OrganizationPickup['assigned_via'],
      missed_attempts: attempts
        .filter((a) => a.request_id === r.id)
        .map((a) => {
          const who = members.get(a.member_id);
          return {
            attempt: a.attempt,
            member: who ? { id: who.id, name: who.name } : null,
            assigned_at: a.assigned_at,
            outcome_reason: a.outcome_reason as StopMissReason,
            outcome_note: a.outcome_note,
            outcome_at: a.outcome_at,
            retried_at: a.retried_at,
          };
        }),
    };
  });
}

/** A pickup of one of the organisation's ECAs, any status; 404 on `request_id` otherwise. */
async function organizationPickup(db: Executor, organizationId: number, requestId: number): Promise<PickupRow> {
  const [row] = await routePickups(db, { ids: [requestId], statuses: [...REQUEST_STATUSES] });
  const eca = row ? await orgRepo.findEca(db, row.point_id) : undefined;
  if (!row || eca?.organization_id !== organizationId) throw AppError.field('recycler-pickup-not-found', 'request_id');
  return row;
}

/** The micro-route of the member's that starts at this ECA, if any. */
async function microRouteFor(db: Executor, organizationId: number, memberId: number, pointId: number): Promise<number | null> {
  const ids = new Set((await repo.microRoutesOfMembers(db, [memberId])).map((r) => r.micro_route_id));
  if (!ids.size) return null;
  const routes = await microRoutesOfOrganization(db, organizationId);
  return routes.find((r) => ids.has(r.id) && r.eca_point_id === pointId)?.id ?? null;
}

async function microRoutesOfOrganization(db: Executor, organizationId: number) {
  const macros = await orgRepo.macroRoutesOf(db, organizationId);
  return orgRepo.microRoutesOf(
    db,
    macros.map((m) => m.id),
  );
}

/**
 * A coordinator assigns a programmed pickup to an active member, or moves it to another while it
 * is still to visit. Assigning it again to the same member changes nothing.
 */
export async function assignPickup(
  deps: RequestsDeps,
  user: AuthUser,
  organizationId: number,
  input: StopAssign,
  now: Date = new Date(),
): Promise<OrganizationPickup> {
  const organization = await assertOrganizationAccess(deps.db, user, organizationId);
  const member = await orgRepo.findMember(deps.db, organizationId, input.member_id);
  if (!member) throw AppError.field('recycler-member-not-found', 'member_id');
  if (member.status !== 'activo') throw AppError.field('recycler-member-inactive', 'member_id');
  const pickup = await organizationPickup(deps.db, organizationId, input.request_id);
  if (pickup.status !== 'programada') throw AppError.field('recycler-pickup-not-assignable', 'request_id');
  const at = now.toISOString();
  const changed = await deps.db.transaction().execute(async (trx) => {
    const before = await repo.findStop(trx, pickup.id);
    if (before?.outcome) throw AppError.field('recycler-pickup-not-assignable', 'request_id');
    if (before?.member_id === member.id) return false;
    const values = {
      member_id: member.id,
      micro_route_id: await microRouteFor(trx, organizationId, member.id, pickup.point_id),
      assigned_via: 'coordinador',
      assigned_by: user.id,
      assigned_at: at,
      updated_at: at,
    };
    const ok = before
      ? await repo.reassignStopIfOpen(trx, pickup.id, values)
      : await repo.insertStop(trx, { request_id: pickup.id, organization_id: organizationId, ...values });
    if (!ok) throw AppError.field('recycler-pickup-not-assignable', 'request_id');
    await recordAudit(trx, {
      actorId: user.id,
      action: before ? 'reassign' : 'assign',
      entity: 'recycler_stop',
      entityId: pickup.id,
      before: before ? { member_id: before.member_id } : null,
      after: { member_id: member.id },
    });
    return true;
  });
  if (changed) {
    await tellHouseholdWhoComes(deps, pickup, member.name, organization.name);
    if (member.user_id && member.user_id !== user.id)
      await tell(deps, member.user_id, {
        title: `Nueva recolección en tu ruta: solicitud #${pickup.id}`,
        body: `${pickup.address}, el ${dayEs.format(new Date(`${pickup.pickup_date}T00:00:00Z`))}. Mírala en Mi ruta de hoy.`,
        link: MY_ROUTE_WEB_ROUTE,
      });
  }
  const [view] = await withAssignees(deps.db, organizationId, [pickup]);
  return view!;
}

/**
 * A coordinator sends a pickup whose stop was marked "no estaba" out again, to the same or another
 * active member: the missed visit is kept among the pickup's attempts and the stop becomes the new
 * attempt, open on the member's route. A collected pickup never goes out again, and one already
 * sent out again (by someone else, meanwhile) is not sent twice: both answer 409.
 */
export async function retryPickup(
  deps: RequestsDeps,
  user: AuthUser,
  organizationId: number,
  requestId: number,
  input: StopRetry,
  now: Date = new Date(),
): Promise<OrganizationPickup> {
  const organization = await assertOrganizationAccess(deps.db, user, organizationId);
  const pickup = await organizationPickup(deps.db, organizationId, requestId);
  const member = await orgRepo.findMember(deps.db, organizationId, input.member_id);
  if (!member) throw AppError.field('recycler-member-not-found', 'member_id');
  if (member.status !== 'activo') throw AppError.field('recycler-member-inactive', 'member_id');
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const current = await organizationPickup(trx, organizationId, requestId);
    const before = await repo.findStop(trx, pickup.id);
    if (!before) throw AppError.field('recycler-pickup-not-found', 'request_id');
    if (current.status === 'recogida' || before.outcome === 'recogido') throw new AppError('recycler-stop-collected');
    if (current.status !== 'programada') throw AppError.field('recycler-pickup-not-assignable', 'request_id');
    if (before.outcome !== 'no-estaba' || !before.outcome_at) throw new AppError('recycler-stop-already-retried');
    const ok = await repo.retryStopIfMissed(trx, pickup.id, before.outcome_at, {
      member_id: member.id,
      micro_route_id: await microRouteFor(trx, organizationId, member.id, pickup.point_id),
      assigned_via: 'coordinador',
      assigned_by: user.id,
      assigned_at: at,
      updated_at: at,
    });
    if (!ok) {
      const after = await repo.findStop(trx, pickup.id);
      throw new AppError(after?.outcome === 'recogido' ? 'recycler-stop-collected' : 'recycler-stop-already-retried');
    }
    const earlier = await repo.attemptsOfRequests(trx, [pickup.id]);
    const attempt = earlier.length + 1;
    await repo.insertAttempt(trx, {
      request_id: pickup.id,
      attempt,
      member_id: before.member_id,
      assigned_at: before.assigned_at,
      outcome_reason: before.outcome_reason ?? 'otro',
      outcome_note: before.outcome_note,
      outcome_at: before.outcome_at,
      retried_by: user.id,
      retried_at: at,
    });
    await recordAudit(trx, {
      actorId: user.id,
      action: 'retry',
      entity: 'recycler_stop',
      entityId: pickup.id,
      before: {
        attempt,
        member_id: before.member_id,
        outcome: before.outcome,
        reason: before.outcome_reason,
        outcome_at: before.outcome_at,
      },
      after: { attempt: attempt + 1, member_id: member.id },
    });
  });
  await tellHouseholdWhoComes(deps, pickup, member.name, organization.name);
  if (member.user_id && member.user_id !== user.id)
    await tell(deps, member.user_id, {
      title: `Nueva visita en tu ruta: solicitud #${pickup.id}`,
      body: `${pickup.address}, el ${dayEs.format(new Date(`${pickup.pickup_date}T00:00:00Z`))}: la vez anterior no se pudo recoger. Mírala en Mi ruta de hoy.`,
      link: MY_ROUTE_WEB_ROUTE,
    });
  const [view] = await withAssignees(deps.db, organizationId, [pickup]);
  return view!;
}

function tellHouseholdWhoComes(deps: RequestsDeps, pickup: PickupRow, memberName: string, organization: string) {
  return tell(deps, pickup.requester_id, {
    title: `${firstName(memberName)} pasará por tu reciclaje`,
    body: `${firstName(memberName)}, de ${organization}, recogerá tu solicitud #${pickup.id} el ${dayEs.format(new Date(`${pickup.pickup_date}T00:00:00Z`))}. Puedes verificar su carné en la solicitud.`,
    link: REQUEST_WEB_ROUTE(pickup.id),
  });
}

/** The micro-routes a member works (their open pickups are theirs to take). */
export async function setMemberRoutes(
  db: Db,
  user: AuthUser,
  organizationId: number,
  memberId: number,
  input: MemberRoutesUpdate,
): Promise<{ member_id: number; micro_route_ids: number[] }> {
  await assertOrganizationAccess(db, user, organizationId);
  const member = await orgRepo.findMember(db, organizationId, memberId);
  if (!member) throw new AppError('recycler-member-not-found');
  const routes = new Set((await microRoutesOfOrganization(db, organizationId)).map((r) => r.id));
  if (input.micro_route_ids.some((id) => !routes.has(id)))
    throw AppError.field('recycler-route-not-found', 'micro_route_ids');
  const ids = [...input.micro_route_ids].sort((a, b) => a - b);
  await db.transaction().execute(async (trx) => {
    const before = (await repo.microRoutesOfMembers(trx, [memberId])).map((r) => r.micro_route_id);
    await repo.replaceMemberRoutes(trx, memberId, ids);
    await recordAudit(trx, {
      actorId: user.id,
      action: 'update-routes',
      entity: 'recycler_member',
      entityId: memberId,
      before: { micro_route_ids: before },
      after: { micro_route_ids: ids },
    });
  });
  return { member_id: memberId, micro_route_ids: ids };
}

// ---- the member ----

/** The caller's active member records (one per organisation they belong to). */
async function activeMembershipsOf(db: Executor, user: AuthUser) {
  return (await orgRepo.membersOfUser(db, user.id)).filter((m) => m.status === 'activo');
}

/** The stop is one of the caller's (404 otherwise, as for one that does not exist). */
export async function assertMyStop(db: Executor, user: AuthUser, requestId: number): Promise<void> {
  const stop = await repo.findStop(db, requestId);
  if (!stop || !(await activeMembershipsOf(db, user)).some((m) => m.id === stop.member_id))
    throw new AppError('recycler-stop-not-found');
}

/** Mi ruta de hoy: the caller's stops of the day, per ECA, in visiting order. */
export async function myRoute(db: Db, user: AuthUser, date: string = bogotaDay(new Date())): Promise<MyRoute> {
  const memberships = await activeMembershipsOf(db, user);
  const first = memberships[0];
  const organization = first ? await orgRepo.findOrganization(db, first.organization_id) : undefined;
  const member = first ? { id: first.id, name: first.name, organization: organization?.name ?? '' } : null;
  const stops = await repo.stopsOfMembers(
    db,
    memberships.map((m) => m.id),
  );
  const byRequest = new Map(stops.map((s) => [s.request_id, s]));
  const rows = await routePickups(db, {
    ids: stops.map((s) => s.request_id),
    statuses: ['programada', 'recogida'],
    from: date,
    to: date,
  });
  // The naive order: as they were assigned.
  const assignedOrder = new Map(stops.map((s, i) => [s.request_id, i]));
  rows.sort((a, b) => assignedOrder.get(a.id)! - assignedOrder.get(b.id)!);
  const pointIds = [...new Set(rows.map((r) => r.point_id))];
  const points = await pointBasics(db, pointIds);
  const legs: MyRoute['legs'] = [];
  for (const pointId of pointIds) {
    const eca = points.get(pointId);
    if (!eca) continue;
    const plan = planRoute(
      eca,
      rows.filter((r) => r.point_id === pointId),
    );
    let here: { lat: number; lng: number } = eca;
    const planned: RouteStop[] = plan.stops.map((r, i) => {
      const leg = Math.round(metersBetween(here, r));
      here = r;
      return { ...toPickup(r), ...stopState(byRequest.get(r.id)), order: i + 1, leg_m: leg };
    });
    legs.push({
      eca: { point_id: eca.id, name: eca.name, address: eca.address, lat: eca.lat, lng: eca.lng },
      stops: planned,
      km: round2(plan.meters / 1000),
      naive_km: round2(plan.naiveMeters / 1000),
    });
  }
  return { date, member, legs };
}

/**
 * The open pickups of the micro-routes the caller works: programmed, from today to a week ahead,
 * at the micro-route's ECA on one of its days, and not assigned to anyone yet.
 */
export async function openPickups(db: Db, user: AuthUser, now: Date = new Date()): Promise<(OpenPickup & { organization_id: number; member_id: number })[]> {
  const memberships = await activeMembershipsOf(db, user);
  const links = await repo.microRoutesOfMembers(
    db,
    memberships.map((m) => m.id),
  );
  const today = bogotaDay(now);
  const out: (OpenPickup & { organization_id: number; member_id: number })[] = [];
  const seen = new Set<number>();
  for (const m of memberships) {
    const mine = new Set(links.filter((l) => l.member_id === m.id).map((l) => l.micro_route_id));
    const routes = (await microRoutesOfOrganization(db, m.organization_id)).filter((r) => mine.has(r.id) && r.eca_point_id !== null);
    if (!routes.length) continue;
    const rows = await routePickups(db, {
      pointIds: [...new Set(routes.map((r) => r.eca_point_id!))],
      statuses: ['programada'],
      from: today,
      to: addDays(today, OPEN_DAYS_AHEAD),
    });
    const taken = new Set((await repo.stopsOfRequests(db, rows.map((r) => r.id))).map((s) => s.request_id));
    for (const r of rows) {
      if (taken.has(r.id) || seen.has(r.id)) continue;
      const weekday = WEEKDAYS[new Date(`${r.pickup_date}T00:00:00Z`).getUTCDay()]!;
      const route = routes.find((x) => x.eca_point_id === r.point_id && x.days.split(',').includes(weekday));
      if (!route) continue;
      seen.add(r.id);
      out.push({ ...toPickup(r), micro_route: { id: route.id, name: route.name }, organization_id: m.organization_id, member_id: m.id });
    }
  }
  return out;
}

/** The caller takes an open pickup of their micro-routes: it becomes a stop of their route. */
export async function takePickup(
  deps: RequestsDeps,
  user: AuthUser,
  requestId: number,
  now: Date = new Date(),
): Promise<Omit<RouteStop, 'order' | 'leg_m'>> {
  const open = (await openPickups(deps.db, user, now)).find((p) => p.request_id === requestId);
  const existing = await repo.findStop(deps.db, requestId);
  if (!open) {
    const memberships = await activeMembershipsOf(deps.db, user);
    if (existing && memberships.some((m) => m.id === existing.member_id)) return stopView(deps.db, existing);
    // Taken by someone else of the same organisation: said; anyone else learns nothing.
    if (existing && memberships.some((m) => m.organization_id === existing.organization_id))
      throw new AppError('recycler-pickup-taken');
    throw new AppError('recycler-pickup-not-found');
  }
  const at = now.toISOString();
  const inserted = await deps.db.transaction().execute(async (trx) => {
    const ok = await repo.insertStop(trx, {
      request_id: requestId,
      organization_id: open.organization_id,
      member_id: open.member_id,
      micro_route_id: open.micro_route.id,
      assigned_via: 'miembro',
      assigned_by: user.id,
      assigned_at: at,
      updated_at: at,
    });
    if (ok)
      await recordAudit(trx, {
        actorId: user.id,
        action: 'take',
        entity: 'recycler_stop',
        entityId: requestId,
        before: null,
        after: { member_id: open.member_id },
      });
    return ok;
  });
  if (!inserted) throw new AppError('recycler-pickup-taken');
  const stop = (await repo.findStop(deps.db, requestId))!;
  const [pickup] = await routePickups(deps.db, { ids: [requestId], statuses: [...REQUEST_STATUSES] });
  const member = (await orgRepo.findMember(deps.db, open.organization_id, open.member_id))!;
  const organization = await orgRepo.findOrganization(deps.db, open.organization_id);
  if (pickup) await tellHouseholdWhoComes(deps, pickup, member.name, organization?.name ?? '');
  return stopView(deps.db, stop);
}

async function stopView(db: Db, stop: repo.StopRow): Promise<Omit<RouteStop, 'order' | 'leg_m'>> {
  const [pickup] = await routePickups(db, { ids: [stop.request_id], statuses: [...REQUEST_STATUSES] });
  return { ...toPickup(pickup!), ...stopState(stop) };
}

/**
 * What happened at the door, marked by the member (maybe offline, synced later: `at` is when it
 * was marked). Sending the same outcome again answers the stop as it is; another outcome for a
 * stop already marked is refused (409).
 */
export async function recordOutcome(
  deps: RequestsDeps,
  user: AuthUser,
  requestId: number,
  input: StopOutcomeInput & { reason: StopMissReason | null; note: string | null; at: string | null },
  now: Date = new Date(),
): Promise<Omit<RouteStop, 'order' | 'leg_m'>> {
  const memberships = await activeMembershipsOf(deps.db, user);
  const stop = await repo.findStop(deps.db, requestId);
  const member = memberships.find((m) => m.id === stop?.member_id);
  if (!stop || !member) throw new AppError('recycler-stop-not-found');
  if (stop.outcome) {
    if (stop.outcome === input.outcome && stop.outcome_reason === input.reason) return stopView(deps.db, stop);
    throw new AppError('recycler-stop-done');
  }
  let at = now.toISOString();
  if (input.at) {
    const when = Date.parse(input.at);
    if (when > now.getTime() + OUTCOME_MAX_SKEW_MS || when < now.getTime() - OUTCOME_MAX_AGE_MS)
      throw AppError.field('validation-failed', 'at', ROUTE_MESSAGES_ES.at);
    at = new Date(when).toISOString();
  }
  const ok = await deps.db.transaction().execute(async (trx) => {
    const done = await repo.setOutcomeIfOpen(trx, requestId, member.id, {
      outcome: input.outcome,
      outcome_reason: input.reason,
      outcome_note: input.note,
      outcome_at: at,
      updated_at: nowIso(),
    });
    if (done)
      await recordAudit(trx, {
        actorId: user.id,
        action: 'outcome',
        entity: 'recycler_stop',
        entityId: requestId,
        before: null,
        after: { outcome: input.outcome, reason: input.reason },
      });
    return done;
  });
  const after = (await repo.findStop(deps.db, requestId))!;
  if (!ok) {
    if (after.outcome === input.outcome && after.outcome_reason === input.reason) return stopView(deps.db, after);
    throw new AppError('recycler-stop-done');
  }
  const [pickup] = await routePickups(deps.db, { ids: [requestId], statuses: [...REQUEST_STATUSES] });
  if (pickup) {
    const name = firstName(member.name);
    const points = await pointBasics(deps.db, [pickup.point_id]);
    await tell(
      deps,
      pickup.requester_id,
      input.outcome === 'recogido'
        ? {
            title: `${name} recogió tu reciclaje`,
            body: `Tu solicitud #${pickup.id} va a ${points.get(pickup.point_id)?.name ?? 'la ECA'}, donde se pesa: te avisaremos los kilos.`,
            link: REQUEST_WEB_ROUTE(pickup.id),
          }
        : {
            title: `${name} pasó por tu solicitud #${pickup.id} y no pudo recoger`,
            body: `Motivo: ${STOP_MISS_REASON_LABELS_ES[input.reason!]}${input.note ? ` (${input.note})` : ''}. La organización te contactará para volver a programarla.`,
            link: REQUEST_WEB_ROUTE(pickup.id),
          },
    );
  }
  return stopView(deps.db, after);
}

// ---- the household ----

/** Who is coming for (or came to) a pickup the caller may see; null while nobody is assigned. */
export async function pickupRecycler(deps: RequestsDeps, user: AuthUser, requestId: number): Promise<PickupRecycler | null> {
  await assertHasRoleOn(deps, user, requestId);
  const stop = await repo.findStop(deps.db, requestId);
  if (!stop) return null;
  const member = await orgRepo.findMember(deps.db, stop.organization_id, stop.member_id);
  const organization = await orgRepo.findOrganization(deps.db, stop.organization_id);
  if (!member || !organization) return null;
  const missed = await repo.attemptsOfRequests(deps.db, [requestId]);
  const photos = await publicIdsOfFiles(deps.db, [member.photo_file_id]);
  const photo = member.photo_file_id === null ? undefined : photos.get(member.photo_file_id);
  return {
    first_name: firstName(member.name),
    photo_url: photo ? fileUrl('', { public_id: photo, is_public: 1 }) : null,
    organization: organization.name,
    card_url: `${RECYCLER_VERIFY_WEB_ROUTE}/${member.card_code}`,
    assigned_at: stop.assigned_at,
    ...(({ outcome, outcome_reason, outcome_at }) => ({ outcome, outcome_reason, outcome_at }))(stopState(stop)),
    missed_visits: missed.map((a) => ({ outcome_reason: a.outcome_reason as StopMissReason, outcome_at: a.outcome_at })),
  };
}

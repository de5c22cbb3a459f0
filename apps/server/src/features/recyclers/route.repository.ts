import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type { RecyclerStopAttemptsTable, RecyclerStopsTable } from '../../db/types.js';

/**
 * Rows of recyclers' routes: the micro-routes each member works and the pickups assigned to
 * members (stops) with their outcome. Pickups themselves are read through the requests service.
 */

export type StopRow = Selectable<RecyclerStopsTable>;
export type AttemptRow = Selectable<RecyclerStopAttemptsTable>;

export function findStop(db: Executor, requestId: number): Promise<StopRow | undefined> {
  return db.selectFrom('recycler_stops').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

export function stopsOfRequests(db: Executor, requestIds: number[]): Promise<StopRow[]> {
  if (!requestIds.length) return Promise.resolve([]);
  return db.selectFrom('recycler_stops').selectAll().where('request_id', 'in', requestIds).execute();
}

export function stopsOfMembers(db: Executor, memberIds: number[]): Promise<StopRow[]> {
  if (!memberIds.length) return Promise.resolve([]);
  return db
    .selectFrom('recycler_stops')
    .selectAll()
    .where('member_id', 'in', memberIds)
    .orderBy('assigned_at')
    .orderBy('request_id')
    .execute();
}

export async function insertStop(db: Executor, values: Insertable<RecyclerStopsTable>): Promise<boolean> {
  const rows = await db
    .insertInto('recycler_stops')
    .values(values)
    .onConflict((oc) => oc.column('request_id').doNothing())
    .returning('request_id')
    .execute();
  return rows.length === 1;
}

/** Moves a stop still to visit to another member; false when it was visited meanwhile. */
export async function reassignStopIfOpen(
  db: Executor,
  requestId: number,
  values: Updateable<RecyclerStopsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('recycler_stops')
    .set(values)
    .where('request_id', '=', requestId)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Makes a stop marked "no estaba" a new attempt for this member, provided it is still the missed
 * visit the caller saw (`outcome_at`); false when it was collected or sent out again meanwhile.
 */
export async function retryStopIfMissed(
  db: Executor,
  requestId: number,
  missedAt: string,
  values: Updateable<RecyclerStopsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('recycler_stops')
    .set({ ...values, outcome: null, outcome_reason: null, outcome_note: null, outcome_at: null })
    .where('request_id', '=', requestId)
    .where('outcome', '=', 'no-estaba')
    .where('outcome_at', '=', missedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertAttempt(db: Executor, values: Insertable<RecyclerStopAttemptsTable>): Promise<void> {
  await db.insertInto('recycler_stop_attempts').values(values).execute();
}

/** The missed attempts of these pickups, oldest first. */
export function attemptsOfRequests(db: Executor, requestIds: number[]): Promise<AttemptRow[]> {
  if (!requestIds.length) return Promise.resolve([]);
  return db
    .selectFrom('recycler_stop_attempts')
    .selectAll()
    .where('request_id', 'in', requestIds)
    .orderBy('request_id')
    .orderBy('attempt')
    .execute();
}

/** Records the outcome of a stop still to visit; false when it already had one. */
export async function setOutcomeIfOpen(
  db: Executor,
  requestId: number,
  memberId: number,
  values: Pick<RecyclerStopsTable, 'outcome' | 'outcome_reason' | 'outcome_note' | 'outcome_at' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('recycler_stops')
    .set(values)
    .where('request_id', '=', requestId)
    .where('member_id', '=', memberId)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function microRoutesOfMembers(
  db: Executor,
  memberIds: number[],
): Promise<{ member_id: number; micro_route_id: number }[]> {
  if (!memberIds.length) return [];
  return db
    .selectFrom('recycler_member_routes')
    .select(['member_id', 'micro_route_id'])
    .where('member_id', 'in', memberIds)
    .orderBy('micro_route_id')
    .execute();
}

export async function replaceMemberRoutes(db: Executor, memberId: number, microRouteIds: number[]): Promise<void> {
  await db.deleteFrom('recycler_member_routes').where('member_id', '=', memberId).execute();
  if (microRouteIds.length)
    await db
      .insertInto('recycler_member_routes')
      .values(microRouteIds.map((micro_route_id) => ({ member_id: memberId, micro_route_id })))
      .execute();
}

import type { RealtimeEvent } from '@puntoverde/contract';
import type { RequestsDeps } from './request-views.js';
import { managerIdsOfPoint } from '../points/points.service.js';
import type { RequestRow } from './request-parts.js';

/** Live events after a request changes: who follows it, and who also got a notification record. */

export async function publish(deps: RequestsDeps, userIds: number[], event: RealtimeEvent): Promise<void> {
  try {
    await deps.bus.publish(userIds, event);
  } catch (err) {
    deps.log?.warn({ err }, 'could not publish a live update');
  }
}

/**
 * A request's change to everyone following it, telling those who also get a notification record
 * for it (`notified`): their page shows that notification's alert and no second toast.
 */
export async function publishChange(
  deps: RequestsDeps,
  audience: number[],
  notified: ReadonlySet<number>,
  event: Omit<Extract<RealtimeEvent, { type: 'request.created' | 'request.updated' }>, 'notified'>,
): Promise<void> {
  const withNote = audience.filter((u) => notified.has(u));
  const without = audience.filter((u) => !notified.has(u));
  if (withNote.length) await publish(deps, withNote, { ...event, notified: true });
  if (without.length) await publish(deps, without, { ...event, notified: false });
}

/** Everyone who follows a request live: requester, its company head, the point's managers. */
export async function audienceOf(deps: RequestsDeps, row: Pick<RequestRow, 'requester_id' | 'company_id' | 'point_id'>) {
  const managers = await managerIdsOfPoint(deps.db, row.point_id);
  const people = [row.requester_id, ...(row.company_id !== null ? [row.company_id] : []), ...managers];
  return { all: [...new Set(people)], managers };
}

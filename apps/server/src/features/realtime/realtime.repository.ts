import type { Insertable } from 'kysely';
import type { Db } from '../../db/dialect.js';
import type { EventsTicketsTable } from '../../db/types.js';

/** Rows of the live-updates feature: the single-use stream tickets. */

export async function insertTicket(db: Db, values: Insertable<EventsTicketsTable>): Promise<void> {
  await db.insertInto('events_tickets').values(values).execute();
}

/** Marks an unused, unexpired ticket as used; false when there was none to spend. */
export async function markTicketUsed(db: Db, ticketHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('events_tickets')
    .set({ used_at: at })
    .where('ticket_hash', '=', ticketHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findTicket(db: Db, ticketHash: string) {
  return db
    .selectFrom('events_tickets')
    .select(['user_id', 'session_id'])
    .where('ticket_hash', '=', ticketHash)
    .executeTakeFirst();
}

export async function deleteExpiredTickets(db: Db, before: string): Promise<void> {
  await db.deleteFrom('events_tickets').where('expires_at', '<', before).execute();
}

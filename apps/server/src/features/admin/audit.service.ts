import type { AuditList, AuditListQuery } from '@puntoverde/contract';
import { userInfo } from 'node:os';
import type { Db } from '../../db/dialect.js';
import { findAuditEntries, insertAuditEntry, type AuditRecord } from './audit.repository.js';

/**
 * The back office's audit log, for every feature that changes data on an admin's behalf:
 * call recordAudit inside the same transaction as the change.
 */

/**
 * Records one back-office change: who, what, when, before/after. Call it inside the same
 * transaction as the change, so a change never exists without its audit entry.
 */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await insertAuditEntry(db, record);
}

/** `cli:<OS user>`: who ran a command-line tool (no account signs in there). */
export function cliActorLabel(): string {
  let name: string;
  try {
    name = userInfo().username;
  } catch {
    name = String(process.getuid?.() ?? 'unknown');
  }
  return `cli:${name}`;
}

/** Records a change made by a command-line tool: actor `cli:<OS user>`, no account. */
export async function recordCliAudit(db: Db, record: Omit<AuditRecord, 'actorId' | 'actorLabel'>): Promise<void> {
  await insertAuditEntry(db, { ...record, actorId: null, actorLabel: cliActorLabel() });
}

function parse(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

/** Names the accounts of these ids (identity's accountsByIds, passed in where the server is composed). */
export type AccountNamer = (
  db: Db,
  ids: (number | null)[],
) => Promise<Map<number, { id: number; name: string; email: string | null }>>;

/** A page of the audit log, newest first, each entry naming its actor's account. */
export async function listAudit(db: Db, query: AuditListQuery, accounts: AccountNamer): Promise<AuditList> {
  const { rows, total } = await findAuditEntries(db, query);
  const actors = await accounts(
    db,
    rows.map((r) => r.actor_id),
  );
  return {
    items: rows.map((r) => {
      const actor = r.actor_id === null ? undefined : actors.get(r.actor_id);
      return {
        id: r.id,
        actor: actor ? { id: actor.id, name: actor.name, email: actor.email ?? '' } : null,
        actor_label: r.actor_label,
        action: r.action,
        entity: r.entity,
        entity_id: r.entity_id,
        before: parse(r.before_json),
        after: parse(r.after_json),
        created_at: r.created_at,
      };
    }),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

import type { AuditEntry, AuditListQuery } from '@puntoverde/contract';
import { nowIso, type Executor } from '../../db/dialect.js';

export type AuditRecord = {
  actorId: number | null;
  /** create | update | delete | deactivate | activate | resend-verification | ... */
  action: string;
  /** campaign, ally, faq, about, user, point, container, material... */
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Records one back-office change: who, what, when, before/after. Call it inside the same
 * transaction as the change, so a change never exists without its audit entry.
 */
export async function recordAudit(db: Executor, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: record.actorId,
      action: record.action,
      entity: record.entity,
      entity_id: record.entityId === null ? null : String(record.entityId),
      before_json: record.before === undefined || record.before === null ? null : JSON.stringify(record.before),
      after_json: record.after === undefined || record.after === null ? null : JSON.stringify(record.after),
      created_at: nowIso(),
    })
    .execute();
}

function parse(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

export async function listAudit(
  db: Executor,
  query: AuditListQuery,
): Promise<{ items: AuditEntry[]; total: number }> {
  let base = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.actor_id');
  if (query.entity) base = base.where('audit_log.entity', '=', query.entity);
  if (query.entity_id) base = base.where('audit_log.entity_id', '=', query.entity_id);
  if (query.actor_id) base = base.where('audit_log.actor_id', '=', query.actor_id);
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'audit_log.id',
      'audit_log.actor_id',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before_json',
      'audit_log.after_json',
      'audit_log.created_at',
      'users.name as actor_name',
      'users.email as actor_email',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return {
    total: Number(total),
    items: rows.map((r) => ({
      id: r.id,
      actor:
        r.actor_id !== null && r.actor_name !== null
          ? { id: r.actor_id, name: r.actor_name, email: r.actor_email ?? '' }
          : null,
      action: r.action,
      entity: r.entity,
      entity_id: r.entity_id,
      before: parse(r.before_json),
      after: parse(r.after_json),
      created_at: r.created_at,
    })),
  };
}

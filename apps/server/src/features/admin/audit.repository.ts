import type { AuditListQuery } from '@puntoverde/contract';
import { nowIso, type Executor } from '../../db/dialect.js';

export type AuditRecord = {
  actorId: number | null;
  /** Who acted when no account did: `cli:<OS user>` for the command-line tools. */
  actorLabel?: string | null;
  /** create | update | delete | deactivate | activate | resend-verification | ... */
  action: string;
  /** campaign, ally, faq, about, user, point, container, material... */
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Writes one audit entry. */
export async function insertAuditEntry(db: Executor, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: record.actorId,
      actor_label: record.actorLabel ?? null,
      action: record.action,
      entity: record.entity,
      entity_id: record.entityId === null ? null : String(record.entityId),
      before_json: record.before === undefined || record.before === null ? null : JSON.stringify(record.before),
      after_json: record.after === undefined || record.after === null ? null : JSON.stringify(record.after),
      created_at: nowIso(),
    })
    .execute();
}

/** One page of audit entries (newest first), and how many match. */
export async function findAuditEntries(db: Executor, query: AuditListQuery) {
  let base = db.selectFrom('audit_log');
  if (query.entity) base = base.where('audit_log.entity', '=', query.entity);
  if (query.entity_id) base = base.where('audit_log.entity_id', '=', query.entity_id);
  if (query.actor_id) base = base.where('audit_log.actor_id', '=', query.actor_id);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'audit_log.id',
      'audit_log.actor_id',
      'audit_log.actor_label',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before_json',
      'audit_log.after_json',
      'audit_log.created_at',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return { rows, total: Number(total) };
}

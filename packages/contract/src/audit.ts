import { z } from 'zod';
import { pageOf, safeText, ZPageQuery } from './common.js';

/** Audit log of the back office: who changed what, when, before/after. */

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'deactivate', 'activate', 'resend-verification'] as const;
export const ZAuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof ZAuditAction>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  /** Who acted when no account did: `cli:<OS user>` for the command-line tools; null otherwise. */
  actor_label: z.string().nullable(),
  action: z.string(),
  /** Resource kind: campaign, ally, faq, about, user, point, container, material... */
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The resource before and after the change: any JSON value, null when it did not exist. */
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditListQuery = ZPageQuery.extend({
  entity: safeText().max(40).optional(),
  entity_id: safeText().max(64).optional(),
  actor_id: z.coerce.number().int().positive().optional(),
});
export type AuditListQuery = z.infer<typeof ZAuditListQuery>;

export const ZAuditList = pageOf(ZAuditEntry);
export type AuditList = z.infer<typeof ZAuditList>;

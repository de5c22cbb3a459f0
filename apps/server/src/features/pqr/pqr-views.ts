import {
  PQR_DUE_SOON_BUSINESS_DAYS,
  PQR_OPEN_STATUSES,
  pqrMaxExtendedTermDays,
  type PersonalDataKind,
  type PqrAttachment,
  type PqrEventKind,
  type PqrLight,
  type PqrPublic,
  type PqrPublicEvent,
  type PqrStatus,
  type PqrType,
  type WebhookEventData,
} from '@puntoverde/contract';
import type { Executor } from '../../db/dialect.js';
import { toUploadedFile, withFiles } from '../files/files.service.js';
import type { BusinessCalendar, IsoDate } from './business-days.js';
import type { PqrAttachmentLinkRow, PqrEventRow, PqrRow } from './pqr.repository.js';
import type { PqrDeps } from './pqr-deps.js';
import * as repo from './pqr.repository.js';

/** Rows to the contract's PQR shapes, and the inbox's traffic lights. */

export const DONE_STATUSES: readonly PqrStatus[] = ['respondida', 'trasladada', 'cerrada'];
/** Open statuses whose clock runs (the inbox traffic lights); pendiente_informacion is paused. */
export const RUNNING: readonly PqrStatus[] = PQR_OPEN_STATUSES;
export const INBOX_STATUSES: readonly PqrStatus[] = [...RUNNING, 'pendiente_informacion'];

/** An attachment with what its file row says about it. */
export type PqrAttachmentRow = PqrAttachmentLinkRow & {
  public_id: string;
  kind: string;
  mime: string;
  size: number;
  is_public: number;
};

/** The attachments of these PQRs, by id, with their files (one lookup in the files service). */
export async function listAttachments(db: Executor, pqrIds: number[]): Promise<PqrAttachmentRow[]> {
  const links = await repo.listAttachmentLinks(db, pqrIds);
  return withFiles(db, links, (a, f) => ({
    ...a,
    public_id: f.public_id,
    kind: f.kind,
    mime: f.mime,
    size: f.size,
    is_public: f.is_public,
  }));
}

export function attachmentView(secret: string, a: PqrAttachmentRow): PqrAttachment {
  const file = toUploadedFile(secret, {
    id: a.file_id,
    public_id: a.public_id,
    owner_id: null,
    kind: a.kind,
    mime: a.mime,
    size: a.size,
    width: null,
    height: null,
    storage_key: '',
    is_public: a.is_public,
    created_at: a.created_at,
  });
  return { id: file.id, kind: file.kind, mime: file.mime, size: file.size, url: file.url };
}

export function publicEvent(e: PqrEventRow): PqrPublicEvent {
  return {
    kind: e.kind as PqrEventKind,
    from_status: (e.from_status as PqrStatus | null) ?? null,
    to_status: (e.to_status as PqrStatus | null) ?? null,
    message: e.kind === 'answer' ? null : e.message,
    at: e.created_at,
  };
}

export function toPublic(
  secret: string,
  row: PqrRow,
  events: PqrEventRow[],
  attachments: PqrAttachmentRow[],
): PqrPublic {
  const mine = attachments.filter((a) => a.pqr_id === row.id);
  return {
    radicado: row.radicado,
    type: row.type as PqrType,
    personal_data_kind: (row.personal_data_kind as PersonalDataKind | null) ?? null,
    subject: row.subject,
    description: row.description,
    email: row.email,
    status: row.status as PqrStatus,
    filed_at: row.filed_at,
    received_on: row.received_on,
    due_date: row.due_date,
    term_days: row.term_days,
    extension:
      row.extended_at && row.extension_reason && row.extension_previous_due_date
        ? {
            reason: row.extension_reason,
            previous_due_date: row.extension_previous_due_date,
            new_due_date: row.due_date ?? row.extension_previous_due_date,
            at: row.extended_at,
          }
        : null,
    information_request:
      row.status === 'pendiente_informacion' && row.information_request && row.information_requested_at
        ? { message: row.information_request, at: row.information_requested_at }
        : null,
    answer:
      row.answer_text && row.answered_at
        ? {
            text: row.answer_text,
            at: row.answered_at,
            attachments: mine.filter((a) => a.role === 'answer').map((a) => attachmentView(secret, a)),
          }
        : null,
    transfer:
      row.transfer_entity && row.transfer_reason && row.transferred_at
        ? { entity: row.transfer_entity, reason: row.transfer_reason, at: row.transferred_at }
        : null,
    attachments: mine.filter((a) => a.role !== 'answer').map((a) => attachmentView(secret, a)),
    history: events.filter((e) => e.pqr_id === row.id && e.internal === 0).map(publicEvent),
  };
}

export async function publicViews(deps: PqrDeps, db: Executor, rows: PqrRow[]): Promise<PqrPublic[]> {
  const ids = rows.map((r) => r.id);
  const [events, attachments] = await Promise.all([repo.listEvents(db, ids), listAttachments(db, ids)]);
  return rows.map((r) => toPublic(deps.tokenSecret, r, events, attachments));
}

export function lightOf(
  calendar: BusinessCalendar,
  row: Pick<PqrRow, 'status' | 'due_date'>,
  today: IsoDate,
): { light: PqrLight; left: number | null } {
  if (DONE_STATUSES.includes(row.status as PqrStatus)) return { light: 'done', left: null };
  if (row.status === 'pendiente_informacion' || !row.due_date) return { light: 'paused', left: null };
  const left = calendar.businessDaysBetween(today, row.due_date);
  if (row.due_date < today) return { light: 'overdue', left };
  return { light: left <= PQR_DUE_SOON_BUSINESS_DAYS ? 'due_soon' : 'on_time', left };
}

export function maxExtensionDate(calendar: BusinessCalendar, row: PqrRow, today: IsoDate): IsoDate | null {
  if (!RUNNING.includes(row.status as PqrStatus) || row.extended_at || !row.due_date || row.due_date < today)
    return null;
  const extra =
    pqrMaxExtendedTermDays(row.type as PqrType, row.personal_data_kind as PersonalDataKind | null) - row.term_days;
  return extra > 0 ? calendar.addBusinessDays(row.due_date, extra) : null;
}

/** What a PQR's webhook events carry: no requester's personal data (name, document, contact). */
export function webhookPqr(
  row: Pick<PqrRow, 'radicado' | 'type' | 'subject' | 'status' | 'filed_at' | 'due_date' | 'updated_at'>,
): WebhookEventData<'pqr.created'> {
  return {
    radicado: row.radicado,
    type: row.type,
    subject: row.subject,
    status: row.status,
    filed_at: row.filed_at,
    due_date: row.due_date,
    updated_at: row.updated_at,
  };
}

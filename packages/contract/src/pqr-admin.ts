import { z } from 'zod';
import { dataOf, safeMultilineText, safeText } from './common.js';
import { ZPqrAttachmentIds, ZPqrType, ZPqrStatus, ZPqrAnswerChannel, ZPqrRadicado, ZPqrAttachment, ZPqrPublicEvent, ZPqrPublic } from './pqr.js';

/**
 * PQR in the back office: the inbox with its traffic lights, the case detail, assignment, notes,
 * status changes, the periodic report and the business-day calendar. Filing and tracking: pqr.ts.
 */

export const PQR_LIGHTS = ['on_time', 'due_soon', 'overdue', 'paused', 'done'] as const;
export const ZPqrLight = z.enum(PQR_LIGHTS);
export type PqrLight = z.infer<typeof ZPqrLight>;

export const ZPqrStaff = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type PqrStaff = z.infer<typeof ZPqrStaff>;
export const ZPqrStaffListResponse = dataOf(z.array(ZPqrStaff));

export const ZAdminPqrListQuery = z.object({
  status: ZPqrStatus.optional(),
  type: ZPqrType.optional(),
  light: ZPqrLight.optional(),
  /** A staff id, `me` or `none`. */
  assigned: z.union([z.literal('me'), z.literal('none'), z.coerce.number().int().positive()]).optional(),
  /** Radicado, subject, name or e-mail contains. */
  q: safeText().max(100).optional(),
  /** Open only (radicada, en trámite, pendiente de información): the default inbox. */
  open: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminPqrListQuery = z.input<typeof ZAdminPqrListQuery>;

export const ZAdminPqrListItem = z.object({
  radicado: z.string(),
  type: ZPqrType,
  subject: z.string(),
  name: z.string(),
  email: z.string(),
  status: ZPqrStatus,
  filed_at: z.string(),
  due_date: z.string().nullable(),
  /** Business days from today to the due date (negative when overdue); null when not running. */
  business_days_left: z.number().nullable(),
  light: ZPqrLight,
  extended: z.boolean(),
  assignee: ZPqrStaff.nullable(),
});
export type AdminPqrListItem = z.infer<typeof ZAdminPqrListItem>;

export const ZAdminPqrList = z.object({
  items: z.array(ZAdminPqrListItem),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  counts: z.object({ on_time: z.number(), due_soon: z.number(), overdue: z.number(), paused: z.number() }),
});
export const ZAdminPqrListResponse = dataOf(ZAdminPqrList);
export type AdminPqrList = z.infer<typeof ZAdminPqrList>;

export const ZAdminPqrEvent = ZPqrPublicEvent.extend({
  id: z.number(),
  internal: z.boolean(),
  actor: z.object({ id: z.number().nullable(), name: z.string() }),
  attachments: z.array(ZPqrAttachment),
});
export type AdminPqrEvent = z.infer<typeof ZAdminPqrEvent>;

export const ZAdminPqrDetail = ZPqrPublic.omit({ history: true }).extend({
  name: z.string(),
  document_type: z.string(),
  document_number: z.string(),
  phone: z.string().nullable(),
  answer_channel: ZPqrAnswerChannel,
  requester_user_id: z.number().nullable(),
  assignee: ZPqrStaff.nullable(),
  light: ZPqrLight,
  business_days_left: z.number().nullable(),
  original_due_date: z.string(),
  /** Ley 1755 art. 21 deadline for forwarding to the competent entity. */
  transfer_due_date: z.string(),
  /** Latest date an extension may set; null when no extension is possible any more. */
  max_extension_date: z.string().nullable(),
  allowed_transitions: z.array(ZPqrStatus),
  events: z.array(ZAdminPqrEvent),
});
export type AdminPqrDetail = z.infer<typeof ZAdminPqrDetail>;
export const ZAdminPqrDetailResponse = dataOf(ZAdminPqrDetail);

export const ZPqrRadicadoParams = z.object({ radicado: ZPqrRadicado });

export const ZAdminPqrAssignRequest = z.object({ assignee_id: z.number().int().positive().nullable() });
export const ZAdminPqrNoteRequest = z.object({
  body: safeMultilineText().min(1, { message: 'Escribe la nota.' }).max(5000),
});
export const ZAdminPqrStatusRequest = z
  .object({
    status: z.enum(['en_tramite', 'pendiente_informacion', 'cerrada']),
    /** Shown to the requester: what information is missing, or why the PQR is closed. */
    message: safeMultilineText().max(5000).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'pendiente_informacion' && (!v.message || v.message.length < 10)) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: 'Explica qué información necesitas (al menos 10 caracteres).',
      });
    }
  });
export type AdminPqrStatusRequest = z.input<typeof ZAdminPqrStatusRequest>;

export const ZAdminPqrAnswerRequest = z.object({
  text: safeMultilineText({ message: 'Escribe la respuesta.' })
    .min(20, { message: 'La respuesta debe tener al menos 20 caracteres.' })
    .max(20000),
  attachments: ZPqrAttachmentIds,
});
export type AdminPqrAnswerRequest = z.input<typeof ZAdminPqrAnswerRequest>;

export const ZAdminPqrExtensionRequest = z.object({
  new_due_date: z.iso.date({ message: 'Elige la nueva fecha de vencimiento.' }),
  reason: safeMultilineText({ message: 'Explica el motivo de la prórroga.' })
    .min(20, { message: 'Explica el motivo de la prórroga (al menos 20 caracteres).' })
    .max(2000),
});
export type AdminPqrExtensionRequest = z.input<typeof ZAdminPqrExtensionRequest>;

export const ZAdminPqrTransferRequest = z.object({
  entity: safeText({ message: 'Escribe la entidad competente.' })
    .min(3, { message: 'Escribe la entidad competente.' })
    .max(200),
  reason: safeMultilineText({ message: 'Explica por qué la traslada.' })
    .min(10, { message: 'Explica por qué la traslada (al menos 10 caracteres).' })
    .max(2000),
});
export type AdminPqrTransferRequest = z.input<typeof ZAdminPqrTransferRequest>;

export const ZPqrMonthQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Usa el formato AAAA-MM.' }),
});

export const ZPqrReportRow = z.object({
  type: ZPqrType,
  filed: z.number(),
  answered: z.number(),
  answered_on_time: z.number(),
  answered_late: z.number(),
  overdue_unanswered: z.number(),
  in_progress: z.number(),
  transferred: z.number(),
  /** Closed without an answer (e.g. the requester never sent the information asked for). */
  closed_without_answer: z.number(),
  /** answered_on_time / (answered + overdue_unanswered), 0-100 with one decimal; null when nothing is due yet. */
  on_time_pct: z.number().nullable(),
});
export const ZPqrReport = z.object({
  month: z.string(),
  rows: z.array(ZPqrReportRow),
  total: ZPqrReportRow.omit({ type: true }),
});
export type PqrReport = z.infer<typeof ZPqrReport>;
export const ZPqrReportResponse = dataOf(ZPqrReport);

/** Admin-editable calendar: extra non-working days (closures) or days declared working. */
export const ZPqrCalendarDay = z.object({
  date: z.iso.date({ message: 'Elige una fecha.' }),
  is_working: z.boolean(),
  reason: safeMultilineText().min(3, { message: 'Explica el motivo.' }).max(200),
});
export type PqrCalendarDay = z.infer<typeof ZPqrCalendarDay>;
export const ZPqrCalendarListResponse = dataOf(
  z.array(ZPqrCalendarDay.extend({ created_at: z.string(), created_by: z.string().nullable() })),
);
export const ZPqrCalendarDateParams = z.object({ date: z.iso.date() });

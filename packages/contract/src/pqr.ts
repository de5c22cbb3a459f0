import { z } from 'zod';
import { parseDocumentNumber } from './colombian-formats.js';
import { dataOf, safeMultilineText, safeText } from './common.js';

/**
 * PQR (peticiones, quejas, reclamos, sugerencias, felicitaciones) — Ley 1755 de 2015 and,
 * for personal data requests, Ley 1581 de 2012. Shared by the server, the web form and the back office.
 */

export const PQR_TYPES = [
  'peticion',
  'informacion',
  'consulta',
  'queja',
  'reclamo',
  'sugerencia',
  'felicitacion',
  'datos_personales',
] as const;
export const ZPqrType = z.enum(PQR_TYPES, { message: 'Elige el tipo de solicitud.' });
export type PqrType = z.infer<typeof ZPqrType>;

export const PQR_TYPE_LABELS_ES: Record<PqrType, string> = {
  peticion: 'Petición',
  informacion: 'Petición de información o documentos',
  consulta: 'Consulta',
  queja: 'Queja',
  reclamo: 'Reclamo',
  sugerencia: 'Sugerencia',
  felicitacion: 'Felicitación',
  datos_personales: 'Solicitud sobre datos personales',
};

/** Ley 1581 de 2012 art. 14 (consulta) and art. 15 (reclamo) have different terms. */
export const PERSONAL_DATA_KINDS = ['consulta', 'reclamo'] as const;
export const ZPersonalDataKind = z.enum(PERSONAL_DATA_KINDS, { message: 'Elige si es una consulta o un reclamo.' });
export type PersonalDataKind = z.infer<typeof ZPersonalDataKind>;

/** Legal term in business days (Ley 1755 de 2015 art. 14; Ley 1581 de 2012 arts. 14-15). */
export function pqrTermDays(type: PqrType, personalDataKind?: PersonalDataKind | null): number {
  switch (type) {
    case 'informacion':
      return 10; // art. 14 num. 1
    case 'consulta':
      return 30; // art. 14 num. 2
    case 'datos_personales':
      return personalDataKind === 'reclamo' ? 15 : 10; // Ley 1581 art. 15 / art. 14
    default:
      return 15; // art. 14: toda petición, incluidas quejas, reclamos, sugerencias y felicitaciones
  }
}

/**
 * Longest total term after the one allowed extension. Ley 1755 art. 14 parágrafo: at most double
 * the original term; Ley 1581: consulta +5 business days (art. 14), reclamo +8 (art. 15).
 */
export function pqrMaxExtendedTermDays(type: PqrType, personalDataKind?: PersonalDataKind | null): number {
  if (type === 'datos_personales') return personalDataKind === 'reclamo' ? 15 + 8 : 10 + 5;
  return pqrTermDays(type, personalDataKind) * 2;
}

/** Ley 1755 art. 21: a petition for another entity is forwarded within 5 business days of receipt. */
export const PQR_TRANSFER_TERM_BUSINESS_DAYS = 5;
/** Traffic light: amber when the due date is this many business days away or less. */
export const PQR_DUE_SOON_BUSINESS_DAYS = 3;
/** Attachments per filing, per answer and per information reply. */
export const PQR_MAX_ATTACHMENTS = 5;

export const PQR_STATUSES = [
  'radicada',
  'en_tramite',
  'pendiente_informacion',
  'respondida',
  'trasladada',
  'cerrada',
] as const;
export const ZPqrStatus = z.enum(PQR_STATUSES);
export type PqrStatus = z.infer<typeof ZPqrStatus>;

export const PQR_STATUS_LABELS_ES: Record<PqrStatus, string> = {
  radicada: 'Radicada',
  en_tramite: 'En trámite',
  pendiente_informacion: 'Pendiente de información del peticionario',
  respondida: 'Respondida',
  trasladada: 'Trasladada a otra entidad',
  cerrada: 'Cerrada',
};

/**
 * Allowed status changes. `pendiente_informacion` stops the clock (Ley 1755 art. 17) until the
 * requester answers (→ en_tramite) or gives up (→ cerrada, desistimiento tácito).
 */
export const PQR_TRANSITIONS: Record<PqrStatus, readonly PqrStatus[]> = {
  radicada: ['en_tramite', 'pendiente_informacion', 'respondida', 'trasladada'],
  en_tramite: ['pendiente_informacion', 'respondida', 'trasladada'],
  pendiente_informacion: ['en_tramite', 'cerrada'],
  respondida: ['cerrada'],
  trasladada: ['cerrada'],
  cerrada: [],
};

export function canPqrTransition(from: PqrStatus, to: PqrStatus): boolean {
  return PQR_TRANSITIONS[from].includes(to);
}

/** Statuses in which the legal clock runs and the PQR still needs staff work. */
export const PQR_OPEN_STATUSES: readonly PqrStatus[] = ['radicada', 'en_tramite'];

export const PQR_DOCUMENT_TYPES = ['CC', 'CE', 'TI', 'PP', 'PPT', 'NIT'] as const;
export const ZPqrDocumentType = z.enum(PQR_DOCUMENT_TYPES, { message: 'Elige el tipo de documento.' });
export const PQR_DOCUMENT_TYPE_LABELS_ES: Record<(typeof PQR_DOCUMENT_TYPES)[number], string> = {
  CC: 'Cédula de ciudadanía',
  CE: 'Cédula de extranjería',
  TI: 'Tarjeta de identidad',
  PP: 'Pasaporte',
  PPT: 'Permiso por Protección Temporal',
  NIT: 'NIT',
};

export const PQR_ANSWER_CHANNELS = ['email', 'telefono'] as const;
export const ZPqrAnswerChannel = z.enum(PQR_ANSWER_CHANNELS, { message: 'Elige cómo quieres recibir la respuesta.' });
export type PqrAnswerChannel = z.infer<typeof ZPqrAnswerChannel>;

/** `PQR-2026-000123`: year of filing (Bogotá calendar) and a gapless sequence within it. */
export const PQR_RADICADO_PATTERN = /^PQR-\d{4}-\d{6}$/;
export const ZPqrRadicado = safeText()
  .toUpperCase()
  .regex(PQR_RADICADO_PATTERN, { message: 'El radicado tiene la forma PQR-2026-000123.' });

export function formatPqrRadicado(year: number, sequence: number): string {
  return `PQR-${year}-${String(sequence).padStart(6, '0')}`;
}

export const ZPqrEmail = safeText({ message: 'Escribe tu correo electrónico.' })
  .toLowerCase()
  .pipe(z.email({ message: 'Escribe un correo electrónico válido, por ejemplo nombre@correo.com.' }).max(254));

/** Colombian numbers: 10-digit mobiles starting with 3, landlines 60X + 7 digits; +57 optional. */
export const ZPqrPhone = safeText()
  .transform((v) => v.replace(/[\s().-]/g, '').replace(/^(\+?57)(?=\d{10}$)/, ''))
  .pipe(z.string().regex(/^(3\d{9}|60\d{8})$/, { message: 'Escribe un celular de 10 dígitos (3XX) o un fijo 60X.' }));

/** A file id from the uploads feature (`POST /back/api/v1/files` or the PQR upload). */
export const ZPqrFileId = safeText().min(1).max(64);

/** The files a filing, an answer or a note attaches (at most PQR_MAX_ATTACHMENTS). */
export const ZPqrAttachmentIds = z
  .array(ZPqrFileId)
  .max(PQR_MAX_ATTACHMENTS, { message: `Puedes adjuntar hasta ${PQR_MAX_ATTACHMENTS} archivos.` })
  .default([])
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Un archivo está repetido.' });

export const ZCreatePqrRequest = z
  .object({
    type: ZPqrType,
    personal_data_kind: ZPersonalDataKind.nullish(),
    subject: safeText({ message: 'Escribe el asunto.' })
      .min(5, { message: 'El asunto debe tener al menos 5 caracteres.' })
      .max(150, { message: 'El asunto puede tener hasta 150 caracteres.' }),
    description: safeMultilineText({ message: 'Describe tu solicitud.' })
      .min(20, { message: 'Cuéntanos un poco más: al menos 20 caracteres.' })
      .max(5000, { message: 'La descripción puede tener hasta 5000 caracteres.' }),
    name: safeText({ message: 'Escribe tu nombre completo.' })
      .min(3, { message: 'Escribe tu nombre completo.' })
      .max(120),
    document_type: ZPqrDocumentType,
    document_number: safeText({ message: 'Escribe tu número de documento.' })
      .min(3, { message: 'Escribe tu número de documento.' })
      .max(20, { message: 'El documento puede tener hasta 20 caracteres.' }),
    email: ZPqrEmail,
    phone: z
      .union([z.literal('').transform(() => null), ZPqrPhone])
      .nullish()
      .transform((v) => v ?? null),
    answer_channel: ZPqrAnswerChannel.default('email'),
    attachments: ZPqrAttachmentIds,
    /** Key returned by the anonymous PQR upload, proving the files came from this same form. */
    upload_key: z.string().max(100).nullish(),
    accept_data_policy: z.literal(true, { message: 'Debes aceptar la política de tratamiento de datos personales.' }),
  })
  // Runs even when other fields failed (`when`), so the form shows every problem at once;
  // hence the defensive type checks.
  .superRefine(
    (v, ctx) => {
      if (v.type === 'datos_personales' && !v.personal_data_kind) {
        ctx.addIssue({
          code: 'custom',
          path: ['personal_data_kind'],
          message: 'Elige si es una consulta o un reclamo.',
        });
      }
      if (v.answer_channel === 'telefono' && !v.phone) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Escribe un teléfono para responderte por llamada.' });
      }
      const doc = typeof v.document_number === 'string' ? v.document_number.trim() : '';
      if (!doc) return;
      if (parseDocumentNumber(v.document_type, doc) !== null) return;
      const message =
        v.document_type === 'NIT'
          ? /^[\d\s.]+-\s*\d$/.test(doc)
            ? 'El dígito de verificación del NIT no coincide.'
            : 'Escribe el NIT con o sin puntos y con su dígito de verificación, por ejemplo 900.123.456-8.'
          : ['CC', 'TI'].includes(v.document_type)
            ? 'Escribe solo los números del documento (puedes separarlos con puntos).'
            : 'Usa solo letras, números y guiones.';
      ctx.addIssue({ code: 'custom', path: ['document_number'], message });
    },
    { when: () => true },
  );
export type CreatePqrRequest = z.input<typeof ZCreatePqrRequest>;
export type CreatePqrInput = z.output<typeof ZCreatePqrRequest>;

export const ZPqrAttachment = z.object({
  id: z.string(),
  kind: z.enum(['image', 'document']),
  mime: z.string(),
  size: z.number(),
  /** Short-lived signed link that downloads the file. */
  url: z.string(),
});
export type PqrAttachment = z.infer<typeof ZPqrAttachment>;

export const PQR_EVENT_KINDS = [
  'filed',
  'status',
  'assignment',
  'note',
  'information_request',
  'information',
  'answer',
  'extension',
  'transfer',
] as const;
export const ZPqrEventKind = z.enum(PQR_EVENT_KINDS);
export type PqrEventKind = z.infer<typeof ZPqrEventKind>;

/** A history entry as the requester sees it (internal notes and assignments are left out). */
export const ZPqrPublicEvent = z.object({
  kind: ZPqrEventKind,
  from_status: ZPqrStatus.nullable(),
  to_status: ZPqrStatus.nullable(),
  message: z.string().nullable(),
  at: z.string(),
});
export type PqrPublicEvent = z.infer<typeof ZPqrPublicEvent>;

export const ZPqrPublic = z.object({
  radicado: z.string(),
  type: ZPqrType,
  personal_data_kind: ZPersonalDataKind.nullable(),
  subject: z.string(),
  description: z.string(),
  /** Where answers go; only ever shown to someone who already knows it or owns the PQR. */
  email: z.string(),
  status: ZPqrStatus,
  /** Instant of filing (ISO 8601 UTC). */
  filed_at: z.string(),
  /** Business day the filing counts as received (Bogotá calendar, YYYY-MM-DD). */
  received_on: z.string(),
  /** Last business day to answer (YYYY-MM-DD); null while the clock is stopped. */
  due_date: z.string().nullable(),
  term_days: z.number(),
  extension: z
    .object({ reason: z.string(), previous_due_date: z.string(), new_due_date: z.string(), at: z.string() })
    .nullable(),
  information_request: z.object({ message: z.string(), at: z.string() }).nullable(),
  answer: z.object({ text: z.string(), at: z.string(), attachments: z.array(ZPqrAttachment) }).nullable(),
  transfer: z.object({ entity: z.string(), reason: z.string(), at: z.string() }).nullable(),
  attachments: z.array(ZPqrAttachment),
  history: z.array(ZPqrPublicEvent),
});
export type PqrPublic = z.infer<typeof ZPqrPublic>;

export const ZCreatePqrResponse = dataOf(ZPqrPublic);
export const ZPqrResponse = dataOf(ZPqrPublic);
export const ZPqrListResponse = dataOf(z.array(ZPqrPublic));

export const ZPqrTrackQuery = z.object({ radicado: ZPqrRadicado, email: ZPqrEmail });
export type PqrTrackQuery = z.infer<typeof ZPqrTrackQuery>;

/** The requester answers a request for information (Ley 1755 art. 17); the clock starts again. */
export const ZPqrInformationRequest = z.object({
  radicado: ZPqrRadicado,
  email: ZPqrEmail,
  message: safeMultilineText({ message: 'Escribe la información solicitada.' })
    .min(5, { message: 'Escribe la información solicitada.' })
    .max(5000),
  attachments: ZPqrAttachmentIds,
  upload_key: z.string().max(100).nullish(),
});
export type PqrInformationRequest = z.input<typeof ZPqrInformationRequest>;

export const ZPqrDueDateQuery = z.object({
  type: ZPqrType,
  personal_data_kind: ZPersonalDataKind.optional(),
  filed_at: z.iso.datetime({
    offset: true,
    message: 'Usa una fecha y hora ISO 8601, por ejemplo 2026-11-21T10:00:00-05:00.',
  }),
});
export const ZPqrDueDate = z.object({ due_date: z.string(), received_on: z.string(), term_days: z.number() });
export const ZPqrDueDateResponse = dataOf(ZPqrDueDate);
export type PqrDueDate = z.infer<typeof ZPqrDueDate>;

/** Anonymous PQR upload answer; `upload_key` goes with the next uploads and the filing. */
export const ZPqrUpload = z.object({
  id: z.string(),
  kind: z.enum(['image', 'document']),
  mime: z.string(),
  size: z.number(),
  upload_key: z.string().nullable(),
});
export const ZPqrUploadResponse = dataOf(ZPqrUpload);
export type PqrUpload = z.infer<typeof ZPqrUpload>;
/** Header carrying the upload key of an anonymous filing in progress. */
export const PQR_UPLOAD_KEY_HEADER = 'x-pqr-upload-key';

import { z } from 'zod';
import { dataOf } from './common.js';
import { isCalendarDate } from './requests.js';

/**
 * Recycling certificates ("certificado de aprovechamiento"): a company head (for the company or
 * one branch) or a household asks for one over a period with collected kilograms. Each gets a
 * gapless number per year, is stored once as a PDF and verified publicly by an unguessable code.
 */

/** The public verification page (web route); the QR points at `${PUBLIC_URL}/verificar/{code}`. */
export const CERTIFICATE_VERIFY_WEB_ROUTE = '/verificar';

/** Longest certified period (days, inclusive). */
export const CERTIFICATE_MAX_PERIOD_DAYS = 366;
/** Verification codes: 128 random bits, base64url (22 characters). */
export const CERTIFICATE_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const CERTIFICATE_NUMBER_PATTERN = /^CERT-\d{4}-\d{6}$/;

export const CERTIFICATE_MESSAGES_ES = {
  date: 'Escribe una fecha válida (AAAA-MM-DD).',
  order: 'La fecha final debe ser igual o posterior a la inicial.',
  future: 'El periodo no puede terminar en el futuro.',
  tooLong: `El periodo no puede pasar de ${CERTIFICATE_MAX_PERIOD_DAYS} días.`,
  reason: 'Escribe el motivo de la anulación (entre 5 y 500 caracteres).',
} as const;

const ZCertDate = z
  .string({ error: CERTIFICATE_MESSAGES_ES.date })
  .trim()
  .refine(isCalendarDate, { error: CERTIFICATE_MESSAGES_ES.date });

export const ZCreateCertificateRequest = z
  .object({
    from: ZCertDate,
    to: ZCertDate,
    /** A company head may certify one of its branches (or its own requests with its own id); none = the whole company. */
    branch_id: z.number().int().positive().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: CERTIFICATE_MESSAGES_ES.order });
  });
export type CreateCertificateRequest = z.infer<typeof ZCreateCertificateRequest>;

export const CERTIFICATE_STATUSES = ['valido', 'anulado'] as const;
export const ZCertificateStatus = z.enum(CERTIFICATE_STATUSES);
export type CertificateStatus = z.infer<typeof ZCertificateStatus>;

export const ZCertificateSummary = z.object({
  number: z.string(),
  status: ZCertificateStatus,
  holder_name: z.string(),
  /** The branch's name when the certificate covers one branch. */
  branch_name: z.string().nullable(),
  period_from: z.string(),
  period_to: z.string(),
  total_kg: z.number(),
  co2e_kg: z.number(),
  issued_at: z.string(),
  annulled_at: z.string().nullable(),
  annul_reason: z.string().nullable(),
  pdf_size: z.number().int(),
});
export type CertificateSummary = z.infer<typeof ZCertificateSummary>;
export const ZCertificateResponse = dataOf(ZCertificateSummary);
export const ZCertificateListResponse = dataOf(z.array(ZCertificateSummary));

export const ZCertificateNumberParams = z.object({ number: z.string().regex(CERTIFICATE_NUMBER_PATTERN) });
/** Any string: malformed codes get the same answer as unknown ones. */
export const ZCertificateCodeParams = z.object({ code: z.string() });

/** What the public page shows: no contact data, no document numbers of people. */
export const ZCertificateVerification = /* @__PURE__ */ ZCertificateSummary.omit({ pdf_size: true }).extend({
  per_material: z.array(z.object({ material: z.string(), kg: z.number() })),
});
export type CertificateVerification = z.infer<typeof ZCertificateVerification>;
export const ZCertificateVerificationResponse = dataOf(ZCertificateVerification);

export const ZAnnulCertificateRequest = z.object({
  reason: z.string({ error: CERTIFICATE_MESSAGES_ES.reason }).trim().min(5, CERTIFICATE_MESSAGES_ES.reason).max(500, CERTIFICATE_MESSAGES_ES.reason),
});
export type AnnulCertificateRequest = z.infer<typeof ZAnnulCertificateRequest>;

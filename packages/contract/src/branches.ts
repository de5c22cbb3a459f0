import { z } from 'zod';
import { dataOf, safeText } from './common.js';
import { ZAcceptDataPolicy, ZEmail, ZNewPassword, ZPhone } from './identity-fields.js';
import { ZLatitude, ZLongitude } from './points.js';

/**
 * Branch offices (sucursales). A branch is a user with tc_id 3 and id_empresa = its
 * company head's id (spec §1, §3). Only the head manages its own branches; a new branch gets an
 * e-mailed, single-use invitation link (7 days) to set its password.
 */

/** The web screen the invitation e-mail opens (`?token=`). */
export const BRANCH_INVITATION_WEB_ROUTE = '/auth/branch-invitation';
export const BRANCH_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const BRANCH_MESSAGES_ES = {
  required: 'Este campo es obligatorio.',
  tooLong: 'Es demasiado largo.',
  location: 'Marca la ubicación en el mapa o deja ambos campos vacíos.',
  passwordsDiffer: 'Las contraseñas no coinciden.',
} as const;

const text = (max: number) =>
  safeText({ error: BRANCH_MESSAGES_ES.required })
    .min(1, { error: BRANCH_MESSAGES_ES.required })
    .max(max, { error: BRANCH_MESSAGES_ES.tooLong });

const branchFields = {
  /** The branch's display name (e.g. "Reciclemos S.A.S. — Sede Belén"). */
  name: text(150),
  phone: ZPhone,
  address: text(200),
  city: text(80),
  contact_name: text(120),
  lat: ZLatitude.nullish(),
  lng: ZLongitude.nullish(),
};

const bothOrNeither = (v: { lat?: number | null; lng?: number | null }) =>
  (v.lat === undefined || v.lat === null) === (v.lng === undefined || v.lng === null);

export const ZCreateBranchRequest = z
  .object({ ...branchFields, email: ZEmail })
  .refine(bothOrNeither, { path: ['lat'], error: BRANCH_MESSAGES_ES.location });
export type CreateBranchRequest = z.input<typeof ZCreateBranchRequest>;
export type CreateBranchData = z.output<typeof ZCreateBranchRequest>;

/**
 * Edits; `active: false` deactivates the branch (it cannot log in, its history stays) and
 * `active: true` reactivates it. The login e-mail is not editable here.
 */
export const ZUpdateBranchRequest = z
  .object({ ...branchFields, active: z.boolean() })
  .partial()
  .refine((v) => !('lat' in v || 'lng' in v) || bothOrNeither(v), { path: ['lat'], error: BRANCH_MESSAGES_ES.location });
export type UpdateBranchRequest = z.input<typeof ZUpdateBranchRequest>;

export const BRANCH_INVITATION_STATES = ['pendiente', 'vencida', 'aceptada'] as const;
export type BranchInvitationState = (typeof BRANCH_INVITATION_STATES)[number];

export const ZBranch = z.object({
  id: z.number().int(),
  /** The company head's user id. */
  id_empresa: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  contact_name: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  active: z.boolean(),
  /** pendiente = invited, password not set yet; vencida = the link expired (send a new one). */
  invitation: z.enum(BRANCH_INVITATION_STATES),
  invitation_expires_at: z.string().nullable(),
  /** Kilograms collected from this branch's pickup requests. */
  collected_kg: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Branch = z.infer<typeof ZBranch>;

export const ZBranchResponse = dataOf(ZBranch);
export const ZBranchListResponse = dataOf(z.array(ZBranch));
export const ZBranchIdParams = z.object({ id: z.coerce.number().int().positive('id debe ser un entero positivo') });

// ---------------------------------------------------------------------------------------------
// The invitation: POST branches/invitations/preview, POST branches/invitations/accept
// ---------------------------------------------------------------------------------------------

const ZInvitationToken = safeText({ error: 'El enlace no es válido.' })
  .min(16, { error: 'El enlace no es válido.' })
  .max(200, { error: 'El enlace no es válido.' });

/** POST branches/invitations/preview { token } (a token never travels in a URL path: logs). */
export const ZBranchInvitationPreviewRequest = z.object({ token: ZInvitationToken });

export const ZBranchInvitationPreview = z.object({
  email: z.string(),
  branch_name: z.string(),
  company_name: z.string(),
  expires_at: z.string(),
});
export type BranchInvitationPreview = z.infer<typeof ZBranchInvitationPreview>;
export const ZBranchInvitationPreviewResponse = dataOf(ZBranchInvitationPreview);

export const ZAcceptBranchInvitationRequest = z.object({
  token: ZInvitationToken,
  password: ZNewPassword,
  /** The branch's contact accepts the personal-data policy (Ley 1581 de 2012) for their own data. */
  accept_data_policy: ZAcceptDataPolicy,
});
export type AcceptBranchInvitationRequest = z.input<typeof ZAcceptBranchInvitationRequest>;

/** The acceptance screen's form: the password typed twice. */
export const ZAcceptBranchInvitationForm = z
  .object({ password: ZNewPassword, password_confirmation: z.string(), accept_data_policy: ZAcceptDataPolicy })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: BRANCH_MESSAGES_ES.passwordsDiffer,
  });
export type AcceptBranchInvitationForm = z.infer<typeof ZAcceptBranchInvitationForm>;

export const ZResendBranchInvitationResponse = dataOf(z.object({ sent: z.literal(true), expires_at: z.string() }));

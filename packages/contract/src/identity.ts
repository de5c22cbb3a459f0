import { z } from 'zod';
import { dataOf, pageOf, safeText, ZPageQuery } from './common.js';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { MESSAGES_ES } from './field-messages.js';
import {
  ZAcceptDataPolicy,
  ZCurrentPassword,
  ZDocumentNumber,
  ZDocumentType,
  ZEmail,
  ZNewPassword,
  ZNit,
  ZPhone,
} from './identity-fields.js';
import { isValidDocumentNumber } from './identity-fields-values.js';

/**
 * Identity: sign-up, login, recovery, verification, sessions and the profile.
 * The legacy calls keep the spec's exact paths and payloads (spec §3, §7): `clientes/registro`
 * `{ data_user }`, `clientes/login` `{ username, password, playerId }`, `clientes/forgotpassword`
 * `{ data_user: { email } }`, `clientes/lista?id=`. Field names are the payload names, so the
 * web forms (react-hook-form + zodResolver) use these schemas as they are.
 */

/** Required free text of at most `max` characters. */
const text = (max: number) =>
  safeText({ error: MESSAGES_ES.required })
    .min(1, { error: MESSAGES_ES.required })
    .max(max, { error: MESSAGES_ES.tooLong });

/** Optional free text: empty strings and null become undefined (omitted). */
const optionalText = (max: number) =>
  safeText()
    .max(max, { error: MESSAGES_ES.tooLong })
    .nullish()
    .transform((v) => (v ? v : undefined));

// ---------------------------------------------------------------------------------------------
// Sign-up: POST clientes/registro { data_user } → 201 { data: user }
// ---------------------------------------------------------------------------------------------

export const ZHouseholdSignupData = z
  .object({
    tc_id: z.literal(2),
    email: ZEmail,
    password: ZNewPassword,
    first_name: text(80),
    last_name: text(80),
    document_type: ZDocumentType,
    document_number: ZDocumentNumber,
    phone: ZPhone,
    city: text(80),
    address: optionalText(200),
    accept_data_policy: ZAcceptDataPolicy,
  })
  .superRefine((v, ctx) => {
    if (!isValidDocumentNumber(v.document_type, v.document_number)) {
      ctx.addIssue({ code: 'custom', path: ['document_number'], message: MESSAGES_ES.documentNumber });
    }
  });
export type HouseholdSignupData = z.infer<typeof ZHouseholdSignupData>;
export type HouseholdSignupForm = z.input<typeof ZHouseholdSignupData>;

export const ZCompanySignupData = z.object({
  tc_id: z.literal(3),
  email: ZEmail,
  password: ZNewPassword,
  company_name: text(150),
  nit: ZNit,
  contact_name: text(120),
  phone: ZPhone,
  city: text(80),
  address: text(200),
  accept_data_policy: ZAcceptDataPolicy,
});
export type CompanySignupData = z.infer<typeof ZCompanySignupData>;
export type CompanySignupForm = z.input<typeof ZCompanySignupData>;

/** Household (tc_id 2) or company head (tc_id 3); managers (tc_id 1) are created by admins only. */
export const ZSignupData = z.discriminatedUnion('tc_id', [ZHouseholdSignupData, ZCompanySignupData]);
export type SignupData = z.infer<typeof ZSignupData>;

export const ZSignupRequest = z.object({ data_user: ZSignupData });
export type SignupRequest = z.input<typeof ZSignupRequest>;

// ---------------------------------------------------------------------------------------------
// The user object
// ---------------------------------------------------------------------------------------------

/** The user as the app sees it (GET /v1/me, clientes/lista): profile, no token fields. */
export const ZMe = z.object({
  id: z.number().int(),
  /** 1 point manager, 2 household, 3 company (spec §1). */
  tc_id: z.number().int(),
  /** Company head's user id for a branch; null for everyone else (spec §3). */
  id_empresa: z.number().int().nullable(),
  email: z.string(),
  /** Full name or razón social. */
  name: z.string(),
  is_admin: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  contact_name: z.string().nullable(),
  /** CC | CE | PP for people, NIT for companies. */
  document_type: z.string().nullable(),
  document_number: z.string().nullable(),
  /** The company's NIT with its check digit (`900123456-8`); null for people. */
  nit: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  email_verified: z.boolean(),
  email_verified_at: z.string().nullable(),
  /** The phone was confirmed with a code sent to it by SMS; changing the number clears it. */
  phone_verified: z.boolean(),
  phone_verified_at: z.string().nullable(),
  data_policy_version: z.string().nullable(),
  data_policy_accepted_at: z.string().nullable(),
  /** True when the account can sign in with a password (false for social-only accounts). */
  has_password: z.boolean(),
  /**
   * The password was generated for the account (admin:create): until it sets its own, every route
   * but this one, the password change and logout answers 403 `password-change-required`.
   */
  must_change_password: z.boolean(),
  created_at: z.string(),
  /** Ids of the waste points the user manages: point managers (tc_id 1) only. */
  point_ids: z.array(z.number().int()).optional(),
});
export type Me = z.infer<typeof ZMe>;

export const ZTokenPair = z.object({
  /** Bearer access token (JWT, 15 minutes). */
  token: z.string(),
  /** Opaque, single use: exchange it at /v1/auth/refresh for a new pair. */
  refresh_token: z.string(),
  /** When `token` expires (ISO 8601 UTC); the client refreshes about 5 minutes before. */
  expires_at: z.string(),
});
export type TokenPair = z.infer<typeof ZTokenPair>;

/** The `data` of login and sign-up, stored whole under localStorage `currentUser` (spec §3). */
export const ZSessionUser = ZMe.extend(ZTokenPair.shape);
export type SessionUser = z.infer<typeof ZSessionUser>;

export const ZSessionUserResponse = dataOf(ZSessionUser);
export const ZMeResponse = dataOf(ZMe);

// ---------------------------------------------------------------------------------------------
// Login: POST clientes/login { username, password, playerId? } → { data: user }
// ---------------------------------------------------------------------------------------------

export const ZLoginRequest = z.object({
  /** The account's e-mail. */
  username: ZEmail,
  password: ZCurrentPassword,
  /** Push device id (spec §3); linked to the user when given. */
  playerId: safeText()
    .max(512)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type LoginRequest = z.input<typeof ZLoginRequest>;

// ---------------------------------------------------------------------------------------------
// Recovery: POST clientes/forgotpassword { data_user: { email } }; POST v1/auth/reset-password
// ---------------------------------------------------------------------------------------------

export const ZForgotPasswordRequest = z.object({ data_user: z.object({ email: ZEmail }) });
export type ForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

/** The same answer whether or not the e-mail has an account. */
export const ZForgotPasswordResponse = dataOf(z.object({ sent: z.literal(true), message: z.string() }));
export type ForgotPasswordResponse = z.infer<typeof ZForgotPasswordResponse>;
export const FORGOT_PASSWORD_MESSAGE_ES =
  'Si el correo está registrado, te enviamos un enlace para crear una nueva contraseña. Vence en una hora.';

const ZOneTimeToken = safeText({ error: 'El enlace no es válido.' })
  .min(16, { error: 'El enlace no es válido.' })
  .max(200, { error: 'El enlace no es válido.' });

export const ZResetPasswordRequest = z.object({ token: ZOneTimeToken, password: ZNewPassword });
export type ResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;
export const ZResetPasswordResponse = dataOf(z.object({ reset: z.literal(true), email: z.string() }));

/** Web form of the reset screen: password typed twice. */
export const ZResetPasswordForm = z
  .object({ password: ZNewPassword, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: MESSAGES_ES.passwordsDiffer,
  });
export type ResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

// ---------------------------------------------------------------------------------------------
// E-mail verification
// ---------------------------------------------------------------------------------------------

export const ZVerifyEmailRequest = z.object({ token: ZOneTimeToken });
export type VerifyEmailRequest = z.input<typeof ZVerifyEmailRequest>;
export const ZVerifyEmailResponse = dataOf(z.object({ email: z.string(), email_verified_at: z.string() }));
/** POST v1/auth/verify-email/resend (logged in, no body). */
export const ZResendVerificationResponse = dataOf(z.object({ sent: z.boolean(), email: z.string() }));

// ---------------------------------------------------------------------------------------------
// Tokens: POST v1/auth/refresh, POST v1/auth/logout
// ---------------------------------------------------------------------------------------------

export const ZRefreshRequest = z.object({ refresh_token: z.string().min(1).max(200) });
export type RefreshRequest = z.infer<typeof ZRefreshRequest>;
export const ZRefreshResponse = dataOf(ZTokenPair);

/** Logout ends the bearer token's session; a refresh token in the body ends its session too. */
export const ZLogoutRequest = z.object({ refresh_token: z.string().max(200).optional() }).nullish();
export const ZLogoutResponse = dataOf(z.object({ logged_out: z.literal(true) }));

// ---------------------------------------------------------------------------------------------
// clientes/lista?id=
// ---------------------------------------------------------------------------------------------

export const ZCustomerQuery = z.object({ id: z.coerce.number().int().positive() });
export const ZCustomerResponse = dataOf(ZMe);

// ---------------------------------------------------------------------------------------------
// Profile: PATCH v1/me, POST v1/me/email, POST v1/me/password
// ---------------------------------------------------------------------------------------------

/** Editable fields; each kind edits its own (household: names/document; company: company_name/nit/contact_name). */
export const ZUpdateProfileRequest = z
  .object({
    first_name: text(80),
    last_name: text(80),
    document_type: ZDocumentType,
    document_number: ZDocumentNumber,
    company_name: text(150),
    nit: ZNit,
    contact_name: text(120),
    phone: ZPhone,
    city: text(80),
    /** Empty or null clears it. */
    address: safeText()
      .max(200, { error: MESSAGES_ES.tooLong })
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .partial()
  .superRefine((v, ctx) => {
    if (v.document_type && v.document_number && !isValidDocumentNumber(v.document_type, v.document_number)) {
      ctx.addIssue({ code: 'custom', path: ['document_number'], message: MESSAGES_ES.documentNumber });
    }
  });
export type UpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

export const ZChangeEmailRequest = z.object({ email: ZEmail, current_password: ZCurrentPassword });
export type ChangeEmailRequest = z.input<typeof ZChangeEmailRequest>;

export const ZChangePasswordRequest = z
  .object({ current_password: ZCurrentPassword, new_password: ZNewPassword })
  .refine((v) => v.current_password !== v.new_password, { path: ['new_password'], error: MESSAGES_ES.samePassword });
export type ChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;
/** Every other session ends; the current one goes on. */
export const ZChangePasswordResponse = dataOf(z.object({ changed: z.literal(true), other_sessions_ended: z.number() }));

// ---------------------------------------------------------------------------------------------
// Sessions and devices: GET/DELETE v1/me/sessions[/:id], GET/DELETE v1/me/devices[/:id]
// ---------------------------------------------------------------------------------------------

export const ZSessionInfo = z.object({
  id: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  /** The session the request came from. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof ZSessionInfo>;
export const ZSessionListResponse = dataOf(z.array(ZSessionInfo));
export const ZSessionIdParams = z.object({ id: z.string().min(1).max(100) });
export const ZRevokeSessionResponse = dataOf(z.object({ revoked: z.literal(true) }));

export const ZDeviceInfo = z.object({
  id: z.number().int(),
  /** webpush | fcm | apns, or null until the device registers for notifications. */
  kind: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type DeviceInfo = z.infer<typeof ZDeviceInfo>;
export const ZDeviceListResponse = dataOf(z.array(ZDeviceInfo));
export const ZDeviceIdParams = z.object({ id: z.coerce.number().int().positive() });
export const ZRemoveDeviceResponse = dataOf(z.object({ removed: z.literal(true) }));

// ---------------------------------------------------------------------------------------------
// My data (Ley 1581 de 2012 art. 8): GET v1/me/export, DELETE v1/me
// ---------------------------------------------------------------------------------------------

export const ZConsentRecord = z.object({
  kind: z.string(),
  version: z.string(),
  accepted_at: z.string(),
});

/** The personal-data export; other features add their sections under `sections`. */
export const ZPersonalDataExport = z.object({
  generated_at: z.string(),
  profile: ZMe,
  consents: z.array(ZConsentRecord),
  sessions: z.array(ZSessionInfo),
  devices: z.array(ZDeviceInfo),
  sections: z.record(z.string(), z.unknown()),
});
export type PersonalDataExport = z.infer<typeof ZPersonalDataExport>;

/** Re-authenticate with the password; a social-only account types DELETE_ACCOUNT_CONFIRMATION instead. */
export const ZDeleteAccountRequest = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  confirm: z.string().max(20).optional(),
});
export type DeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;
export const ZDeleteAccountResponse = dataOf(z.object({ deleted: z.literal(true) }));

// ---- User administration (back office) ----

export const ZAdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  tc_id: z.number().int(),
  id_empresa: z.number().int().nullable(),
  is_admin: z.boolean(),
  active: z.boolean(),
  email_verified_at: z.string().nullable(),
  document_type: z.string().nullable(),
  document_number: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof ZAdminUser>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ZAdminUserListQuery = ZPageQuery.extend({
  q: safeText().max(100).optional(),
  tc_id: z.coerce.number().int().min(1).max(3).optional(),
  active: booleanQuery.optional(),
  is_admin: booleanQuery.optional(),
});
export type AdminUserListQuery = z.infer<typeof ZAdminUserListQuery>;

export const ZAdminUserList = pageOf(ZAdminUser);
export type AdminUserList = z.infer<typeof ZAdminUserList>;

/** Change a user's type, admin flag or active state. */
export const ZAdminUserUpdate = z
  .object({
    tc_id: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    is_admin: z.boolean().optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => v.tc_id !== undefined || v.is_admin !== undefined || v.active !== undefined, {
    message: 'Indica al menos un cambio',
  });
export type AdminUserUpdate = z.infer<typeof ZAdminUserUpdate>;

/** Create a point manager (tc_id 1); they receive an e-mail to set their password. */
export const ZAdminCreateManager = z.object({
  email: z.email({ message: 'El correo electrónico no es válido' }).transform((v) => v.trim().toLowerCase()),
  name: safeText().min(3, 'Escribe el nombre completo').max(120),
  phone: safeText()
    .max(40)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type AdminCreateManager = z.input<typeof ZAdminCreateManager>;

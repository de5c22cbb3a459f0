import { z } from 'zod';
import { dataOf, safeText } from './common.js';
import { MESSAGES_ES } from './field-messages.js';
import { isValidDocumentNumber } from './identity-fields-values.js';
import { ZCompanySignupData, ZHouseholdSignupData, ZSessionUser } from './identity.js';
import {
  PKCE_CHALLENGE_REGEX,
  PKCE_VERIFIER_REGEX,
  SOCIAL_ACCOUNT_KINDS,
  SOCIAL_NATIVE_CLIENT,
  SOCIAL_PROVIDER_ID_REGEX,
} from './social-auth-routes.js';

export * from './social-auth-routes.js';

/**
 * Social sign-in (spec §1: social network, Google, Apple) with OpenID Connect authorization
 * code + PKCE. The browser goes to `start`, the provider sends it back to `callback`, and the
 * server hands the web app, in the URL fragment (never in a query, never an access token):
 *  - `/auth/login#social_code=…`: a one-time login code the app exchanges at `session`
 *    for the usual `{ data: user }` of clientes/login;
 *  - `/complete-client#ticket=…` or `/complete-company#ticket=…`: a one-time ticket to finish
 *    the account (first social login), exchanged at `complete`;
 *  - `/auth/login#social_error=<code>`: why it failed (an error code of errors.ts).
 */

export const ZSocialProviderId = z.string().regex(SOCIAL_PROVIDER_ID_REGEX);

// ---------------------------------------------------------------------------------------------
// GET providers
// ---------------------------------------------------------------------------------------------

export const ZSocialProvider = z.object({
  /** `google`, `apple`, or the id of another configured OpenID Connect provider. */
  id: z.string(),
  /** Shown on the button: "Continuar con {label}". */
  label: z.string(),
  /** Where the browser goes to start (relative to the site). */
  start_url: z.string(),
});
export type SocialProvider = z.infer<typeof ZSocialProvider>;
export const ZSocialProvidersResponse = /* @__PURE__ */ dataOf(z.array(ZSocialProvider));

// ---------------------------------------------------------------------------------------------
// GET {provider}/start
// ---------------------------------------------------------------------------------------------

export const ZSocialStartQuery = z.object({
  /** Which completion screen a first sign-in lands on (the user can still switch there). */
  kind: z.enum(SOCIAL_ACCOUNT_KINDS).optional(),
  /**
   * `1` after a logout (the social session was cleared): the provider is asked to show its
   * login or account chooser again instead of signing in silently.
   */
  reauth: z.enum(['1']).optional(),
  /** `native`: the Android/iOS app, which gets the result through its deep link (RFC 8252). */
  client: z.enum([SOCIAL_NATIVE_CLIENT]).optional(),
  /** The app's PKCE challenge (RFC 7636, S256), required with `client=native`. */
  code_challenge: z
    .string()
    .regex(PKCE_CHALLENGE_REGEX, { error: 'El inicio de sesión desde la app no es válido. Actualiza la app e inténtalo de nuevo.' })
    .optional(),
  code_challenge_method: z.enum(['S256']).optional(),
}).refine((q) => (q.client === SOCIAL_NATIVE_CLIENT) === (q.code_challenge !== undefined), {
  path: ['code_challenge'],
  error: 'El inicio de sesión desde la app no es válido. Actualiza la app e inténtalo de nuevo.',
});
export type SocialStartQuery = z.infer<typeof ZSocialStartQuery>;

/** The verifier the app kept (RFC 7636 §4.1); its S256 challenge went to `start`. */
export const ZPkceVerifier = z
  .string()
  .regex(PKCE_VERIFIER_REGEX, { error: 'El inicio de sesión desde la app no es válido. Vuelve a intentarlo.' });

export const ZSocialProviderParams = z.object({ provider: ZSocialProviderId });

// ---------------------------------------------------------------------------------------------
// POST session: the one-time login code → the normal session user
// ---------------------------------------------------------------------------------------------

const ZOneTimeSecret = safeText({ error: 'El inicio de sesión con la red social no es válido.' })
  .min(16, { error: 'El inicio de sesión con la red social no es válido.' })
  .max(200, { error: 'El inicio de sesión con la red social no es válido.' });

export const ZSocialSessionRequest = z.object({
  code: ZOneTimeSecret,
  /** Push device id, linked to the user like at clientes/login. */
  playerId: safeText()
    .max(512)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type SocialSessionRequest = z.input<typeof ZSocialSessionRequest>;
export const ZSocialSessionResponse = /* @__PURE__ */ dataOf(ZSessionUser);

/** POST native/session: the code from the app's deep link and the app's PKCE verifier. */
export const ZSocialNativeSessionRequest = ZSocialSessionRequest.extend({ code_verifier: ZPkceVerifier });
export type SocialNativeSessionRequest = z.input<typeof ZSocialNativeSessionRequest>;

// ---------------------------------------------------------------------------------------------
// POST ticket: what we know from the provider (pre-fills the completion form)
// ---------------------------------------------------------------------------------------------

export const ZSocialTicketRequest = z.object({
  ticket: ZOneTimeSecret,
  /** In the Android/iOS app (the ticket came through its deep link): the sign-in's PKCE verifier. */
  code_verifier: ZPkceVerifier.optional(),
});
export type SocialTicketRequest = z.input<typeof ZSocialTicketRequest>;

export const ZSocialTicketInfo = z.object({
  provider: z.string(),
  provider_label: z.string(),
  /** The provider's verified e-mail: it becomes the account's e-mail. */
  email: z.string(),
  given_name: z.string().nullable(),
  family_name: z.string().nullable(),
  /** Which screen the sign-in started for (client unless it began on the company sign-up). */
  kind: z.enum(SOCIAL_ACCOUNT_KINDS),
  expires_at: z.string(),
});
export type SocialTicketInfo = z.infer<typeof ZSocialTicketInfo>;
export const ZSocialTicketResponse = /* @__PURE__ */ dataOf(ZSocialTicketInfo);

// ---------------------------------------------------------------------------------------------
// POST complete: the account kind and its required fields (no e-mail, no password)
// ---------------------------------------------------------------------------------------------

// Built inside pure-annotated calls: bundles that do not use these schemas (the web app's first
// paint imports this module for its constants) can drop them, and zod with them.

/** complete-client: the household fields of sign-up, without e-mail and password. */
export const ZCompleteClientData = /* @__PURE__ */ (() => {
  const household = ZHouseholdSignupData.shape;
  return z
    .object({
      tc_id: household.tc_id,
      first_name: household.first_name,
      last_name: household.last_name,
      document_type: household.document_type,
      document_number: household.document_number,
      phone: household.phone,
      city: household.city,
      address: household.address,
      accept_data_policy: household.accept_data_policy,
    })
    .superRefine((v, ctx) => {
      if (!isValidDocumentNumber(v.document_type, v.document_number)) {
        ctx.addIssue({ code: 'custom', path: ['document_number'], message: MESSAGES_ES.documentNumber });
      }
    });
})();
export type CompleteClientData = z.infer<typeof ZCompleteClientData>;
export type CompleteClientForm = z.input<typeof ZCompleteClientData>;

/** complete-company: the company fields of sign-up (NIT with its check digit), without e-mail and password. */
export const ZCompleteCompanyData = /* @__PURE__ */ ZCompanySignupData.omit({ email: true, password: true });
export type CompleteCompanyData = z.infer<typeof ZCompleteCompanyData>;
export type CompleteCompanyForm = z.input<typeof ZCompleteCompanyData>;

export const ZCompleteSocialData = z.discriminatedUnion('tc_id', [ZCompleteClientData, ZCompleteCompanyData]);
export type CompleteSocialData = z.infer<typeof ZCompleteSocialData>;

export const ZCompleteSocialRequest = z.object({
  ticket: ZOneTimeSecret,
  data_user: ZCompleteSocialData,
  /** In the Android/iOS app: the sign-in's PKCE verifier (see ZSocialTicketRequest). */
  code_verifier: ZPkceVerifier.optional(),
});
export type CompleteSocialRequest = z.input<typeof ZCompleteSocialRequest>;
export const ZCompleteSocialResponse = /* @__PURE__ */ dataOf(ZSessionUser);

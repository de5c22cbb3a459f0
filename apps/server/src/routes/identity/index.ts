import {
  TC_ID,
  IDENTITY_PATHS,
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZCustomerQuery,
  ZCustomerResponse,
  ZDeleteAccountRequest,
  ZDeleteAccountResponse,
  ZDeviceIdParams,
  ZDeviceListResponse,
  ZErrorBody,
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZLoginRequest,
  ZLogoutRequest,
  ZLogoutResponse,
  ZMeResponse,
  ZPersonalDataExport,
  ZRefreshRequest,
  ZRefreshResponse,
  ZRemoveDeviceResponse,
  ZResendVerificationResponse,
  ZResetPasswordRequest,
  ZResetPasswordResponse,
  ZRevokeSessionResponse,
  ZSessionIdParams,
  ZSessionListResponse,
  ZSessionUserResponse,
  ZSignupRequest,
  ZUpdateProfileRequest,
  ZVerifyEmailRequest,
  ZVerifyEmailResponse,
  dataOf,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createIdentityService, type IdentityService, type IpBudget, type RequestMeta } from '../../features/identity/identity.service.js';
import { warmUpDummyHash, warmUpStrengthChecker } from '../../features/identity/passwords.js';
import { requireUser } from '../../plugins/auth.js';
import { pointIdsOfManager } from '../../features/points/points.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions, sign-up, login... and the hooks other features use (personal-data export, deletion). */
    identity: IdentityService;
  }
}

const TAGS = ['identity'];
/** Routes for the signed-in account itself (401 before the body is read). */
const SIGNED_IN = { auth: 'user' } as const;
/** Schema failures answer the spec's own code (§8) where it has one: see plugins/errors.ts. */
const SPEC_CODES = { specificValidationCodes: true } as const;
const SIGNED_IN_SPEC_CODES = { ...SIGNED_IN, ...SPEC_CODES } as const;
const BEARER = [{ bearer: [] }];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ZErrorBody]));

/** Identity answers carry tokens or personal data: never cached by browsers or proxies. */
async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'no-store');
  return payload;
}

function meta(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}

export default fp(
  async function identityRoutes(app: FastifyInstance) {
    const identity = createIdentityService({
      db: app.db,
      config: app.config,
      mailer: app.mailer,
      rateLimiter: app.rateLimiter,
      log: app.log,
    });
    app.decorate('identity', identity);
    // Every bearer token's session must still be live: logout, password change/reset and
    // reuse detection end access at once.
    app.setSessionValidator((sessionId, userId) => identity.isSessionLive(sessionId, userId));
    app.addHook('onReady', async () => {
      await warmUpDummyHash();
      if (app.config.env !== 'test') warmUpStrengthChecker();
    });
    app.addHook('onClose', () => identity.drain());

    const budget = (name: IpBudget) => async (request: FastifyRequest) => identity.enforceIpBudget(name, request.ip);

    const r = app.withTypeProvider<ZodTypeProvider>();

    // ---- legacy calls (spec §7) ----

    r.post(
      IDENTITY_PATHS.register,
      {
        onRequest: budget('signup'),
        config: SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          summary: 'Registro de hogar (tc_id 2) o empresa (tc_id 3); responde el usuario con sus tokens',
          body: ZSignupRequest,
          response: { 201: ZSessionUserResponse, ...errors(400, 409, 429) },
        },
      },
      async (request, reply) => {
        const user = await identity.register(request.body.data_user, meta(request));
        return reply.code(201).send({ data: user });
      },
    );

    r.post(
      IDENTITY_PATHS.login,
      {
        onRequest: budget('login'),
        config: SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          summary: 'Inicio de sesión con correo y contraseña; playerId enlaza el dispositivo de notificaciones',
          body: ZLoginRequest,
          response: { 200: ZSessionUserResponse, ...errors(400, 401, 403, 429) },
        },
      },
      async (request) => ({ data: await identity.login(request.body, meta(request)) }),
    );

    r.post(
      IDENTITY_PATHS.forgotPassword,
      {
        onRequest: budget('recovery'),
        // Any work about the account starts once the answer is sent (same cost for every address).
        onResponse: async (request, reply) => {
          if (reply.statusCode === 200) identity.queueRecovery((request.body).data_user.email);
        },
        config: SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          summary: 'Envía un enlace para crear una nueva contraseña (misma respuesta exista o no el correo)',
          body: ZForgotPasswordRequest,
          response: { 200: ZForgotPasswordResponse, ...errors(400, 429) },
        },
      },
      async () => ({ data: identity.forgotPasswordAnswer() }),
    );

    r.get(
      IDENTITY_PATHS.customer,
      {
        config: SIGNED_IN_SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security: BEARER,
          summary: 'Datos de un cliente: el propio usuario, una empresa para sus sucursales o un administrador',
          querystring: ZCustomerQuery,
          response: { 200: ZCustomerResponse, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ data: await identity.customer(requireUser(request), request.query.id) }),
    );

    // ---- tokens ----

    r.post(
      IDENTITY_PATHS.refresh,
      {
        onRequest: budget('refresh'),
        config: SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          summary: 'Cambia un refresh token (de un solo uso) por un nuevo par de tokens',
          body: ZRefreshRequest,
          response: { 200: ZRefreshResponse, ...errors(400, 401, 429) },
        },
      },
      async (request) => ({ data: await identity.refresh(request.body.refresh_token) }),
    );

    r.post(
      IDENTITY_PATHS.logout,
      {
        config: SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          summary: 'Cierra la sesión del token enviado (y la del refresh token del cuerpo, si viene)',
          body: ZLogoutRequest,
          response: { 200: ZLogoutResponse, ...errors(400, 401) },
        },
      },
      async (request) => {
        await identity.logout(request.user?.session_id ?? null, request.body?.refresh_token);
        return { data: { logged_out: true as const } };
      },
    );

    // ---- recovery and verification links ----

    r.post(
      IDENTITY_PATHS.resetPassword,
      {
        onRequest: budget('token'),
        config: SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          summary: 'Crea la nueva contraseña con el enlace recibido; cierra todas las sesiones',
          body: ZResetPasswordRequest,
          response: { 200: ZResetPasswordResponse, ...errors(400, 429) },
        },
      },
      async (request) => ({ data: await identity.resetPassword(request.body.token, request.body.password) }),
    );

    r.post(
      IDENTITY_PATHS.verifyEmail,
      {
        onRequest: budget('token'),
        config: SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          summary: 'Confirma el correo con el enlace recibido',
          body: ZVerifyEmailRequest,
          response: { 200: ZVerifyEmailResponse, ...errors(400, 429) },
        },
      },
      async (request) => ({ data: await identity.verifyEmail(request.body.token) }),
    );

    r.post(
      IDENTITY_PATHS.resendVerification,
      {
        config: SIGNED_IN_SPEC_CODES,
        onRequest: budget('verification'),
        onSend: noStore,
        schema: {
          tags: TAGS,
          security: BEARER,
          summary: 'Vuelve a enviar el correo de confirmación al usuario actual',
          response: { 200: ZResendVerificationResponse, ...errors(401, 429) },
        },
      },
      async (request) => ({ data: await identity.resendVerification(requireUser(request)) }),
    );

    // ---- the current user ----

    r.get(
      IDENTITY_PATHS.me,
      {
        config: SIGNED_IN,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security: BEARER,
          summary: 'El usuario actual (sin tokens)',
          response: { 200: ZMeResponse, ...errors(401) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const me = await identity.me(user);
        // Point managers also get the ids of their points.
        return { data: user.tc_id === TC_ID.manager ? { ...me, point_ids: await pointIdsOfManager(app.db, user.id) } : me };
      },
    );

    r.patch(
      IDENTITY_PATHS.me,
      {
        config: SIGNED_IN_SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security: BEARER,
          summary: 'Edita los datos del perfil propio',
          body: ZUpdateProfileRequest,
          response: { 200: ZMeResponse, ...errors(400, 401, 409) },
        },
      },
      async (request) => ({ data: await identity.updateProfile(requireUser(request), request.body) }),
    );

    r.delete(
      IDENTITY_PATHS.me,
      {
        config: SIGNED_IN_SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security: BEARER,
          summary: 'Elimina la cuenta propia (confirma con la contraseña); conserva anonimizado lo que la ley obliga',
          body: ZDeleteAccountRequest,
          response: { 200: ZDeleteAccountResponse, ...errors(400, 401, 409, 429) },
        },
      },
      async (request) => {
        await identity.deleteAccount(requireUser(request), request.body);
        return { data: { deleted: true as const } };
      },
    );

    r.post(
      IDENTITY_PATHS.myEmail,
      {
        config: SIGNED_IN_SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security: BEARER,
          summary: 'Cambia el correo de acceso (confirma con la contraseña); habrá que verificarlo de nuevo',
          body: ZChangeEmailRequest,
          response: { 200: ZMeResponse, ...errors(400, 401, 409, 429) },
        },
      },
      async (request) => ({ data: await identity.changeEmail(requireUser(request), request.body) }),
    );

    r.post(
      IDENTITY_PATHS.myPassword,
      {
        config: SIGNED_IN_SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security: BEARER,
          summary: 'Cambia la contraseña (confirma con la actual); cierra las demás sesiones',
          body: ZChangePasswordRequest,
          response: { 200: ZChangePasswordResponse, ...errors(400, 401, 429) },
        },
      },
      async (request) => ({ data: await identity.changePassword(requireUser(request), request.body) }),
    );

    r.get(
      IDENTITY_PATHS.mySessions,
      {
        config: SIGNED_IN,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security: BEARER,
          summary: 'Sesiones abiertas del usuario actual',
          response: { 200: ZSessionListResponse, ...errors(401) },
        },
      },
      async (request) => ({ data: await identity.listSessions(requireUser(request)) }),
    );

    r.delete(
      `${IDENTITY_PATHS.mySessions}/:id`,
      {
        config: SIGNED_IN_SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security: BEARER,
          summary: 'Cierra una sesión propia',
          params: ZSessionIdParams,
          response: { 200: ZRevokeSessionResponse, ...errors(401, 404) },
        },
      },
      async (request) => {
        await identity.revokeSession(requireUser(request), request.params.id);
        return { data: { revoked: true as const } };
      },
    );

    r.get(
      IDENTITY_PATHS.myDevices,
      {
        config: SIGNED_IN,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security: BEARER,
          summary: 'Dispositivos de notificaciones enlazados al usuario actual',
          response: { 200: ZDeviceListResponse, ...errors(401) },
        },
      },
      async (request) => ({ data: await identity.listDevices(requireUser(request)) }),
    );

    r.delete(
      `${IDENTITY_PATHS.myDevices}/:id`,
      {
        config: SIGNED_IN_SPEC_CODES,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security: BEARER,
          summary: 'Desenlaza un dispositivo propio',
          params: ZDeviceIdParams,
          response: { 200: ZRemoveDeviceResponse, ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        await identity.removeDevice(requireUser(request), request.params.id);
        return { data: { removed: true as const } };
      },
    );

    r.get(
      IDENTITY_PATHS.myExport,
      {
        config: SIGNED_IN,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security: BEARER,
          summary: 'Descarga mis datos personales (JSON)',
          response: { 200: dataOf(ZPersonalDataExport), ...errors(401) },
        },
      },
      async (request, reply) => {
        const data = await identity.exportPersonalData(requireUser(request));
        reply.header('content-disposition', `attachment; filename="puntoverde-mis-datos-${data.generated_at.slice(0, 10)}.json"`);
        return { data };
      },
    );
  },
  { name: 'identity', dependencies: ['auth', 'db', 'config', 'mailer', 'rate-limiter'] },
);

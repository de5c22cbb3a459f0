import {
  IDENTITY_PATHS,
  ZCustomerQuery,
  ZCustomerResponse,
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZLoginRequest,
  ZLogoutRequest,
  ZLogoutResponse,
  ZRefreshRequest,
  ZRefreshResponse,
  ZResendVerificationResponse,
  ZResetPasswordRequest,
  ZResetPasswordResponse,
  ZSessionUserResponse,
  ZSignupRequest,
  ZVerifyEmailRequest,
  ZVerifyEmailResponse,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IdentityService, IpBudget } from '../../features/identity/identity.service.js';
import { requireUser } from '../../plugins/auth.js';
import { BEARER, errors, meta, noStore, SIGNED_IN_SPEC_CODES, SPEC_CODES, TAGS } from './route-options.js';
import { REQUEST_EXAMPLES } from '../request-examples.js';

/** Sign-up, login, the customer call, tokens, recovery and e-mail verification links (spec §7). */
export function sessionRoutes(app: FastifyInstance, identity: IdentityService) {
  const budget = (name: IpBudget) => async (request: FastifyRequest, reply: FastifyReply) =>
    identity.enforceIpBudget(name, request.ip, reply);
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
        operationId: 'auth.signUp',
        summary: 'Registro de hogar (tc_id 2) o empresa (tc_id 3); responde el usuario con sus tokens',
        body: ZSignupRequest.meta({ examples: [REQUEST_EXAMPLES.signUp] }),
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
        operationId: 'auth.logIn',
        summary: 'Inicio de sesión con correo y contraseña; playerId enlaza el dispositivo de notificaciones',
        body: ZLoginRequest.meta({ examples: [REQUEST_EXAMPLES.logIn] }),
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
        if (reply.statusCode === 200) identity.queueRecovery(request.body.data_user.email);
      },
      config: SPEC_CODES,
      onSend: noStore,
      schema: {
        tags: TAGS,
        operationId: 'auth.forgotPassword',
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
        operationId: 'users.legacyList',
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
        operationId: 'auth.refresh',
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
        operationId: 'auth.logOut',
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
        operationId: 'auth.resetPassword',
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
        operationId: 'auth.verifyEmail',
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
        operationId: 'auth.resendVerification',
        summary: 'Vuelve a enviar el correo de confirmación al usuario actual',
        response: { 200: ZResendVerificationResponse, ...errors(401, 429) },
      },
    },
    async (request) => ({ data: await identity.resendVerification(requireUser(request)) }),
  );
}

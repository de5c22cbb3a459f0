import {
  SOCIAL_AUTH_BASE,
  SOCIAL_TICKET_TTL_MS,
  SOCIAL_AUTH_PATHS,
  SOCIAL_NATIVE_CLIENT,
  ZCompleteSocialRequest,
  ZCompleteSocialResponse,
  ZErrorBody,
  ZSocialProviderParams,
  ZSocialNativeSessionRequest,
  ZSocialProvidersResponse,
  ZSocialSessionRequest,
  ZSocialSessionResponse,
  ZSocialStartQuery,
  ZSocialTicketRequest,
  ZSocialTicketResponse,
  isErrorCode,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IpBudget, RequestMeta } from '../../features/identity/identity.service.js';
import {
  browserBinding,
  createSocialAuthService,
  nativeBinding,
  SOCIAL_BROWSER_COOKIE,
  socialErrorLocation,
  type SocialBinding,
} from '../../features/social-auth/social-auth.service.js';
import { AppError } from '../../lib/app-error.js';

const TAGS = ['social-auth'];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ZErrorBody]));

/** The browser-binding cookie only travels to these routes. */
const COOKIE_PATH = SOCIAL_AUTH_BASE;

/**
 * What the provider sends back (OpenID Connect Core §3.1.2.5-6, RFC 9207 `iss`); any other
 * parameter is passed on to the client library as it came.
 */
const ZCallbackParams = z
  .object({
    code: z.string().optional(),
    state: z.string().optional(),
    iss: z.string().optional(),
    error: z.string().optional(),
    error_description: z.string().optional(),
  })
  .catchall(z.string());

/** From start to callback (the attempt lives 10 minutes). */
const COOKIE_MAX_AGE_S = 600;
/** From callback until the login code or the completion ticket is used. */
const COOKIE_BOUND_MAX_AGE_S = SOCIAL_TICKET_TTL_MS / 1000;

function meta(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'no-store');
  return payload;
}

/**
 * Social sign-in (OpenID Connect, authorization code + PKCE). `start` and `callback` are
 * browser navigations answered with redirects (errors too: they end on the login screen with
 * `#social_error=<code>`); `session`, `ticket` and `complete` are the web app's JSON calls.
 */
export default async function socialAuthRoutes(app: FastifyInstance) {
  const service = createSocialAuthService({
    db: app.db,
    config: app.config,
    identity: app.identity,
    mailer: app.mailer,
    log: app.log,
  });
  app.identity.registerPersonalDataSection('social_identities', (db, userId) => service.personalData(db, userId));
  app.identity.registerAccountDeletionHook((trx, userId) => service.forgetUser(trx, userId));
  app.addHook('onClose', () => service.drain());
  app.addHook('onSend', noStore);

  // Providers using response_mode=form_post (Apple) POST the answer as a form; only here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const budget = (name: IpBudget) => async (request: FastifyRequest, reply: FastifyReply) =>
    app.identity.enforceIpBudget(name, request.ip, reply);
  const secure = app.config.publicUrl.startsWith('https://');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    SOCIAL_AUTH_PATHS.providers,
    {
      schema: {
        tags: TAGS,
        operationId: 'socialAuth.listProviders',
        summary: 'Proveedores de inicio de sesión social habilitados (botones «Continuar con …»)',
        response: { 200: ZSocialProvidersResponse },
      },
    },
    async () => ({ data: service.listProviders() }),
  );

  r.get(
    `${SOCIAL_AUTH_BASE}/:provider/start`,
    {
      schema: {
        tags: TAGS,
        operationId: 'socialAuth.start',
        summary: 'Empieza el inicio de sesión social: redirige (302) al proveedor con PKCE, state y nonce',
        params: ZSocialProviderParams,
        querystring: ZSocialStartQuery,
      },
    },
    async (request, reply) => {
      try {
        await app.identity.enforceIpBudget('login', request.ip);
        const started = await service.start(request.params.provider, request.query);
        const sameSite = started.crossSitePost ? 'None' : 'Lax';
        const startSecure = secure || started.crossSitePost ? '; Secure' : '';
        reply.header(
          'set-cookie',
          `${SOCIAL_BROWSER_COOKIE}=${started.browserToken}; Path=${COOKIE_PATH}; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=${sameSite}${startSecure}`,
        );
        return reply.redirect(started.location, 302);
      } catch (err) {
        // A navigation, not a fetch: show the reason on the login screen, not as JSON.
        const code = err instanceof AppError && isErrorCode(err.code) ? err.code : 'social-login-failed';
        if (!(err instanceof AppError)) request.log.error({ err }, 'social sign-in start failed');
        return reply.redirect(socialErrorLocation(code, request.query.client === SOCIAL_NATIVE_CLIENT), 302);
      }
    },
  );

  const secureFlag = secure ? '; Secure' : '';
  const clearCookie = (reply: FastifyReply) =>
    reply.header('set-cookie', `${SOCIAL_BROWSER_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secureFlag}`);
  const browserToken = (request: FastifyRequest) => readCookie(request, SOCIAL_BROWSER_COOKIE);
  /** The app proves a code or ticket with its PKCE verifier; the web with its browser cookie. */
  const binding = (request: FastifyRequest, verifier: string | undefined): SocialBinding =>
    verifier ? nativeBinding(verifier) : browserBinding(browserToken(request));

  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: string,
    params: URLSearchParams,
    status: 302 | 303,
  ) => {
    const token = browserToken(request);
    const { location, keepBrowserCookie } = await service.callback(provider, params, token);
    if (keepBrowserCookie && token) {
      // From here on only same-origin calls need it: SameSite=Lax is enough.
      reply.header(
        'set-cookie',
        `${SOCIAL_BROWSER_COOKIE}=${token}; Path=${COOKIE_PATH}; Max-Age=${COOKIE_BOUND_MAX_AGE_S}; HttpOnly; SameSite=Lax${secureFlag}`,
      );
    } else {
      clearCookie(reply);
    }
    reply.header('referrer-policy', 'no-referrer');
    return reply.redirect(location, status);
  };

  r.get(
    `${SOCIAL_AUTH_BASE}/:provider/callback`,
    {
      schema: {
        tags: TAGS,
        operationId: 'socialAuth.callback',
        summary:
          'Respuesta del proveedor: valida el código y el id_token y redirige a la app (#social_code, #ticket o #social_error)',
        params: ZSocialProviderParams,
        querystring: ZCallbackParams,
      },
    },
    async (request, reply) => finish(request, reply, request.params.provider, new URLSearchParams(request.query), 302),
  );

  r.post(
    `${SOCIAL_AUTH_BASE}/:provider/callback`,
    {
      schema: {
        tags: TAGS,
        operationId: 'socialAuth.formPostCallback',
        summary: 'Respuesta del proveedor por formulario (response_mode=form_post, Apple)',
        consumes: ['application/x-www-form-urlencoded'],
        params: ZSocialProviderParams,
        body: ZCallbackParams,
      },
    },
    // 303: the browser follows with a GET.
    async (request, reply) => finish(request, reply, request.params.provider, new URLSearchParams(request.body), 303),
  );

  r.post(
    SOCIAL_AUTH_PATHS.session,
    {
      onRequest: budget('token'),
      schema: {
        tags: TAGS,
        operationId: 'socialAuth.createSession',
        summary: 'Cambia el código de un solo uso del inicio de sesión social por la sesión (igual que clientes/login)',
        body: ZSocialSessionRequest,
        response: { 200: ZSocialSessionResponse, ...errors(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = await service.exchangeLoginCode(request.body.code, binding(request, undefined), request.body.playerId, meta(request));
      clearCookie(reply);
      return { data: user };
    },
  );

  r.post(
    SOCIAL_AUTH_PATHS.nativeSession,
    {
      onRequest: budget('token'),
      schema: {
        tags: TAGS,
        operationId: 'socialAuth.createNativeSession',
        summary:
          'App Android/iOS (RFC 8252): cambia el código recibido por el enlace profundo y el verificador PKCE de la app por la sesión',
        body: ZSocialNativeSessionRequest,
        response: { 200: ZSocialSessionResponse, ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      const { code, code_verifier: verifier, playerId } = request.body;
      return { data: await service.exchangeLoginCode(code, nativeBinding(verifier), playerId, meta(request)) };
    },
  );

  r.post(
    SOCIAL_AUTH_PATHS.ticket,
    {
      onRequest: budget('token'),
      schema: {
        tags: TAGS,
        operationId: 'socialAuth.readTicket',
        summary: 'Datos del proveedor para completar el registro (no gasta el ticket)',
        body: ZSocialTicketRequest,
        response: { 200: ZSocialTicketResponse, ...errors(400, 429) },
      },
    },
    async (request) => ({ data: await service.ticketInfo(request.body.ticket, binding(request, request.body.code_verifier)) }),
  );

  r.post(
    SOCIAL_AUTH_PATHS.complete,
    {
      onRequest: budget('signup'),
      schema: {
        tags: TAGS,
        operationId: 'socialAuth.complete',
        summary: 'Completa la cuenta de un primer inicio de sesión social (hogar o empresa) y abre la sesión',
        body: ZCompleteSocialRequest,
        response: { 201: ZCompleteSocialResponse, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await service.complete(
        request.body.ticket,
        binding(request, request.body.code_verifier),
        request.body.data_user,
        meta(request),
      );
      clearCookie(reply);
      return reply.code(201).send({ data: user });
    },
  );
}


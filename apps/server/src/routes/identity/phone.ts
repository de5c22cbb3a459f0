import {
  PHONE_PATHS,
  ZConfirmPhoneCodeRequest,
  ZConfirmPhoneCodeResponse,
  ZErrorBody,
  ZPickupSettingsRequest,
  ZPickupSettingsResponse,
  ZSendPhoneCodeRequest,
  ZSendPhoneCodeResponse,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createPhoneVerificationService,
  deletePhoneCodesOf,
  readPickupSettings,
  writePickupSettings,
  type PhoneVerificationService,
} from '../../features/identity/phone-verification.service.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    phoneVerification: PhoneVerificationService;
  }
}

const TAGS = ['identity'];
/** The phone routes need a session (bearer); the pickup settings are staff only. */
const security = [{ bearer: [] }];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ZErrorBody]));
/**
 * Code confirmations per account: the codes' own tries (5 each, 3 codes an hour) bound the
 * guessing, this the requests. Per account, not per address: people behind one NAT (a building,
 * a mobile carrier) must not use up each other's confirmations.
 */
const CONFIRM_LIMIT = { max: 20, windowMs: 15 * 60 * 1000 };

/** Codes and phone numbers: never cached. */
async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'no-store');
  return payload;
}

/**
 * Phone verification by SMS code (`v1/me/phone/verification`) and the staff setting that makes
 * a verified phone a condition for pickup requests. Who may call is checked at onRequest,
 * before the body is read.
 */
export default fp(
  async function phoneRoutes(app: FastifyInstance) {
    const phone = createPhoneVerificationService({
      db: app.db,
      sms: app.sms,
      secret: app.config.tokenSecret,
      log: app.log,
    });
    app.decorate('phoneVerification', phone);
    app.identity.registerAccountDeletionHook((trx, userId) => deletePhoneCodesOf(trx, userId));

    const sending = async (request: FastifyRequest, reply: FastifyReply) => {
      requireUser(request);
      await app.identity.enforceIpBudget('verification', request.ip, reply);
    };
    const signedIn = async (request: FastifyRequest) => {
      requireUser(request);
    };
    // After validation: a malformed body costs nothing and does not spend the allowance.
    const countConfirmation = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = `phone-confirm:u:${requireUser(request).id}`;
      await enforceRateLimit(app.rateLimiter, key, CONFIRM_LIMIT.max, CONFIRM_LIMIT.windowMs, reply);
    };
    const staff = async (request: FastifyRequest) => {
      requireAdmin(request);
    };
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      PHONE_PATHS.sendCode,
      {
        config: { auth: 'user' },
        onRequest: sending,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security,
          operationId: 'phone.startVerification',
          summary: 'Envía por SMS un código de 6 dígitos al celular del perfil (o al indicado); vence en 10 minutos',
          body: ZSendPhoneCodeRequest,
          response: { 200: ZSendPhoneCodeResponse, ...errors(400, 401, 429, 503) },
        },
      },
      async (request) => ({ data: await phone.sendCode(requireUser(request), request.body ?? {}) }),
    );

    r.post(
      PHONE_PATHS.confirmCode,
      {
        config: { auth: 'user' },
        onRequest: signedIn,
        preHandler: countConfirmation,
        onSend: noStore,
        schema: {
          tags: TAGS,
          security,
          operationId: 'phone.confirmVerification',
          summary:
            'Confirma el celular con el código recibido por SMS (5 intentos por código, un solo uso); un celular verificado es de una sola cuenta (409)',
          body: ZConfirmPhoneCodeRequest,
          response: { 200: ZConfirmPhoneCodeResponse, ...errors(400, 401, 409, 429) },
        },
      },
      async (request) => ({ data: await phone.confirmCode(requireUser(request), request.body.code) }),
    );

    r.get(
      PHONE_PATHS.pickupSettings,
      {
        config: { auth: 'admin' },
        onRequest: staff,
        schema: {
          tags: ['admin'],
          security,
          operationId: 'adminSettings.getPickups',
          summary: 'Reglas de las solicitudes de recolección (solo administración)',
          response: { 200: ZPickupSettingsResponse, ...errors(401, 403) },
        },
      },
      async () => ({ data: await readPickupSettings(app.db) }),
    );

    r.put(
      PHONE_PATHS.pickupSettings,
      {
        config: { auth: 'admin' },
        onRequest: staff,
        schema: {
          tags: ['admin'],
          security,
          operationId: 'adminSettings.updatePickups',
          summary: 'Exige (o no) un celular verificado para pedir recolecciones (solo administración)',
          body: ZPickupSettingsRequest,
          response: { 200: ZPickupSettingsResponse, ...errors(400, 401, 403) },
        },
      },
      async (request) => ({ data: await writePickupSettings(app.db, requireAdmin(request).id, request.body) }),
    );
  },
  { name: 'phone', dependencies: ['auth', 'db', 'config', 'sms', 'identity'] },
);

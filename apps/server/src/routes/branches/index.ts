import {
  ZAcceptBranchInvitationRequest,
  ZBranchIdParams,
  ZBranchInvitationPreviewRequest,
  ZBranchInvitationPreviewResponse,
  ZBranchListResponse,
  ZBranchResponse,
  ZCreateBranchRequest,
  ZResendBranchInvitationResponse,
  ZSessionUserResponse,
  ZUpdateBranchRequest,
  BRANCHES_PATH,
  BRANCHES_PATHS,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitation,
  createBranch,
  getBranch,
  listBranches,
  previewInvitation,
  resendInvitation,
  updateBranch,
  type BranchesDeps,
} from '../../features/branches/branches.service.js';
import { requireUser } from '../../plugins/auth.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';

const TAGS = ['branches'];
/** Branches a head may create per day, and invitation re-sends per hour (each one is an e-mail). */
const CREATES_PER_DAY = 50;
const RESENDS_PER_HOUR = 10;

async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'no-store');
  return payload;
}

/** Branch offices of a company head and the invitation a new branch accepts. */
/** The company's main account, checked before the body (401/403 before 400). */
const COMPANY_HEAD = { auth: 'company-head' } as const;
/** One branch: whoever may not see it gets the same 404 as for another company's branch. */
const COMPANY_HEAD_BRANCH = { auth: 'company-head', hiddenAs: 'branch-not-found' } as const;

export default async function branchesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: BranchesDeps = {
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    identity: app.identity,
    bus: app.realtime,
    log: app.log,
  };

  r.get(
    BRANCHES_PATH,
    {
      config: COMPANY_HEAD,
      schema: {
        tags: TAGS,
        operationId: 'branches.list',
        summary: 'Las sucursales de mi empresa (solo la cuenta principal de la empresa)',
        security: [{ bearer: [] }],
        response: { 200: ZBranchListResponse },
      },
    },
    async (request) => ({ data: await listBranches(app.db, requireUser(request)) }),
  );

  r.post(
    BRANCHES_PATH,
    {
      config: { ...COMPANY_HEAD, rateLimited: true },
      schema: {
        tags: TAGS,
        operationId: 'branches.create',
        summary: 'Crea una sucursal: un usuario tipo 3 con id_empresa = mi id, invitado por correo a crear su contraseña (7 días, un solo uso)',
        security: [{ bearer: [] }],
        body: ZCreateBranchRequest,
        response: { 201: ZBranchResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(app.rateLimiter, `branches-create:${user.id}`, CREATES_PER_DAY, 24 * 60 * 60 * 1000, reply);
      return reply.code(201).send({ data: await createBranch(deps, user, request.body) });
    },
  );

  r.get(
    `${BRANCHES_PATH}/:id`,
    {
      config: COMPANY_HEAD_BRANCH,
      schema: {
        tags: TAGS,
        operationId: 'branches.get',
        summary: 'Una de mis sucursales',
        security: [{ bearer: [] }],
        params: ZBranchIdParams,
        response: { 200: ZBranchResponse },
      },
    },
    async (request) => ({ data: await getBranch(app.db, requireUser(request), request.params.id) }),
  );

  r.patch(
    `${BRANCHES_PATH}/:id`,
    {
      config: COMPANY_HEAD_BRANCH,
      schema: {
        tags: TAGS,
        operationId: 'branches.update',
        summary: 'Edita una de mis sucursales; active=false la desactiva (no puede iniciar sesión) y active=true la reactiva',
        security: [{ bearer: [] }],
        params: ZBranchIdParams,
        body: ZUpdateBranchRequest,
        response: { 200: ZBranchResponse },
      },
    },
    async (request) => ({ data: await updateBranch(deps, requireUser(request), request.params.id, request.body) }),
  );

  r.post(
    `${BRANCHES_PATH}/:id/invitation`,
    {
      config: { ...COMPANY_HEAD_BRANCH, rateLimited: true },
      schema: {
        tags: TAGS,
        operationId: 'branches.resendInvitation',
        summary: 'Envía de nuevo la invitación (el enlace anterior deja de funcionar)',
        security: [{ bearer: [] }],
        params: ZBranchIdParams,
        response: { 200: ZResendBranchInvitationResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(app.rateLimiter, `branches-resend:${user.id}`, RESENDS_PER_HOUR, 60 * 60 * 1000, reply);
      return { data: await resendInvitation(deps, user, request.params.id) };
    },
  );

  r.post(
    BRANCHES_PATHS.invitationPreview,
    {
      onRequest: async (request, reply) => app.identity.enforceIpBudget('token', request.ip, reply),
      schema: {
        tags: TAGS,
        operationId: 'branches.previewInvitation',
        summary: 'Datos de una invitación vigente (para la pantalla de aceptación)',
        body: ZBranchInvitationPreviewRequest,
        response: { 200: ZBranchInvitationPreviewResponse },
      },
    },
    async (request) => ({ data: await previewInvitation(app.db, request.body.token) }),
  );

  r.post(
    BRANCHES_PATHS.invitationAccept,
    {
      onRequest: async (request, reply) => app.identity.enforceIpBudget('token', request.ip, reply),
      onSend: noStore,
      schema: {
        tags: TAGS,
        operationId: 'branches.acceptInvitation',
        summary: 'Acepta la invitación: crea la contraseña de la sucursal e inicia su sesión (responde como el login)',
        body: ZAcceptBranchInvitationRequest,
        response: { 200: ZSessionUserResponse },
      },
    },
    async (request) => {
      const ua = request.headers['user-agent'];
      return {
        data: await acceptInvitation(deps, request.body, { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null }),
      };
    },
  );
}

import {
  ADMIN_CERTIFICATES_PATH,
  CERTIFICATES_PATH,
  CERTIFICATE_VERIFICATIONS_PATH,
  ZAnnulCertificateRequest,
  ZCertificateCodeParams,
  ZCertificateListResponse,
  ZCertificateNumberParams,
  ZCertificateResponse,
  ZCertificateVerificationResponse,
  ZCreateCertificateRequest,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as certificates from '../../features/certificates/certificates.service.js';
import { AppError } from '../../lib/app-error.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';
import type { Deprecation } from '../../plugins/http-conventions.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';
import { REQUEST_EXAMPLES } from '../request-examples.js';

const TAGS = ['certificates'];
const security = [{ bearer: [] }];
/** Public verification look-ups per IP: plenty for people scanning QRs, a wall for code guessing. */
const VERIFY_LIMIT = { max: 30, windowMs: 15 * 60 * 1000 };
/** Certificates a holder may ask for per hour. */
const ISSUE_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };

const holderFirst = async (request: FastifyRequest) => {
  if (!certificates.canRequestCertificates(requireUser(request))) throw new AppError('forbidden');
};
const userFirst = async (request: FastifyRequest) => {
  requireUser(request);
};
const adminFirst = async (request: FastifyRequest) => {
  requireAdmin(request);
};

/** Recycling certificates: ask, list, download, verify publicly, annul (staff). */
export default async function certificatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: certificates.CertificatesDeps = {
    db: app.db,
    publicUrl: app.config.publicUrl,
    branding: () => app.branding.current(),
  };


  r.post(
    CERTIFICATES_PATH,
    {
      onRequest: holderFirst,
      config: { errors: ['certificate-nothing-collected'], rateLimited: true },
      schema: {
        tags: TAGS,
        operationId: 'certificates.create',
        summary:
          'Pide un certificado de aprovechamiento de un periodo con kilos recogidos (empresa: toda la empresa o una sucursal; hogar)',
        security,
        body: ZCreateCertificateRequest.meta({ examples: [REQUEST_EXAMPLES.createCertificate] }),
        response: { 201: ZCertificateResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforceRateLimit(app.rateLimiter, `certificates-issue:${user.id}`, ISSUE_LIMIT.max, ISSUE_LIMIT.windowMs, reply);
      return reply.code(201).send({ data: await certificates.issueCertificate(deps, user, request.body) });
    },
  );

  r.get(
    CERTIFICATES_PATH,
    {
      onRequest: userFirst,
      schema: { tags: TAGS, operationId: 'certificates.list', summary: 'Mis certificados', security, response: { 200: ZCertificateListResponse } },
    },
    async (request) => ({ data: await certificates.listMyCertificates(app.db, requireUser(request)) }),
  );

  // The public check. Its old place, /certificates/verify/{code}, matched the same URLs as
  // /certificates/{number}/pdf; it answers there, deprecated, until its sunset.
  const verificationRoute = (url: string, deprecated?: Deprecation) =>
    r.get(
      url,
      {
        config: { errors: ['certificate-not-found'], rateLimited: true, ...(deprecated ? { deprecated } : {}) },
        schema: {
          ...(deprecated ? { hide: true } : { operationId: 'certificates.verify' }),
          tags: TAGS,
          summary:
            'Verificación pública por código: número, titular, periodo, totales y si está vigente o anulado (la misma respuesta 404 para códigos desconocidos o mal escritos)',
          params: ZCertificateCodeParams,
          response: { 200: ZCertificateVerificationResponse },
        },
      },
      async (request, reply) => {
        await enforceRateLimit(
          app.rateLimiter,
          `certificates-verify:${request.ip}`,
          VERIFY_LIMIT.max,
          VERIFY_LIMIT.windowMs,
          reply,
        );
        reply.header('cache-control', 'no-store');
        return { data: await certificates.verifyCertificate(app.db, request.params.code) };
      },
    );
  verificationRoute(`${CERTIFICATE_VERIFICATIONS_PATH}/:code`);
  verificationRoute(`${CERTIFICATES_PATH}/verify/:code`, {
    since: '2026-12-02',
    sunset: '2027-06-30',
    successor: CERTIFICATE_VERIFICATIONS_PATH + '/{code}',
  });

  r.get(
    `${CERTIFICATES_PATH}/:number/pdf`,
    {
      onRequest: userFirst,
      config: { errors: ['certificate-not-found'] },
      schema: { tags: TAGS, operationId: 'certificates.getPdf', summary: 'Descarga el PDF del certificado, siempre el mismo archivo', security, params: ZCertificateNumberParams },
    },
    async (request, reply) => {
      const { pdf, sha256 } = await certificates.certificatePdf(app.db, requireUser(request), request.params.number);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${request.params.number}.pdf"`)
        .header('cache-control', 'private, no-cache')
        .header('etag', `"${sha256}"`)
        .send(pdf);
    },
  );

  r.get(
    ADMIN_CERTIFICATES_PATH,
    {
      config: { auth: 'admin' },
      onRequest: adminFirst,
      schema: { tags: ['admin: certificates'], operationId: 'adminCertificates.list', summary: 'Certificados expedidos (los 500 más recientes)', security, response: { 200: ZCertificateListResponse } },
    },
    async () => ({ data: await certificates.listAllCertificates(app.db) }),
  );

  r.post(
    `${ADMIN_CERTIFICATES_PATH}/:number/annul`,
    {
      config: { errors: ['certificate-not-found', 'certificate-already-annulled'], auth: 'admin' },
      onRequest: adminFirst,
      schema: {
        tags: ['admin: certificates'],
        operationId: 'adminCertificates.annul',
        summary: 'Anula un certificado con su motivo (la página de verificación lo muestra anulado)',
        security,
        params: ZCertificateNumberParams,
        body: ZAnnulCertificateRequest,
        response: { 200: ZCertificateResponse },
      },
    },
    async (request) => ({
      data: await certificates.annulCertificate(app.db, requireAdmin(request), request.params.number, request.body.reason),
    }),
  );
}

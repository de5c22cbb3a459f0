import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_DOCS_CSP } from './security.js';

/** OpenAPI document generated from the contract's zod schemas, viewer at /back/api/docs. */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'PuntoVerde API',
          description:
            'API del esquema de reciclaje PuntoVerde. Errores: `{ code, message, fields? }`. Autenticación: `Authorization: Bearer <token>`.',
          version: '0.1.0',
        },
        servers: [{ url: app.config.publicUrl }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN (Prometheus)' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/back/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      staticCSP: API_DOCS_CSP,
    });
  },
  { name: 'openapi', dependencies: ['config'] },
);

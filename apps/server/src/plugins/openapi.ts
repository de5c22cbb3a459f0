import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { completeDocument, ROUTE_MARK, SECURITY_SCHEMES } from './openapi-document.js';
import { API_DOCS_CSP } from './security.js';

/** The document covers the API: not the pages, the app links, the viewer or the dev outbox. */
export function isDocumentedUrl(url: string): boolean {
  return url.startsWith('/back/api/') && !url.startsWith('/back/api/docs') && !url.startsWith('/back/api/dev/');
}

/**
 * OpenAPI document generated from the contract's zod schemas and what each route declares
 * (auth level, rate limit, cache, errors: openapi-document.ts); viewer at /back/api/docs.
 */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    const routes: RouteOptions[] = [];
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'PuntoVerde API',
          description: [
            'API del esquema de reciclaje PuntoVerde.',
            'Errores: `{ code, message, fields? }`, con los códigos de cada operación en sus respuestas. Autenticación: `Authorization: Bearer <token>`; un token inválido o vencido recibe 401 en cualquier ruta.',
            'Versiones: dentro de `/v1` los cambios solo agregan; una ruta que se retira responde antes con `Deprecation` y `Sunset` (docs/api.md).',
          ].join('\n\n'),
          version: '1.0.0',
        },
        servers: [{ url: app.config.publicUrl }],
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform(input) {
        const { route, url } = input;
        if (!isDocumentedUrl(url)) return { schema: { hide: true }, url };
        const out = jsonSchemaTransform(input);
        if (!out.schema || (out.schema as { hide?: boolean }).hide) return out;
        // Each operation remembers its route, so that completeDocument reads what it declares.
        routes.push(route);
        return { ...out, schema: { ...out.schema, [ROUTE_MARK]: routes.length - 1 } };
      },
      transformObject(input) {
        if (!('openapiObject' in input)) return input.swaggerObject;
        const doc = completeDocument(input.openapiObject as Parameters<typeof completeDocument>[0], routes);
        routes.length = 0;
        return doc as typeof input.openapiObject;
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/back/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      staticCSP: API_DOCS_CSP,
    });
  },
  { name: 'openapi', dependencies: ['config'] },
);

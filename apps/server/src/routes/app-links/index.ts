import type { FastifyInstance } from 'fastify';
import { appleAppSiteAssociation, assetLinks } from '../../features/app-links/app-links.js';
import { AppError } from '../../lib/app-error.js';

/** /.well-known/ files for App Links (Android) and Universal Links (iOS); public, as the platforms fetch them. */
export default async function appLinksRoutes(app: FastifyInstance) {
  const android = assetLinks(app.config.appLinks);
  const apple = appleAppSiteAssociation(app.config.appLinks);

  app.get('/.well-known/assetlinks.json', { schema: { hide: true } }, async (_request, reply) => {
    if (!android) throw new AppError('not-found');
    reply.header('cache-control', 'public, max-age=3600');
    return android;
  });

  // Apple fetches it without an extension and wants JSON, no redirect.
  app.get('/.well-known/apple-app-site-association', { schema: { hide: true } }, async (_request, reply) => {
    if (!apple) throw new AppError('not-found');
    reply.header('cache-control', 'public, max-age=3600').type('application/json');
    return apple;
  });
}

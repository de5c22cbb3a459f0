import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBrandingStore, type BrandingStore } from './branding.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheme's brand (name, logo, colour, contact, legal entity) as staff set it. */
    branding: BrandingStore;
  }
}

export default fp(
  async function brandingPlugin(app: FastifyInstance) {
    const store = createBrandingStore(app.db);
    app.decorate('branding', store);
    // Pages and e-mails read it synchronously: have it before the first request.
    app.addHook('onReady', async () => {
      // A database still being migrated (tests, a restore) keeps the defaults until the next read.
      await store.refresh().catch((err: unknown) => app.log.warn({ err }, 'brand not read at start; the defaults apply until it is'));
    });
  },
  { name: 'branding', dependencies: ['db'] },
);

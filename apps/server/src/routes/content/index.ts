import { ZAboutPage, ZFaqItem, dataOf, CONTENT_PATHS } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAboutPage, listFaq } from '../../features/content/content.service.js';
import contentAdminRoutes from './admin.js';
import { PUBLIC_LIST_CACHE } from '../../plugins/http-conventions.js';

/** Staff-editable public content: the FAQ (help) and the about page (contact). */
export default async function contentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    CONTENT_PATHS.faq,
    {
      config: { cacheControl: PUBLIC_LIST_CACHE },
      schema: { tags: ['content'], operationId: 'content.listFaq', summary: 'Preguntas frecuentes publicadas', response: { 200: dataOf(z.array(ZFaqItem)) } },
    },
    async () => ({ data: await listFaq(app.db) }),
  );

  r.get(
    CONTENT_PATHS.about,
    {
      config: { cacheControl: PUBLIC_LIST_CACHE },
      schema: { tags: ['content'], operationId: 'content.getAbout', summary: 'Página Conócenos y canales de contacto', response: { 200: dataOf(ZAboutPage) } },
    },
    async () => ({ data: await getAboutPage(app.db) }),
  );

  // The back office's edits: admins only.
  await app.register(contentAdminRoutes);
}

import { BRANDING_SETTINGS_PATH, ZBrandingResponse, ZBrandingUpdate } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readBranding, writeBranding } from '../../features/branding/branding.service.js';
import { declareAuthLevel, requireAdmin } from '../../plugins/auth.js';

/** The scheme's brand, for staff: name, logo, primary colour, contact and legal entity. */
export default async function brandingRoutes(app: FastifyInstance) {
  declareAuthLevel(app, 'admin');
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  r.get(
    BRANDING_SETTINGS_PATH,
    {
      schema: {
        tags,
        security,
        operationId: 'adminSettings.getBranding',
        summary: 'Marca del esquema: nombre, logo, color principal, contacto y entidad responsable (solo administración)',
        response: { 200: ZBrandingResponse },
      },
    },
    async () => ({ data: await readBranding(app.db) }),
  );

  r.put(
    BRANDING_SETTINGS_PATH,
    {
      schema: {
        tags,
        security,
        operationId: 'adminSettings.updateBranding',
        summary:
          'Cambia la marca. El color principal debe dar un contraste de al menos 4,5:1 con texto blanco; el logo es una imagen subida antes (POST v1/files?kind=image)',
        body: ZBrandingUpdate,
        response: { 200: ZBrandingResponse },
      },
    },
    async (request) => {
      const data = await writeBranding(app.db, requireAdmin(request), request.body);
      // This instance shows the change at once; others within the store's window.
      await app.branding.refresh();
      return { data };
    },
  );
}

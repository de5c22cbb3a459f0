import { ZOrganizationParams } from '@puntoverde/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as recyclers from '../../features/recyclers/recyclers.service.js';
import { requireManagerOrAdmin } from '../../plugins/auth.js';

/**
 * A preHandler: staff or a coordinator of the organisation in the path (`:id`), checked before
 * the body is read. A malformed id is left to the route's own params validation.
 */
export function mustRunOrganization(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = requireManagerOrAdmin(request);
    const params = ZOrganizationParams.safeParse(request.params);
    if (!params.success) return;
    await recyclers.assertOrganizationAccess(app.db, user, params.data.id);
  };
}

import type { FastifyInstance } from 'fastify';
import devRoutes from './dev/index.js';
import healthRoutes from './health/index.js';
import identityRoutes from './identity/index.js';
import pointsRoutes from './points/index.js';
import filesRoutes from './files/index.js';

/** Every route module, registered once. Add a feature's routes here. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  // First: other features use app.identity (personal-data export and deletion hooks).
  await app.register(identityRoutes);
  await app.register(pointsRoutes);
  await app.register(devRoutes);
  await app.register(filesRoutes);
}

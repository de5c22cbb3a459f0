import type { FastifyInstance } from 'fastify';
import devRoutes from './dev/index.js';
import healthRoutes from './health/index.js';
import pointsRoutes from './points/index.js';
import filesRoutes from './files/index.js';

/** Every route module, registered once. Add a feature's routes here. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(pointsRoutes);
  await app.register(devRoutes);
  await app.register(filesRoutes);
}

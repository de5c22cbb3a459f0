import type { FastifyInstance } from 'fastify';
import devRoutes from './dev/index.js';
import healthRoutes from './health/index.js';
import metricsRoutes from './health/metrics.js';
import identityRoutes from './identity/index.js';
import identityAdminRoutes from './identity/admin.js';
import socialAuthRoutes from './social-auth/index.js';
import publicConfigRoutes from './public-config/index.js';
import materialsRoutes from './materials/index.js';
import pointsRoutes from './points/index.js';
import filesRoutes from './files/index.js';
import adminRoutes from './admin/index.js';
import contentRoutes from './content/index.js';
import alliesRoutes from './allies/index.js';
import campaignsRoutes from './campaigns/index.js';
import pqrRoutes from './pqr/index.js';
import realtimePlugin from '../features/realtime/realtime.plugin.js';
import realtimeRoutes from './realtime/index.js';
import notificationsRoutes from './notifications/index.js';
import requestsRoutes from './requests/index.js';
import branchesRoutes from './branches/index.js';
import statisticsRoutes from './statistics/index.js';
import certificatesRoutes from './certificates/index.js';
import phoneRoutes from './identity/phone.js';
import reportsRoutes from './reports/index.js';
import open311Routes from './open311/index.js';
import whereToRecycleRoutes from './where-to-recycle/index.js';
import geocodingRoutes from './geocoding/index.js';
import appLinksRoutes from './app-links/index.js';
import webhooksRoutes from './webhooks/index.js';
import rewardsRoutes from './rewards/index.js';
import recyclersRoutes from './recyclers/index.js';
import brandingRoutes from './branding/index.js';

/** Every route module, registered once. Add a feature's routes here. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(publicConfigRoutes);
  await app.register(brandingRoutes);
  // First: other features use app.identity (personal-data export and deletion hooks).
  await app.register(identityRoutes);
  await app.register(identityAdminRoutes);
  // Social sign-in (uses app.identity: sessions, data export and deletion hooks).
  await app.register(socialAuthRoutes);
  await app.register(materialsRoutes);
  await app.register(pointsRoutes);
  await app.register(filesRoutes);
  await app.register(adminRoutes);
  await app.register(contentRoutes);
  await app.register(alliesRoutes);
  await app.register(campaignsRoutes);
  await app.register(pqrRoutes);
  // The live-updates bus (before the routes that publish to it), then its stream.
  await app.register(realtimePlugin);
  await app.register(realtimeRoutes);
  await app.register(notificationsRoutes);
  await app.register(requestsRoutes);
  await app.register(branchesRoutes);
  await app.register(statisticsRoutes);
  await app.register(certificatesRoutes);
  await app.register(phoneRoutes);
  await app.register(reportsRoutes);
  await app.register(open311Routes);
  await app.register(whereToRecycleRoutes);
  await app.register(geocodingRoutes);
  await app.register(appLinksRoutes);
  await app.register(webhooksRoutes);
  await app.register(rewardsRoutes);
  await app.register(recyclersRoutes);
  // Last: its helpers use other features' dependencies (the reports' realtime bus).
  await app.register(devRoutes);
}

/**
 * The back-office home: counts of what needs attention now, each one leading to its list. Each
 * count comes from its feature's service; they are put together here, above the features.
 */
import type { AdminDashboard } from '@puntoverde/contract';
import type { Db } from '../../db/dialect.js';
import { pqrAttentionCounts } from '../../features/pqr/pqr-inbox.service.js';
import { fullContainers } from '../../features/points/points.service.js';
import { countOpenReports } from '../../features/reports/reports.service.js';
import { countPendingRequests } from '../../features/requests/requests.service.js';

/** How many of the fullest containers the home lists by name. */
export const DASHBOARD_FULLEST_LIMIT = 10;

export async function getDashboard(db: Db): Promise<AdminDashboard> {
  const [pqr, pending, reports, full] = await Promise.all([
    pqrAttentionCounts(db),
    countPendingRequests(db),
    countOpenReports(db),
    fullContainers(db, DASHBOARD_FULLEST_LIMIT),
  ]);
  return { pqr, requests_pending: pending, reports_open: reports, containers_full: full.count, fullest: full.fullest };
}

/**
 * Incident reports' statuses, limits and the staff categories path, apart from their schemas
 * (reports.ts) so that the reports list, the first screen of Reportes, does not load zod.
 */

export const REPORTS_PATH = '/back/api/v1/reports';
/** Handling: point managers (their points' reports) and staff (all). */
export const HANDLING_REPORTS_PATH = '/back/api/v1/handling/reports';
/** GET: the active categories in staff's order (public). */
export const REPORT_CATEGORIES_PATH = '/back/api/v1/reports/categories';
/** GET: markers of a viewport (the web app clusters them). */
export const REPORT_MAP_PATH = '/back/api/v1/reports/map';
/** GET: open reports of the same category near a place. */
export const REPORT_DUPLICATES_PATH = '/back/api/v1/reports/duplicates';
/** GET: the point a report filed at `lat,lng` without a point would go to (public). */
export const REPORT_POINT_MATCH_PATH = '/back/api/v1/reports/point-match';
/** POST: changes the status of several handled reports at once. */
export const HANDLING_BULK_STATUS_PATH = '/back/api/v1/handling/reports/bulk-status';

export function reportPath(number: string): string {
  return `${REPORTS_PATH}/${encodeURIComponent(number)}`;
}

export function handlingReportPath(number: string): string {
  return `${HANDLING_REPORTS_PATH}/${encodeURIComponent(number)}`;
}

/** Staff: every category, create, edit (rename, disable), order. */
export const ADMIN_REPORT_CATEGORIES_PATH = '/back/api/v1/admin/report-categories';

export const REPORT_STATUSES = ['abierto', 'en_revision', 'programado', 'resuelto', 'descartado', 'duplicado'] as const;

export const REPORT_DESCRIPTION_MAX = 4000;
export const REPORT_MAX_PHOTOS = 3;
export const REPORT_REASON_MAX = 1000;

/** GET/PUT (staff): how far a report may be from a point to go to it. */
export const REPORT_SETTINGS_PATH = '/back/api/v1/admin/settings/reports';
export const REPORT_POINT_MATCH_DEFAULT_M = 150;
export const REPORT_POINT_MATCH_MAX_M = 1000;

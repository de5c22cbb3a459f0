/**
 * Incident reports' statuses, limits and the staff categories path, apart from their schemas
 * (reports.ts) so that the reports list, the first screen of Reportes, does not load zod.
 */

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

/** PQR's paths, apart from their schemas (pqr.ts, pqr-admin.ts). */

export const PQR_PATH = '/back/api/v1/pqr';
export const ADMIN_PQR_PATH = '/back/api/v1/admin/pqr';
/** The business-day calendar the due dates are computed with (staff). */
export const ADMIN_PQR_CALENDAR_PATH = '/back/api/v1/admin/pqr-calendar';

export const PQR_PATHS = {
  /** POST: files a PQR. */
  create: PQR_PATH,
  /** POST: uploads an attachment before filing. */
  attachments: `${PQR_PATH}/attachments`,
  /** GET: the due date a PQR filed now would have. */
  dueDate: `${PQR_PATH}/due-date`,
  /** GET: the caller's PQRs. */
  mine: `${PQR_PATH}/mine`,
  /** GET (public): one PQR by radicado and e-mail. */
  track: `${PQR_PATH}/track`,
  /** POST (public): the information staff asked for. */
  trackInformation: `${PQR_PATH}/track/information`,
} as const;

export const ADMIN_PQR_PATHS = {
  inbox: ADMIN_PQR_PATH,
  staff: `${ADMIN_PQR_PATH}/staff`,
  report: `${ADMIN_PQR_PATH}/report`,
  reportCsv: `${ADMIN_PQR_PATH}/report.csv`,
  calendar: ADMIN_PQR_CALENDAR_PATH,
} as const;

export function adminPqrPath(radicado: string): string {
  return `${ADMIN_PQR_PATH}/${encodeURIComponent(radicado)}`;
}

/** POST: one of the case's actions (assign, note, status...). */
export function adminPqrActionPath(radicado: string, action: string): string {
  return `${adminPqrPath(radicado)}/${action}`;
}

/** DELETE: one day of the business-day calendar. */
export function adminPqrCalendarDayPath(date: string): string {
  return `${ADMIN_PQR_CALENDAR_PATH}/${date}`;
}

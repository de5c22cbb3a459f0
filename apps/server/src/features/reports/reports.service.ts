import {
  NEAR_ME_RADIUS_M,
  REPORT_DUPLICATE_RADIUS_M,
  REPORT_MAP_MAX_MARKERS,
  REPORT_OPEN_STATUSES,
  ZReportStatus,
  type Report,
  type ReportDuplicate,
  type ReportList,
  type ReportListQueryData,
  type ReportMap,
  type ReportMapQueryData,
  type ReportStatus,
  ZReportListResponse,
} from '@puntoverde/contract';
import type { Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { distanceMeters } from '../points/points.service.js';
import { cachedPublic } from './public-list-cache.js';
import { categoryLabels } from './report-categories.service.js';
import { CLOSED, loadContext, mustFind, photoView, publicView, toSummary, type ReportsDeps } from './report-views.js';
import * as repo from './reports.repository.js';
import * as reportRows from './report-rows.js';
import type { ReportPhotoRow, ReportRecordRow } from './report-rows.js';

/**
 * Incident reports: filing with photos and place, gapless public numbers, likely duplicates,
 * followers, status changes with a timeline (point managers on their points, staff on all),
 * notifications and e-mails on every change, the "¿Se resolvió?" follow-up and reopening.
 * The Open311 adapter calls into this feature too. Each part has its file:
 * - reports.service.ts (this file): reading — one report, the public lists and map, likely
 *   duplicates, the records Open311 shows, and what other features ask of reports;
 * - report-filing.service.ts: filing a report;
 * - report-followers.service.ts: «Súmate al reporte»;
 * - report-status.service.ts: status changes and reopening;
 * - report-follow-up.service.ts: «¿Se resolvió?»;
 * - report-handling.service.ts: the handlers' inbox, notes, assignment and photos;
 * - report-views.ts, report-notices.ts, public-list-cache.ts: what the parts share.
 */

export type { ReportsDeps } from './report-views.js';

// ——— Reading ———

export async function getReport(deps: ReportsDeps, user: AuthUser | null, number: string): Promise<Report> {
  return publicView(deps, user, await mustFind(deps.db, number));
}

function boxAround(lat: number, lng: number, radiusM: number): repo.Box {
  const dLat = radiusM / 111_320;
  const dLng = radiusM / (111_320 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}

/** Public, mine, followed or near me; filterable by status, category, point and map viewport. */
export async function listReports(deps: ReportsDeps, user: AuthUser | null, q: ReportListQueryData): Promise<ReportList> {
  if (user) return listReportsUncached(deps, user, q);
  return cachedPublic(deps.db, `list:${JSON.stringify(q)}`, () => listReportsUncached(deps, null, q));
}

/**
 * An anonymous caller's list as the JSON body itself (validated against the response schema once
 * per cache entry): the map's burst of identical requests costs no per-request serialization.
 */
export function publicListBody(deps: ReportsDeps, q: ReportListQueryData): Promise<string> {
  return cachedPublic(deps.db, `list-body:${JSON.stringify(q)}`, async () =>
    JSON.stringify(ZReportListResponse.parse({ data: await listReports(deps, null, q) })),
  );
}

async function listReportsUncached(deps: ReportsDeps, user: AuthUser | null, q: ReportListQueryData): Promise<ReportList> {
  const filter: repo.ListFilter = { statuses: q.status, categories: q.category };
  if (q.point_id) filter.pointIds = [q.point_id];
  if (q.bbox) filter.box = { minLat: q.bbox.minLat, maxLat: q.bbox.maxLat, minLng: q.bbox.minLng, maxLng: q.bbox.maxLng };
  if (q.scope === 'mine' || q.scope === 'following') {
    if (!user) throw new AppError('unauthorized');
    if (q.scope === 'mine') filter.reporterId = user.id;
    else filter.followerId = user.id;
  } else {
    // Duplicates live on through their original: public lists leave them out unless asked.
    if (!q.status?.length) filter.excludeStatuses = ['duplicado'];
  }
  if (q.scope === 'near') {
    if (q.lat === undefined || q.lng === undefined) {
      throw AppError.field('validation-failed', 'lat', 'Indica tu ubicación para ver los reportes cercanos.');
    }
    filter.box = boxAround(q.lat, q.lng, NEAR_ME_RADIUS_M);
  }
  const { rows, total } = await reportRows.listReports(deps.db, filter, {
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  });
  const ctx = await loadContext(deps, user, rows);
  const now = new Date();
  return {
    items: rows.map((r) => toSummary(deps, r, ctx, user, now)),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

/**
 * The public map of a viewport: the newest {@link REPORT_MAP_MAX_MARKERS} reports as markers (no
 * personal data), duplicates left out unless asked for by status. The same for every caller.
 */
export async function reportMap(deps: ReportsDeps, q: ReportMapQueryData): Promise<ReportMap> {
  return cachedPublic(deps.db, `map:${JSON.stringify(q)}`, async () => {
    const filter: repo.ListFilter = { statuses: q.status, categories: q.category, box: q.bbox };
    if (!q.status?.length) filter.excludeStatuses = ['duplicado'];
    const [{ rows, total }, labels] = await Promise.all([repo.listMarkers(deps.db, filter, REPORT_MAP_MAX_MARKERS), categoryLabels(deps.db)]);
    return {
      items: rows.map((r) => ({
        number: r.number,
        category: r.category,
        category_label: labels.get(r.category) ?? r.category,
        status: ZReportStatus.parse(r.status),
        lat: r.lat,
        lng: r.lng,
      })),
      total,
      truncated: total > rows.length,
    };
  });
}

/** Open reports of the same category within {@link REPORT_DUPLICATE_RADIUS_M}, nearest first. */
export async function findDuplicates(
  deps: Pick<ReportsDeps, 'db' | 'secret'>,
  q: { category: string; lat: number; lng: number },
): Promise<ReportDuplicate[]> {
  const candidates = await repo.openInBox(deps.db, q.category, boxAround(q.lat, q.lng, REPORT_DUPLICATE_RADIUS_M), REPORT_OPEN_STATUSES);
  const near = candidates
    .map((c) => ({ ...c, distance_m: Math.round(distanceMeters(q.lat, q.lng, c.lat, c.lng)) }))
    .filter((c) => c.distance_m <= REPORT_DUPLICATE_RADIUS_M)
    .sort((a, b) => a.distance_m - b.distance_m)
    .slice(0, 5);
  const ids = near.map((n) => n.id);
  const [followers, photos, labels] = await Promise.all([
    repo.followerCounts(deps.db, ids),
    reportRows.listPhotos(deps.db, ids),
    categoryLabels(deps.db),
  ]);
  return near.map((n) => {
    const photo = photos.find((p) => p.report_id === n.id && p.hidden === 0);
    return {
      number: n.number,
      category: n.category,
      category_label: labels.get(n.category) ?? n.category,
      status: ZReportStatus.parse(n.status),
      description: n.description,
      distance_m: n.distance_m,
      followers: followers.get(n.id) ?? 0,
      created_at: n.created_at,
      photo: photo ? photoView(deps.secret, photo) : null,
    };
  });
}

// ——— Other features' hooks ———

/** Open "contenedor lleno" reports per container id (the manager's Contenedores view). */
export function openFullReportsByContainer(db: Db, containerIds: number[]): Promise<Map<number, number>> {
  return repo.openFullReportsOf(db, containerIds, REPORT_OPEN_STATUSES);
}

// ——— Records for the Open311 adapter ———

export type ReportRecord = {
  number: string;
  category: string;
  status: ReportStatus;
  status_notes: string | null;
  description: string;
  lat: number;
  lng: number;
  address: string | null;
  point_name: string | null;
  duplicate_of: string | null;
  created_at: string;
  updated_at: string;
  media_url: string | null;
};

function toRecord(secret: string, row: ReportRecordRow, photo: ReportPhotoRow | undefined): ReportRecord {
  return {
    number: row.number,
    category: row.category,
    status: ZReportStatus.parse(row.status),
    status_notes: row.status_notes,
    description: row.description,
    lat: row.lat,
    lng: row.lng,
    address: row.address,
    point_name: row.point_name,
    duplicate_of: row.duplicate_of_number,
    created_at: row.created_at,
    updated_at: row.updated_at,
    media_url: photo ? photoView(secret, photo).url : row.media_url,
  };
}

/**
 * Reports by number, or by category, filing window and open/closed, newest first (at most
 * `limit`). Public data (Open311 shows no reporter): kept like the public lists.
 */
export async function listReportRecords(
  deps: Pick<ReportsDeps, 'db' | 'secret'>,
  f: { numbers?: string[]; categories?: string[]; from?: string; to?: string; open?: boolean; limit: number },
): Promise<ReportRecord[]> {
  return cachedPublic(deps.db, `records:${JSON.stringify(f)}`, async () => {
    const rows = await reportRows.listRecords(deps.db, {
      numbers: f.numbers,
      categories: f.categories,
      from: f.from,
      to: f.to,
      statuses: f.open === undefined ? undefined : f.open ? REPORT_OPEN_STATUSES : CLOSED,
      limit: f.limit,
    });
    const photos = await reportRows.listPhotos(deps.db, rows.map((r) => r.id));
    const firstPhoto = new Map<number, ReportPhotoRow>();
    for (const p of photos) if (p.hidden === 0 && !firstPhoto.has(p.report_id)) firstPhoto.set(p.report_id, p);
    return rows.map((r) => toRecord(deps.secret, r, firstPhoto.get(r.id)));
  });
}

/** How many reports are still open. */
export async function countOpenReports(db: Db): Promise<number> {
  return repo.countOpenReports(db);
}

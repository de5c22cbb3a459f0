import {
  TC_ID,
  NEAR_ME_RADIUS_M,
  REPORT_DUPLICATE_RADIUS_M,
  REPORT_MAP_MAX_MARKERS,
  REPORT_FOLLOW_UP_DAYS,
  REPORT_OPEN_STATUSES,
  REPORT_REOPEN_DAYS,
  REPORT_STATUS_LABELS_ES,
  REPORT_TRANSITIONS,
  ZReportStatus,
  canReportTransition,
  formatReportNumber,
  type CreateReportData,
  type HandlerReport,
  type HandlerReportListItem,
  type Report,
  type ReportDuplicate,
  type ReportEvent,
  type ReportList,
  type ReportListQueryData,
  type ReportMap,
  type ReportMapQueryData,
  type ReportPhoto,
  type ReportStatus,
  type ReportStatusChangeData,
  type ReportSummary,
  ZReportListResponse,
} from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db, Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import type { AuthUser } from '../../plugins/auth.js';
import { resolveFileRef, toUploadedFile } from '../files/files.service.js';
import { notificationCreatedEvent, notify } from '../notifications/notifications.service.js';
import { distanceMeters, pointIdsOfManager } from '../points/points.service.js';
import type { RealtimeBus } from '../realtime/realtime.service.js';
import { categoryLabels, requireActiveCategory } from './report-categories.service.js';
import { filedEmail, followUpEmail, statusEmail } from './reports.emails.js';
import * as repo from './reports.repository.js';
import type { ReportPhotoRow, ReportRow } from './reports.repository.js';

/**
 * Incident reports: filing with photos and place, gapless public numbers, likely duplicates,
 * followers, status changes with a timeline (point managers on their points, staff on all),
 * notifications and e-mails on every change, the "¿Se resolvió?" follow-up and reopening.
 * The Open311 adapter calls into this service too.
 */

export type ReportsDeps = {
  db: Db;
  mailer: Mailer;
  /** Signs photo links and follow-up tokens. */
  secret: string;
  publicUrl: string;
  bus?: RealtimeBus | undefined;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'> | undefined;
};

const DAY_MS = 24 * 3600 * 1000;
const CLOSED: readonly ReportStatus[] = ['resuelto', 'descartado', 'duplicado'];
const SYSTEM = 'PuntoVerde';

export const REPORT_APP_LINK = (number: string) => `/app/tabs/reports/${number}`;

/** `now` in Bogotá → its calendar year (numbers restart every 1 January, Bogotá time). */
function bogotaYear(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric' }).format(now));
}

// ——— Who may do what ———

export type ReportRole = 'staff' | 'manager';

/** How `user` may handle a report: staff on all, a point manager on the reports of their points. */
async function handlerRole(db: Executor, user: AuthUser | null, row: Pick<ReportRow, 'point_id'>): Promise<ReportRole | null> {
  if (!user) return null;
  if (user.is_admin) return 'staff';
  if (user.tc_id !== TC_ID.manager || row.point_id === null) return null;
  const ids = await pointIdsOfManager(db, user.id);
  return ids.includes(row.point_id) ? 'manager' : null;
}

async function requireHandler(db: Executor, user: AuthUser, row: ReportRow): Promise<ReportRole> {
  const role = await handlerRole(db, user, row);
  if (!role) throw new AppError('report-forbidden');
  return role;
}

/**
 * A handler may act on this report (403 report-forbidden, 404 report-not-found otherwise): run
 * before a handling route's body is validated, so a refused caller learns nothing of its fields.
 */
export async function assertHandles(deps: Pick<ReportsDeps, 'db'>, user: AuthUser, number: string): Promise<void> {
  await requireHandler(deps.db, user, await mustFind(deps.db, number));
}

// ——— Views ———

function photoView(secret: string, p: ReportPhotoRow): ReportPhoto {
  const f = toUploadedFile(secret, p);
  return { id: f.id, url: f.url };
}

function eventView(e: repo.ReportEventRow): ReportEvent {
  return {
    kind: e.kind,
    from_status: e.from_status === null ? null : ZReportStatus.parse(e.from_status),
    to_status: e.to_status === null ? null : ZReportStatus.parse(e.to_status),
    message: e.message,
    at: e.created_at,
  };
}

function canReopen(row: ReportRow, user: AuthUser | null, now: Date): boolean {
  if (!user || row.reporter_id !== user.id) return false;
  if (row.status !== 'resuelto' && row.status !== 'descartado') return false;
  const since = row.resolved_at ?? row.closed_at ?? row.updated_at;
  return now.getTime() - Date.parse(since) <= REPORT_REOPEN_DAYS * DAY_MS;
}

function followUpPending(row: ReportRow, user: AuthUser | null, now: Date): boolean {
  return (
    !!user &&
    row.reporter_id === user.id &&
    row.status === 'resuelto' &&
    row.follow_up_answer === null &&
    row.resolved_at !== null &&
    now.getTime() - Date.parse(row.resolved_at) >= REPORT_FOLLOW_UP_DAYS * DAY_MS
  );
}

type Context = {
  /** Category code → current name. */
  labels: Map<string, string>;
  photos: ReportPhotoRow[];
  followers: Map<number, number>;
  following: Set<number>;
  roles: Map<number, ReportRole | null>;
};

async function loadContext(deps: ReportsDeps, user: AuthUser | null, rows: ReportRow[]): Promise<Context> {
  const ids = rows.map((r) => r.id);
  const managed = user && user.tc_id === TC_ID.manager && !user.is_admin ? await pointIdsOfManager(deps.db, user.id) : [];
  const [labels, photos, followers, following] = await Promise.all([
    categoryLabels(deps.db),
    repo.listPhotos(deps.db, ids),
    repo.followerCounts(deps.db, ids),
    user ? repo.followedBy(deps.db, user.id, ids) : Promise.resolve(new Set<number>()),
  ]);
  const roles = new Map<number, ReportRole | null>(
    rows.map((r) => [
      r.id,
      user?.is_admin ? 'staff' : r.point_id !== null && managed.includes(r.point_id) ? 'manager' : null,
    ]),
  );
  return { labels, photos, followers, following, roles };
}

function toSummary(deps: ReportsDeps, row: ReportRow, ctx: Context, user: AuthUser | null, now: Date): ReportSummary {
  const status = ZReportStatus.parse(row.status);
  const role = ctx.roles.get(row.id) ?? null;
  return {
    number: row.number,
    category: row.category,
    category_label: ctx.labels.get(row.category) ?? row.category,
    status,
    description: row.description,
    lat: row.lat,
    lng: row.lng,
    point: row.point_id !== null && row.point_name !== null ? { id: row.point_id, name: row.point_name } : null,
    container_id: row.container_id,
    photos: ctx.photos.filter((p) => p.report_id === row.id && p.hidden === 0).map((p) => photoView(deps.secret, p)),
    duplicate_of: row.duplicate_of_number,
    status_notes: row.status_notes,
    followers: ctx.followers.get(row.id) ?? 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
    resolved_at: row.resolved_at,
    mine: !!user && row.reporter_id === user.id,
    following: ctx.following.has(row.id),
    can_reopen: canReopen(row, user, now),
    follow_up_pending: followUpPending(row, user, now),
    allowed_transitions: role ? [...REPORT_TRANSITIONS[status]] : [],
  };
}

async function publicView(deps: ReportsDeps, user: AuthUser | null, row: ReportRow, now = new Date()): Promise<Report> {
  const [ctx, events] = await Promise.all([loadContext(deps, user, [row]), repo.listEvents(deps.db, row.id)]);
  return {
    ...toSummary(deps, row, ctx, user, now),
    history: events.filter((e) => e.internal === 0).map(eventView),
  };
}

async function handlerView(deps: ReportsDeps, user: AuthUser, row: ReportRow, now = new Date()): Promise<HandlerReport> {
  const [ctx, events] = await Promise.all([loadContext(deps, user, [row]), repo.listEvents(deps.db, row.id)]);
  const people = await repo.usersByIds(deps.db, [row.reporter_id, row.assigned_to].filter((x): x is number => x !== null));
  const assignee = people.find((p) => p.id === row.assigned_to);
  const reporter = people.find((p) => p.id === row.reporter_id);
  return {
    ...toSummary(deps, row, ctx, user, now),
    history: events.filter((e) => e.internal === 0).map(eventView),
    reporter: { id: row.reporter_id, name: row.reporter_name, email: reporter?.email ?? row.reporter_email },
    assigned_to: assignee ? { id: assignee.id, name: assignee.name } : null,
    hidden_photos: ctx.photos.filter((p) => p.report_id === row.id && p.hidden === 1).map((p) => photoView(deps.secret, p)),
    events: events.map((e) => ({ ...eventView(e), internal: e.internal === 1, actor_name: e.actor_name })),
  };
}

async function mustFind(db: Executor, number: string): Promise<ReportRow> {
  const row = await repo.findByNumber(db, number);
  if (!row) throw new AppError('report-not-found');
  return row;
}

// ——— Side effects after commit ———

async function sendMail(deps: ReportsDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    // The change is committed; a failed e-mail is logged, the in-app notification stays.
    deps.log?.error({ err, to: message.to, subject: message.subject }, 'report e-mail failed');
  }
}

async function publishNotifications(deps: ReportsDeps, notes: { userId: number; n: Awaited<ReturnType<typeof notify>> }[]) {
  if (!deps.bus) return;
  for (const { userId, n } of notes) {
    try {
      await deps.bus.publish([userId], notificationCreatedEvent(n));
    } catch (err) {
      deps.log?.warn({ err }, 'could not publish a live update');
    }
  }
}

/** Reporter first, then followers: who hears of a change (never the person who made it). */
async function audience(db: Executor, row: ReportRow, actorId: number | null) {
  const followers = await repo.followerIds(db, row.id);
  const ids = [...new Set([...(row.reporter_id !== null ? [row.reporter_id] : []), ...followers])].filter((id) => id !== actorId);
  const users = (await repo.usersByIds(db, ids)).filter((u) => u.active === 1 && u.deleted_at === null);
  return users.map((u) => ({ ...u, follower: u.id !== row.reporter_id }));
}

// ——— Filing ———

export type FilingSource =
  | { kind: 'app'; user: AuthUser }
  | {
      kind: 'open311';
      name: string;
      email: string | null;
      phone: string | null;
      address: string | null;
      mediaUrl: string | null;
      user: null;
    };

/**
 * Files a report. Everything is checked before the transaction; the number is taken inside it,
 * so a rejected report never consumes one and never leaves a half-written record.
 */
export async function createReport(
  deps: ReportsDeps,
  source: FilingSource,
  input: CreateReportData,
  now: Date = new Date(),
): Promise<Report> {
  const user = source.user;
  const category = await requireActiveCategory(deps.db, input.category);
  if (input.point_id != null) {
    const point = await repo.findPoint(deps.db, input.point_id);
    if (!point) throw AppError.field('point-not-found', 'point_id');
  }
  if (input.container_id != null) {
    const container = await repo.findContainer(deps.db, input.container_id);
    if (!container || (input.point_id != null && container.point_id !== input.point_id)) {
      throw AppError.field('container-not-found', 'container_id');
    }
    input = { ...input, point_id: container.point_id };
  }
  const at = now.toISOString();
  const year = bogotaYear(now);

  const id = await deps.db.transaction().execute(async (trx) => {
    const fileIds: number[] = [];
    for (const [i, publicId] of input.photos.entries()) {
      if (!user) throw AppError.field('report-photo-invalid', `photos.${i}`);
      const file = await resolveFileRef(trx, publicId, user, { field: `photos.${i}`, kind: 'image' }).catch(() => {
        throw AppError.field('report-photo-invalid', `photos.${i}`);
      });
      if (fileIds.includes(file.id)) throw AppError.field('report-photo-invalid', `photos.${i}`);
      fileIds.push(file.id);
    }
    const attached = await repo.attachedFileIds(trx, fileIds);
    if (attached.length) throw AppError.field('report-photo-invalid', `photos.${fileIds.indexOf(attached[0]!)}`);
    const sequence = await repo.takeNextSequence(trx, year);
    const reportId = await repo.insertReport(trx, {
      number: formatReportNumber(year, sequence),
      year,
      sequence,
      category: input.category,
      status: 'abierto',
      description: input.description,
      lat: input.lat,
      lng: input.lng,
      point_id: input.point_id ?? null,
      container_id: input.container_id ?? null,
      reporter_id: user?.id ?? null,
      reporter_name: user ? user.name : source.kind === 'open311' ? source.name : '',
      reporter_email: user ? user.email : source.kind === 'open311' ? source.email : null,
      reporter_phone: source.kind === 'open311' ? source.phone : null,
      source: source.kind,
      address: source.kind === 'open311' ? source.address : null,
      media_url: source.kind === 'open311' ? source.mediaUrl : null,
      duplicate_of_id: null,
      status_notes: null,
      assigned_to: null,
      resolved_at: null,
      closed_at: null,
      follow_up_sent_at: null,
      follow_up_answer: null,
      follow_up_answered_at: null,
      created_at: at,
      updated_at: at,
    });
    await repo.insertPhotos(trx, reportId, fileIds);
    await repo.insertEvent(trx, {
      report_id: reportId,
      kind: 'created',
      from_status: null,
      to_status: 'abierto',
      actor_id: user?.id ?? null,
      actor_name: user?.name ?? (source.kind === 'open311' ? source.name : SYSTEM),
      message: null,
      internal: 0,
      created_at: at,
    });
    return reportId;
  });

  reportsChanged(deps.db);
  const row = (await repo.findById(deps.db, id))!;
  // The point's managers get a record: a new report waits for them.
  if (row.point_id !== null) {
    const managers = await repo.managerIdsOfPoint(deps.db, row.point_id);
    const notes = await Promise.all(
      managers.map(async (managerId) => ({
        userId: managerId,
        n: await notify(deps.db, managerId, {
          title: `Nuevo reporte ${row.number}`,
          body: `${category.label} en ${row.point_name ?? 'tu punto'}.`,
          link: REPORT_APP_LINK(row.number),
        }),
      })),
    );
    await publishNotifications(deps, notes);
  }
  const to = row.reporter_email;
  if (to) await sendMail(deps, filedEmail(to, { number: row.number, categoryLabel: category.label, publicUrl: deps.publicUrl }));
  return publicView(deps, user, row, now);
}

// ——— Public list cache ———

/**
 * Anonymous public lists (the map of reports) are the same for everyone: answers are kept a few
 * seconds per database and query, and dropped at once when this instance changes any report.
 * Another instance's change shows within {@link PUBLIC_LIST_TTL_MS}.
 */
const PUBLIC_LIST_TTL_MS = 5000;
const PUBLIC_LIST_MAX_ENTRIES = 500;
type CacheEntry = { at: number; value: Promise<unknown> };
const publicListCache = new WeakMap<object, Map<string, CacheEntry>>();

/** Every write to reports calls this: cached public lists of that database are dropped. */
function reportsChanged(db: object): void {
  publicListCache.delete(db);
}

/**
 * A public answer from the cache, or computed once: concurrent callers of a missing key share
 * the one query in flight (a burst at expiry does not run it fifty times). Failures are not kept.
 */
function cachedPublic<T>(db: object, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = publicListCache.get(db);
  if (!cache) publicListCache.set(db, (cache = new Map<string, CacheEntry>()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < PUBLIC_LIST_TTL_MS) return hit.value as Promise<T>;
  if (cache.size >= PUBLIC_LIST_MAX_ENTRIES) cache.clear();
  const value = compute();
  const entry: CacheEntry = { at: Date.now(), value };
  cache.set(key, entry);
  const own = cache;
  value.catch(() => {
    if (own.get(key) === entry) own.delete(key);
  });
  return value;
}

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
  const { rows, total } = await repo.listReports(deps.db, filter, {
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
    repo.listPhotos(deps.db, ids),
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

// ——— Following ———

/** "Súmate al reporte": follow it (a duplicate's original is followed instead). */
export async function followReport(deps: ReportsDeps, user: AuthUser, number: string): Promise<Report> {
  let row = await mustFind(deps.db, number);
  if (row.status === 'duplicado' && row.duplicate_of_id !== null) row = (await repo.findById(deps.db, row.duplicate_of_id)) ?? row;
  if (row.reporter_id !== user.id) {
    const at = new Date().toISOString();
    await deps.db.transaction().execute(async (trx) => {
      if (await repo.addFollower(trx, row.id, user.id, at)) {
        await repo.insertEvent(trx, {
          report_id: row.id,
          kind: 'follow',
          from_status: null,
          to_status: null,
          actor_id: user.id,
          actor_name: user.name,
          message: 'Alguien más se sumó al reporte.',
          internal: 0,
          created_at: at,
        });
      }
    });
    reportsChanged(deps.db);
  }
  return publicView(deps, user, row);
}

export async function unfollowReport(deps: ReportsDeps, user: AuthUser, number: string): Promise<Report> {
  const row = await mustFind(deps.db, number);
  await repo.removeFollower(deps.db, row.id, user.id);
  reportsChanged(deps.db);
  return publicView(deps, user, row);
}

// ——— Status changes ———

type Change = {
  to: ReportStatus;
  actor: { id: number | null; name: string };
  /** Public note in the timeline. */
  note: string | null;
  reason?: string | null;
  duplicateOf?: ReportRow | null;
  kind?: string;
};

/** Moves a report (if still in the status read), records the event, tells reporter and followers. */
async function applyChange(deps: ReportsDeps, row: ReportRow, change: Change, now: Date): Promise<void> {
  const from = ZReportStatus.parse(row.status);
  const at = now.toISOString();
  const patch: Parameters<typeof repo.updateIfStatus>[3] = { status: change.to, updated_at: at };
  if (change.to === 'resuelto') {
    Object.assign(patch, { resolved_at: at, closed_at: at, follow_up_sent_at: null, follow_up_answer: null, follow_up_answered_at: null });
  }
  if (change.to === 'descartado' || change.to === 'duplicado') patch.closed_at = at;
  if (change.to === 'abierto') Object.assign(patch, { resolved_at: null, closed_at: null });
  patch.status_notes = change.to === 'descartado' ? (change.reason ?? null) : change.note;
  if (change.to === 'duplicado') patch.duplicate_of_id = change.duplicateOf!.id;

  const [people, labels] = await Promise.all([audience(deps.db, row, change.actor.id), categoryLabels(deps.db)]);
  const categoryLabel = labels.get(row.category) ?? row.category;
  const title = `Reporte ${row.number}: ${REPORT_STATUS_LABELS_ES[change.to]}`;
  const body =
    change.to === 'duplicado'
      ? `Ya había un reporte del mismo problema (${change.duplicateOf!.number}); seguirás sus novedades.`
      : change.to === 'descartado'
        ? `Motivo: ${change.reason ?? ''}`
        : (change.note ?? `${categoryLabel}: ahora está «${REPORT_STATUS_LABELS_ES[change.to]}».`);
  const notes = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.updateIfStatus(trx, row.id, from, patch))) {
      throw new AppError('invalid-transition', {
        message: 'El reporte cambió mientras tanto: otra persona ya lo actualizó. Recarga para ver su estado.',
      });
    }
    await repo.insertEvent(trx, {
      report_id: row.id,
      kind: change.kind ?? 'status',
      from_status: from,
      to_status: change.to,
      actor_id: change.actor.id,
      actor_name: change.actor.name,
      message: change.to === 'descartado' ? (change.reason ?? null) : change.note,
      internal: 0,
      created_at: at,
    });
    if (change.to === 'duplicado') {
      // Updates flow to the original: its followers now include this report's reporter and followers.
      const original = change.duplicateOf!;
      await repo.moveFollowers(trx, row.id, original.id, at);
      if (row.reporter_id !== null && row.reporter_id !== original.reporter_id) {
        await repo.addFollower(trx, original.id, row.reporter_id, at);
      }
    }
    return Promise.all(
      people.map(async (p) => ({
        userId: p.id,
        n: await notify(trx, p.id, { title, body, link: REPORT_APP_LINK(change.to === 'duplicado' ? change.duplicateOf!.number : row.number) }),
      })),
    );
  });
  reportsChanged(deps.db);
  await publishNotifications(deps, notes);
  const emails = people.map((p) => ({ to: p.email, follower: p.follower }));
  if (row.reporter_id === null && row.reporter_email && change.actor.id !== null) emails.push({ to: row.reporter_email, follower: false });
  for (const e of emails) {
    await sendMail(
      deps,
      statusEmail(e.to, {
        number: row.number,
        categoryLabel,
        publicUrl: deps.publicUrl,
        status: change.to,
        note: change.to === 'descartado' ? (change.reason ?? null) : change.note,
        duplicateOf: change.duplicateOf?.number ?? null,
        follower: e.follower,
      }),
    );
  }
}

/** A handler changes the status (403 when not theirs, 409 for an illegal edge). */
export async function changeStatus(
  deps: ReportsDeps,
  user: AuthUser,
  number: string,
  change: ReportStatusChangeData,
  now: Date = new Date(),
): Promise<HandlerReport> {
  const row = await mustFind(deps.db, number);
  await requireHandler(deps.db, user, row);
  const from = ZReportStatus.parse(row.status);
  if (!canReportTransition(from, change.status)) throw new AppError('invalid-transition');
  let duplicateOf: ReportRow | null = null;
  if (change.status === 'duplicado') {
    duplicateOf = (await repo.findByNumber(deps.db, change.duplicate_of!)) ?? null;
    if (!duplicateOf || duplicateOf.id === row.id || duplicateOf.status === 'duplicado') {
      throw AppError.field('report-duplicate-invalid', 'duplicate_of');
    }
  }
  await applyChange(
    deps,
    row,
    { to: change.status, actor: { id: user.id, name: user.name }, note: change.note, reason: change.reason, duplicateOf },
    now,
  );
  return handlerView(deps, user, (await repo.findById(deps.db, row.id))!, now);
}

/** Many reports at once: each is checked on its own; the answer says which moved and which not. */
export async function bulkChangeStatus(
  deps: ReportsDeps,
  user: AuthUser,
  numbers: string[],
  change: ReportStatusChangeData,
): Promise<{ updated: string[]; failed: { number: string; code: string; message: string }[] }> {
  const updated: string[] = [];
  const failed: { number: string; code: string; message: string }[] = [];
  for (const number of [...new Set(numbers)]) {
    try {
      await changeStatus(deps, user, number, change);
      updated.push(number);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failed.push({ number, code: err.code, message: err.message });
    }
  }
  return { updated, failed };
}

/** The reporter reopens a resolved or discarded report within {@link REPORT_REOPEN_DAYS} days. */
export async function reopenReport(deps: ReportsDeps, user: AuthUser, number: string, note: string, now = new Date()): Promise<Report> {
  const row = await mustFind(deps.db, number);
  if (!canReopen(row, user, now)) throw new AppError('report-reopen-not-allowed');
  await applyChange(deps, row, { to: 'abierto', actor: { id: user.id, name: user.name }, note: `Reabierto: ${note}`, kind: 'reopen' }, now);
  return publicView(deps, user, (await repo.findById(deps.db, row.id))!, now);
}

// ——— "¿Se resolvió?" ———

function followUpSignature(secret: string, number: string, reporterId: number): string {
  return createHmac('sha256', secret).update(`report-follow-up:${number}:${reporterId}`).digest('base64url');
}

export function followUpToken(secret: string, number: string, reporterId: number): string {
  return `${number}.${reporterId}.${followUpSignature(secret, number, reporterId)}`;
}

function verifyFollowUpToken(secret: string, token: string): { number: string; reporterId: number } | null {
  const m = /^(REP-\d{4}-\d{6})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(followUpSignature(secret, m[1]!, Number(m[2])));
  const given = Buffer.from(m[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { number: m[1]!, reporterId: Number(m[2]) } : null;
}

/**
 * The reporter answers "¿Se resolvió?": from the e-mail link (its signed token, no session) or
 * logged in. "Sí" closes the question; "No" reopens the report with the note.
 */
export async function answerFollowUp(
  deps: ReportsDeps,
  user: AuthUser | null,
  input: { number?: string | undefined; token?: string | undefined; resolved: boolean; note: string | null },
  now = new Date(),
): Promise<Report> {
  let row: ReportRow;
  if (input.token) {
    const t = verifyFollowUpToken(deps.secret, input.token);
    if (!t || (input.number && input.number !== t.number)) throw AppError.field('report-follow-up-invalid', 'token');
    row = await mustFind(deps.db, t.number);
    if (row.reporter_id !== t.reporterId) throw AppError.field('report-follow-up-invalid', 'token');
  } else {
    if (!user) throw new AppError('unauthorized');
    row = await mustFind(deps.db, input.number ?? '');
    if (row.reporter_id !== user.id) throw new AppError('report-forbidden');
  }
  if (row.status !== 'resuelto' || row.follow_up_answer !== null) {
    throw new AppError('conflict', { message: 'Este reporte ya no espera tu respuesta: ábrelo para ver su estado.' });
  }
  const reporter = row.reporter_id !== null ? (await repo.usersByIds(deps.db, [row.reporter_id]))[0] : undefined;
  const actor = { id: row.reporter_id, name: reporter?.name ?? row.reporter_name };
  const at = now.toISOString();
  if (input.resolved) {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await repo.updateIfStatus(trx, row.id, 'resuelto', { follow_up_answer: 'si', follow_up_answered_at: at, updated_at: at }))) {
        throw new AppError('conflict');
      }
      await repo.insertEvent(trx, {
        report_id: row.id,
        kind: 'follow_up',
        from_status: null,
        to_status: null,
        actor_id: actor.id,
        actor_name: actor.name,
        message: 'Quien reportó confirmó que se resolvió.',
        internal: 0,
        created_at: at,
      });
    });
    reportsChanged(deps.db);
  } else {
    await repo.update(deps.db, row.id, { follow_up_answer: 'no', follow_up_answered_at: at });
    const note = `No se resolvió${input.note ? `: ${input.note}` : '.'}`;
    await applyChange(deps, { ...row, follow_up_answer: 'no' }, { to: 'abierto', actor, note, kind: 'reopen' }, now);
  }
  return publicView(deps, user, (await repo.findById(deps.db, row.id))!, now);
}

/** Sends the due "¿Se resolvió?" e-mails (the server runs it every few minutes). */
export async function sendDueFollowUps(deps: ReportsDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REPORT_FOLLOW_UP_DAYS * DAY_MS).toISOString();
  let sent = 0;
  for (const row of await repo.dueFollowUps(deps.db, before)) {
    if (row.reporter_id === null) continue;
    const reporter = (await repo.usersByIds(deps.db, [row.reporter_id]))[0];
    // Mark first: a crash between the two loses one e-mail rather than sending it twice.
    await repo.update(deps.db, row.id, { follow_up_sent_at: now.toISOString() });
    if (!reporter || reporter.active !== 1 || reporter.deleted_at !== null) continue;
    const token = followUpToken(deps.secret, row.number, row.reporter_id);
    await notify(deps.db, reporter.id, {
      title: `¿Se resolvió? Reporte ${row.number}`,
      body: 'Cuéntanos si el problema se resolvió: si no, lo reabrimos.',
      link: REPORT_APP_LINK(row.number),
    });
    await sendMail(
      deps,
      followUpEmail(reporter.email, { number: row.number, categoryLabel: (await categoryLabels(deps.db)).get(row.category) ?? row.category, publicUrl: deps.publicUrl, token }),
    );
    sent += 1;
  }
  return sent;
}

// ——— Handling ———

export async function getHandlerReport(deps: ReportsDeps, user: AuthUser, number: string): Promise<HandlerReport> {
  const row = await mustFind(deps.db, number);
  await requireHandler(deps.db, user, row);
  return handlerView(deps, user, row);
}

/** The inbox: staff see all, a manager the reports of their points; oldest first. */
export async function listHandlerReports(
  deps: ReportsDeps,
  user: AuthUser,
  q: { page: number; page_size: number; status?: string[] | undefined; category?: string[] | undefined; point_id?: number | undefined; assigned_to?: number | 'none' | undefined },
): Promise<{ items: HandlerReportListItem[]; total: number; page: number; page_size: number }> {
  if (!user.is_admin && user.tc_id !== TC_ID.manager) throw new AppError('forbidden');
  const filter: repo.ListFilter = {
    statuses: q.status?.length ? q.status : REPORT_OPEN_STATUSES,
    categories: q.category,
    assignedTo: q.assigned_to,
  };
  if (!user.is_admin) {
    const mine = await pointIdsOfManager(deps.db, user.id);
    filter.pointIds = q.point_id ? mine.filter((id) => id === q.point_id) : mine;
  } else if (q.point_id) filter.pointIds = [q.point_id];
  const { rows, total } = await repo.listReports(deps.db, filter, {
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
    oldestFirst: true,
  });
  const ctx = await loadContext(deps, user, rows);
  const assignees = await repo.usersByIds(deps.db, [...new Set(rows.map((r) => r.assigned_to).filter((x): x is number => x !== null))]);
  const now = new Date();
  return {
    items: rows.map((r) => {
      const a = assignees.find((u) => u.id === r.assigned_to);
      return {
        ...toSummary(deps, r, ctx, user, now),
        assigned_to: a ? { id: a.id, name: a.name } : null,
        age_days: Math.floor((now.getTime() - Date.parse(r.created_at)) / DAY_MS),
      };
    }),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

/** An internal note: handlers only, never shown to the public. */
export async function addInternalNote(deps: ReportsDeps, user: AuthUser, number: string, text: string): Promise<HandlerReport> {
  const row = await mustFind(deps.db, number);
  await requireHandler(deps.db, user, row);
  await repo.insertEvent(deps.db, {
    report_id: row.id,
    kind: 'note',
    from_status: null,
    to_status: null,
    actor_id: user.id,
    actor_name: user.name,
    message: text,
    internal: 1,
    created_at: new Date().toISOString(),
  });
  return handlerView(deps, user, row);
}

/** Assigns a report to a staff member or one of its point's managers (or nobody). */
export async function assignReport(deps: ReportsDeps, user: AuthUser, number: string, assigneeId: number | null): Promise<HandlerReport> {
  const row = await mustFind(deps.db, number);
  await requireHandler(deps.db, user, row);
  let name = 'nadie';
  if (assigneeId !== null) {
    const [a] = await repo.usersByIds(deps.db, [assigneeId]);
    const managers = row.point_id !== null ? await repo.managerIdsOfPoint(deps.db, row.point_id) : [];
    if (!a || a.active !== 1 || (a.is_admin !== 1 && !managers.includes(a.id))) {
      throw AppError.field('validation-failed', 'assignee_id', 'Solo puedes asignarlo a alguien del equipo o a quien administra el punto.');
    }
    name = a.name;
  }
  const at = new Date().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repo.update(trx, row.id, { assigned_to: assigneeId, updated_at: at });
    await repo.insertEvent(trx, {
      report_id: row.id,
      kind: 'assignment',
      from_status: null,
      to_status: null,
      actor_id: user.id,
      actor_name: user.name,
      message: `Asignado a ${name}.`,
      internal: 1,
      created_at: at,
    });
  });
  reportsChanged(deps.db);
  return handlerView(deps, user, (await repo.findById(deps.db, row.id))!);
}

/** Staff hide a photo from the public (a face, a licence plate) or show it again. */
export async function setPhotoHidden(deps: ReportsDeps, user: AuthUser, number: string, photoId: string, hidden: boolean): Promise<HandlerReport> {
  const row = await mustFind(deps.db, number);
  await requireHandler(deps.db, user, row);
  if (!(await repo.setPhotoHidden(deps.db, row.id, photoId, hidden))) throw AppError.field('report-photo-invalid', 'photo_id');
  reportsChanged(deps.db);
  return handlerView(deps, user, row);
}

// ——— Other features' hooks ———

/** Open "contenedor lleno" reports per container id (the manager's Contenedores view). */
export function openFullReportsByContainer(db: Db, containerIds: number[]): Promise<Map<number, number>> {
  return repo.openFullReportsOf(db, containerIds, REPORT_OPEN_STATUSES);
}

/** Whether a status closes a report (Open311 `closed`). */
export function isClosedStatus(status: ReportStatus): boolean {
  return CLOSED.includes(status);
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

function toRecord(secret: string, row: repo.ReportRecordRow, photo: ReportPhotoRow | undefined): ReportRecord {
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
    const rows = await repo.listRecords(deps.db, {
      numbers: f.numbers,
      categories: f.categories,
      from: f.from,
      to: f.to,
      statuses: f.open === undefined ? undefined : f.open ? REPORT_OPEN_STATUSES : CLOSED,
      limit: f.limit,
    });
    const photos = await repo.listPhotos(deps.db, rows.map((r) => r.id));
    const firstPhoto = new Map<number, ReportPhotoRow>();
    for (const p of photos) if (p.hidden === 0 && !firstPhoto.has(p.report_id)) firstPhoto.set(p.report_id, p);
    return rows.map((r) => toRecord(deps.secret, r, firstPhoto.get(r.id)));
  });
}

import {
  TC_ID,
  REPORT_FOLLOW_UP_DAYS,
  REPORT_REOPEN_DAYS,
  REPORT_TRANSITIONS,
  ZReportStatus,
  type HandlerReport,
  type Report,
  type ReportEvent,
  type ReportPhoto,
  type ReportStatus,
  type ReportSummary,
  type WebhookEventData,
} from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/dialect.js';
import type { FilesTable } from '../../db/types.js';
import type { Selectable } from 'kysely';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { describePlace } from '../geocoding/geocoding.service.js';
import { toUploadedFile } from '../files/files.service.js';
import { pointIdsOfManager } from '../points/points.service.js';
import type { RealtimeBus } from '../realtime/realtime.service.js';
import { categoryLabels } from './report-categories.service.js';
import * as repo from './reports.repository.js';
import * as reportRows from './report-rows.js';
import type { ReportPhotoRow, ReportRow } from './report-rows.js';

/**
 * What every part of the reports feature shares: its dependencies, who may handle a report,
 * and how a report row becomes what a caller sees (the public view or the handler's).
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

export const DAY_MS = 24 * 3600 * 1000;
export const CLOSED: readonly ReportStatus[] = ['resuelto', 'descartado', 'duplicado'];

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

export async function requireHandler(db: Executor, user: AuthUser, row: ReportRow): Promise<ReportRole> {
  const role = await handlerRole(db, user, row);
  if (!role) throw new AppError('report-forbidden');
  return role;
}

// ——— Views ———

export function photoView(secret: string, p: ReportPhotoRow): ReportPhoto {
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

export function canReopen(row: ReportRow, user: AuthUser | null, now: Date): boolean {
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

export async function loadContext(deps: ReportsDeps, user: AuthUser | null, rows: ReportRow[]): Promise<Context> {
  const ids = rows.map((r) => r.id);
  const managed = user && user.tc_id === TC_ID.manager && !user.is_admin ? await pointIdsOfManager(deps.db, user.id) : [];
  const [labels, photos, followers, following] = await Promise.all([
    categoryLabels(deps.db),
    reportRows.listPhotos(deps.db, ids),
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

export function toSummary(deps: ReportsDeps, row: ReportRow, ctx: Context, user: AuthUser | null, now: Date): ReportSummary {
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
    address: row.address ?? describePlace(row.lat, row.lng),
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

export async function publicView(deps: ReportsDeps, user: AuthUser | null, row: ReportRow, now = new Date()): Promise<Report> {
  const [ctx, events] = await Promise.all([loadContext(deps, user, [row]), repo.listEvents(deps.db, row.id)]);
  return {
    ...toSummary(deps, row, ctx, user, now),
    history: events.filter((e) => e.internal === 0).map(eventView),
  };
}

/**
 * The view of a report just filed, from what its filing wrote: no one can follow it, hide a
 * photo or add an event before the filer has its answer, so it needs no query (but the role
 * of a point manager filing at their own point).
 */
export async function filedView(
  deps: ReportsDeps,
  user: AuthUser | null,
  row: ReportRow,
  files: Selectable<FilesTable>[],
  created: repo.ReportEventRow,
  categoryLabel: string,
  now = new Date(),
): Promise<Report> {
  const ctx: Context = {
    labels: new Map([[row.category, categoryLabel]]),
    photos: files.map((f, position) => ({ ...f, report_id: row.id, hidden: 0, position })),
    followers: new Map(),
    following: new Set(),
    roles: new Map([[row.id, await handlerRole(deps.db, user, row)]]),
  };
  return { ...toSummary(deps, row, ctx, user, now), history: [eventView(created)] };
}

export async function handlerView(deps: ReportsDeps, user: AuthUser, row: ReportRow, now = new Date()): Promise<HandlerReport> {
  const [ctx, events] = await Promise.all([loadContext(deps, user, [row]), repo.listEvents(deps.db, row.id)]);
  const people = await reportRows.accountsOf(deps.db, [row.reporter_id, row.assigned_to].filter((x): x is number => x !== null));
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

export async function mustFind(db: Executor, number: string): Promise<ReportRow> {
  const row = await reportRows.findByNumber(db, number);
  if (!row) throw new AppError('report-not-found');
  return row;
}

/** What a report's webhook events carry (no personal data of the reporter). */
export function webhookReport(
  row: Pick<ReportRow, 'number' | 'category' | 'status' | 'description' | 'lat' | 'lng' | 'point_id' | 'source' | 'created_at' | 'updated_at'>,
): WebhookEventData<'report.created'> {
  return {
    number: row.number,
    category: row.category,
    status: row.status,
    description: row.description,
    lat: Number(row.lat),
    lng: Number(row.lng),
    point_id: row.point_id,
    source: row.source,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

import { type CreateReportData, type Report } from '@puntoverde/contract';
import { numberedTransaction, placeholderNumber } from '../../db/sequence.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { resolveFileRef } from '../files/files.service.js';
import { notify } from '../notifications/notifications.service.js';
import { describePlace } from '../geocoding/geocoding.service.js';
import { matchReportPoint } from './report-settings.service.js';
import { requireActiveCategory } from './report-categories.service.js';
import { publishNotifications, REPORT_APP_LINK, sendMail } from './report-notices.js';
import { filedView, webhookReport, type ReportsDeps } from './report-views.js';
import { publishWebhookEvent } from '../webhooks/webhooks.service.js';
import { reportsChanged } from './public-list-cache.js';
import { filedEmail } from './reports.emails.js';
import { containerWithPoint, managerIdsOfPoint, pointBasics } from '../points/points.service.js';
import * as repo from './reports.repository.js';
import * as reportRows from './report-rows.js';
import type { ReportRow } from './report-rows.js';

/** The timeline's author of what no person did. */
const SYSTEM = 'PuntoVerde';

/** Made once: a formatter made per call costs a third of a millisecond of CPU per filing. */
const bogotaYearFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric' });

/** `now` in Bogotá → its calendar year (numbers restart every 1 January, Bogotá time). */
function bogotaYear(now: Date): number {
  return Number(bogotaYearFormat.format(now));
}

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
 * so a rejected report never consumes one and never leaves a half-written record. It is taken
 * last, with the commit (`numberedTransaction`): concurrent filings wait for each other only for
 * that. Notices and e-mails go after the commit.
 */
export async function createReport(
  deps: ReportsDeps,
  source: FilingSource,
  input: CreateReportData,
  now: Date = new Date(),
): Promise<Report> {
  const user = source.user;
  const category = await requireActiveCategory(deps.db, input.category);
  let pointName: string | null = null;
  if (input.point_id != null) {
    const point = (await pointBasics(deps.db, [input.point_id])).get(input.point_id);
    if (!point) throw AppError.field('point-not-found', 'point_id');
    pointName = point.name;
  }
  if (input.container_id != null) {
    const container = await containerWithPoint(deps.db, input.container_id);
    if (!container || (input.point_id != null && container.point_id !== input.point_id)) {
      throw AppError.field('container-not-found', 'container_id');
    }
    if (container.point_id !== null && input.point_id == null) {
      pointName = (await pointBasics(deps.db, [container.point_id])).get(container.point_id)?.name ?? null;
    }
    input = { ...input, point_id: container.point_id };
  }
  // Filed without a point: it goes to the nearest active point within the distance staff set,
  // so that point's managers see it (the form told the reporter which one).
  if (input.point_id == null) {
    const match = await matchReportPoint(deps.db, input.lat, input.lng);
    if (match) {
      input = { ...input, point_id: match.id };
      pointName = match.name;
    }
  }
  const at = now.toISOString();
  const year = bogotaYear(now);
  const placeholder = placeholderNumber();

  const values = {
    year,
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
    address: (source.kind === 'open311' ? source.address : null) ?? describePlace(input.lat, input.lng),
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
  };
  const created = {
    kind: 'created',
    from_status: null,
    to_status: 'abierto',
    actor_id: user?.id ?? null,
    actor_name: user?.name ?? (source.kind === 'open311' ? source.name : SYSTEM),
    message: null,
    internal: 0,
    created_at: at,
  };

  const filed = await numberedTransaction(deps.db, 'report', year, async (trx) => {
    const files: Awaited<ReturnType<typeof resolveFileRef>>[] = [];
    const fileIds: number[] = [];
    for (const [i, publicId] of input.photos.entries()) {
      if (!user) throw AppError.field('report-photo-invalid', `photos.${i}`);
      const file = await resolveFileRef(trx, publicId, user, { field: `photos.${i}`, kind: 'image' }).catch(() => {
        throw AppError.field('report-photo-invalid', `photos.${i}`);
      });
      if (fileIds.includes(file.id)) throw AppError.field('report-photo-invalid', `photos.${i}`);
      fileIds.push(file.id);
      files.push(file);
    }
    const attached = await reportRows.attachedFileIds(trx, fileIds);
    if (attached.length) throw AppError.field('report-photo-invalid', `photos.${fileIds.indexOf(attached[0]!)}`);
    const reportId = await repo.insertReport(trx, { ...values, number: placeholder.number, sequence: placeholder.sequence });
    await repo.insertPhotos(trx, reportId, fileIds);
    await repo.insertEvent(trx, { ...created, report_id: reportId });
    return { id: reportId, files };
  });

  reportsChanged(deps.db);
  // The row as committed, from what was written: nothing else can have touched it yet.
  const row: ReportRow = {
    ...values,
    id: filed.row.id,
    number: filed.number,
    sequence: filed.sequence,
    point_name: pointName,
    duplicate_of_number: null,
  };
  // After the commit: the number is given with it (numberedTransaction).
  await publishWebhookEvent(deps.db, 'report.created', webhookReport(row), now);
  // The point's managers get a record: a new report waits for them.
  if (row.point_id !== null) {
    const managers = await managerIdsOfPoint(deps.db, row.point_id);
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
  return filedView(deps, user, row, filed.row.files, { ...created, id: 0, report_id: row.id }, category.label, now);
}

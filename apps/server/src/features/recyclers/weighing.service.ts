import {
  parseDocumentNumber,
  type BuyerIdType,
  type MyWeighings,
  type Sale,
  type SaleCreate,
  type Scale,
  type ScaleCreate,
  type StockLine,
  type Ticket,
  type TicketConfirmation,
  type TicketCreate,
  type TicketListQuery,
  type TicketStatus,
} from '@puntoverde/contract';
import { nowIso, type Db, type Executor } from '../../db/dialect.js';
import { numberedTransaction, placeholderNumber } from '../../db/sequence.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { fileUrl, findFile, publicIdsOfFiles, readStoredFile, resolveFileRef, type FileStorage } from '../files/files.service.js';
import { accountsByIds } from '../identity/identity.service.js';
import { getCatalogue, materialsByCodes } from '../materials/materials.service.js';
import { notify } from '../notifications/notifications.service.js';
import { pointBasics } from '../points/points.service.js';
import { bogotaDay as bogotaDate } from '../statistics/statistics.service.js';
import { changeStatus } from '../requests/request-status.service.js';
import { getRequest, type RequestsDeps } from '../requests/requests.service.js';
import * as orgRepo from './recyclers.repository.js';
import { assertOrganizationAccess } from './recyclers.service.js';
import { saleMonthFiled } from './sui.service.js';
import { renderTicketPdf } from './ticket-pdf.js';
import * as repo from './weighing.repository.js';

/**
 * Weighing and sales at an organisation's ECA (spec/recicladores.md, "Weighing").
 *
 * - Scales: each with its legal-metrology verification certificate and the last day it is valid;
 *   a ticket on a scale whose verification expired is refused (Resolución SIC 77506 de 2016).
 * - Tickets: one per recycler delivery, numbered `TQ-YYYY-NNNNNN` without gaps, pending until the
 *   recycler confirms (a tap on their phone, or a signature on the coordinator's screen), then
 *   immutable; a correction is a new ticket that voids the old one with a reason. Confirming
 *   closes the pickups the ticket names through the requests feature (their `actual_kg` are the
 *   usable kilos of the lines that name them: net − rejects), so Mis cifras, certificates and
 *   rewards keep one ledger.
 * - Sales: stock per material per ECA is weighed − rejects − sold over tickets not voided; a
 *   sale takes the ECA's lock before reading it, so two concurrent sales cannot both pass.
 * Staff and the organisation's coordinators run it; members see only their own tickets.
 */

export type WeighingDeps = RequestsDeps & { storage?: FileStorage };

/** The web page of a member's own tickets. */
export const MY_WEIGHINGS_WEB_ROUTE = '/app/tabs/mis-pesajes';

const round2 = (n: number) => Math.round(n * 100) / 100;
const dateEs = new Intl.DateTimeFormat('es-CO', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
const kgEs = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

function audit(db: Executor, user: AuthUser, action: string, entity: string, id: number, before: unknown, after: unknown) {
  return recordAudit(db, { actorId: user.id, action, entity, entityId: id, before, after });
}

async function ecaOfOrganization(db: Executor, organizationId: number, pointId: number, field?: string) {
  const eca = await orgRepo.findEca(db, pointId);
  if (!eca || eca.organization_id !== organizationId) {
    if (field) throw AppError.field('recycler-eca-not-found', field, 'Elige una ECA de esta organización.');
    throw new AppError('recycler-eca-not-found');
  }
  return eca;
}

/** Code and Spanish name of each material, by id (the catalogue is cached). */
async function materialsById(db: Executor): Promise<Map<number, { code: string; name_es: string }>> {
  return new Map((await getCatalogue(db)).materials.map((m) => [m.id, { code: m.code, name_es: m.name_es }]));
}

// ---- scales ----

function isExpired(row: repo.ScaleRow, today: string): boolean {
  return row.certificate_expires_on < today;
}

async function toScales(db: Executor, rows: repo.ScaleRow[], now: Date): Promise<Scale[]> {
  const points = await pointBasics(
    db,
    rows.map((r) => r.eca_point_id),
  );
  const today = bogotaDate(now);
  return rows.map((r) => ({
    id: r.id,
    eca_point_id: r.eca_point_id,
    eca_name: points.get(r.eca_point_id)?.name ?? '',
    serial: r.serial,
    capacity_kg: Number(r.capacity_kg),
    division_g: Number(r.division_g),
    certificate_number: r.certificate_number,
    certificate_expires_on: r.certificate_expires_on,
    active: r.active === 1,
    expired: isExpired(r, today),
  }));
}

async function scaleOf(db: Executor, organizationId: number, scaleId: number): Promise<repo.ScaleRow> {
  const scale = await repo.findScale(db, scaleId);
  const eca = scale ? await orgRepo.findEca(db, scale.eca_point_id) : undefined;
  if (!scale || !eca || eca.organization_id !== organizationId) throw new AppError('recycler-scale-not-found');
  return scale;
}

export async function listScales(db: Db, user: AuthUser, organizationId: number, now = new Date()): Promise<Scale[]> {
  await assertOrganizationAccess(db, user, organizationId);
  const ecas = await orgRepo.ecasOf(db, organizationId);
  return toScales(
    db,
    await repo.scalesOfEcas(
      db,
      ecas.map((e) => e.point_id),
    ),
    now,
  );
}

export async function createScale(
  db: Db,
  user: AuthUser,
  organizationId: number,
  pointId: number,
  input: ScaleCreate,
): Promise<Scale> {
  const row = await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    await ecaOfOrganization(trx, organizationId, pointId);
    if (await repo.scaleBySerial(trx, pointId, input.serial)) throw AppError.field('recycler-scale-serial-in-use', 'serial');
    const at = nowIso();
    const inserted = await repo.insertScale(trx, {
      eca_point_id: pointId,
      ...input,
      active: input.active ? 1 : 0,
      created_at: at,
      updated_at: at,
    });
    await audit(trx, user, 'create', 'recycler_scale', inserted.id, null, inserted);
    return inserted;
  });
  return (await toScales(db, [row], new Date()))[0]!;
}

export async function updateScale(
  db: Db,
  user: AuthUser,
  organizationId: number,
  scaleId: number,
  input: ScaleCreate,
): Promise<Scale> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    const before = await scaleOf(trx, organizationId, scaleId);
    const twin = await repo.scaleBySerial(trx, before.eca_point_id, input.serial);
    if (twin && twin.id !== scaleId) throw AppError.field('recycler-scale-serial-in-use', 'serial');
    await repo.updateScale(trx, scaleId, { ...input, active: input.active ? 1 : 0, updated_at: nowIso() });
    await audit(trx, user, 'update', 'recycler_scale', scaleId, before, input);
  });
  return (await toScales(db, [await scaleOf(db, organizationId, scaleId)], new Date()))[0]!;
}

/** A scale that never weighed leaves; one with tickets stays (they name it): set it inactive instead. */
export async function deleteScale(db: Db, user: AuthUser, organizationId: number, scaleId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    const before = await scaleOf(trx, organizationId, scaleId);
    if (await repo.scaleHasTickets(trx, scaleId)) throw new AppError('recycler-scale-in-use');
    await repo.deleteScale(trx, scaleId);
    await audit(trx, user, 'delete', 'recycler_scale', scaleId, before, null);
  });
}

// ---- tickets: reading ----

async function toTickets(db: Executor, secret: string, rows: repo.TicketRow[]): Promise<Ticket[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [lines, pickups, corrections, corrected] = await Promise.all([
    repo.linesOfTickets(db, ids),
    repo.pickupsOfTickets(db, ids),
    repo.correctionsOf(db, ids),
    repo.ticketNumbers(
      db,
      rows.flatMap((r) => (r.corrects_ticket_id ? [r.corrects_ticket_id] : [])),
    ),
  ]);
  const organizationIds = [...new Set(rows.map((r) => r.organization_id))];
  const organizations = new Map<number, string>();
  for (const id of organizationIds) organizations.set(id, (await orgRepo.findOrganization(db, id))?.name ?? '');
  const points = await pointBasics(
    db,
    rows.map((r) => r.eca_point_id),
  );
  const scales = new Map<number, repo.ScaleRow>();
  for (const id of new Set(rows.map((r) => r.scale_id))) {
    const s = await repo.findScale(db, id);
    if (s) scales.set(id, s);
  }
  const members = new Map<number, orgRepo.MemberRow>();
  for (const r of rows) {
    if (!members.has(r.member_id)) {
      const m = await orgRepo.findMember(db, r.organization_id, r.member_id);
      if (m) members.set(r.member_id, m);
    }
  }
  const macros = new Map<number, orgRepo.MacroRouteRow>();
  for (const r of rows) {
    if (r.macro_route_id && !macros.has(r.macro_route_id)) {
      const m = await orgRepo.findMacroRoute(db, r.organization_id, r.macro_route_id);
      if (m) macros.set(m.id, m);
    }
  }
  const operators = await accountsByIds(
    db,
    rows.map((r) => r.operator_id),
  );
  const materials = await materialsById(db);
  const signatures = await publicIdsOfFiles(
    db,
    rows.map((r) => r.signature_file_id),
  );
  return rows.map((r) => {
    const own = lines.filter((l) => l.ticket_id === r.id);
    const member = members.get(r.member_id);
    const macro = r.macro_route_id ? macros.get(r.macro_route_id) : undefined;
    const operator = r.operator_id ? operators.get(r.operator_id) : undefined;
    const scale = scales.get(r.scale_id);
    const voidedBy = corrections.find((c) => c.corrects_ticket_id === r.id);
    const correctsNumber = corrected.find((c) => c.id === r.corrects_ticket_id);
    const signature = r.signature_file_id ? signatures.get(r.signature_file_id) : undefined;
    return {
      id: r.id,
      number: r.number,
      organization_id: r.organization_id,
      organization_name: organizations.get(r.organization_id) ?? '',
      eca_point_id: r.eca_point_id,
      eca_name: points.get(r.eca_point_id)?.name ?? '',
      scale: { id: r.scale_id, serial: scale?.serial ?? '', certificate_number: scale?.certificate_number ?? '' },
      member: {
        id: r.member_id,
        name: member?.name ?? '',
        id_type: member?.id_type ?? '',
        id_number: member?.id_number ?? '',
        has_account: member?.user_id != null,
      },
      operator: operator ? { id: operator.id, name: operator.name } : null,
      macro_route: macro ? { id: macro.id, numacro: macro.numacro, name: macro.name } : null,
      micro_route_id: r.micro_route_id,
      weighed_at: r.weighed_at,
      status: r.status as TicketStatus,
      confirmation: r.confirmation as TicketConfirmation | null,
      confirmed_at: r.confirmed_at,
      signature_url: signature ? fileUrl(secret, { public_id: signature, is_public: 0 }) : null,
      corrects: r.corrects_ticket_id && correctsNumber ? { id: correctsNumber.id, number: correctsNumber.number } : null,
      void_reason: r.void_reason,
      voided_by: voidedBy ? { id: voidedBy.id, number: voidedBy.number } : null,
      pickups: pickups.filter((p) => p.ticket_id === r.id).map((p) => p.request_id),
      lines: own.map((l) => ({
        material: materials.get(l.material_id)?.code ?? '',
        material_name: materials.get(l.material_id)?.name_es ?? '',
        gross_kg: Number(l.gross_kg),
        tare_kg: Number(l.tare_kg),
        net_kg: Number(l.net_kg),
        reject_kg: Number(l.reject_kg),
        pickup_id: l.request_id,
      })),
      total_net_kg: round2(own.reduce((s, l) => s + Number(l.net_kg), 0)),
      total_reject_kg: round2(own.reduce((s, l) => s + Number(l.reject_kg), 0)),
    };
  });
}

async function ticketOfOrganization(db: Executor, organizationId: number, ticketId: number): Promise<repo.TicketRow> {
  const row = await repo.findTicket(db, ticketId);
  if (!row || row.organization_id !== organizationId) throw new AppError('recycler-ticket-not-found');
  return row;
}

export async function listTickets(
  deps: WeighingDeps,
  user: AuthUser,
  organizationId: number,
  query: TicketListQuery,
): Promise<Ticket[]> {
  await assertOrganizationAccess(deps.db, user, organizationId);
  const rows = await repo.ticketsWhere(deps.db, {
    organizationId,
    ...(query.member_id ? { memberIds: [query.member_id] } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  });
  return toTickets(deps.db, deps.fileSecret, rows);
}

export async function getTicket(deps: WeighingDeps, user: AuthUser, organizationId: number, ticketId: number) {
  await assertOrganizationAccess(deps.db, user, organizationId);
  return (await toTickets(deps.db, deps.fileSecret, [await ticketOfOrganization(deps.db, organizationId, ticketId)]))[0]!;
}

// ---- tickets: recording ----

/** Checks every reference of a new ticket; returns the material ids by code. */
async function checkTicket(
  deps: WeighingDeps,
  user: AuthUser,
  organizationId: number,
  input: TicketCreate,
  now: Date,
): Promise<Map<string, number>> {
  const db = deps.db;
  await ecaOfOrganization(db, organizationId, input.eca_point_id, 'eca_point_id');
  const scale = await repo.findScale(db, input.scale_id);
  if (!scale || scale.eca_point_id !== input.eca_point_id || scale.active !== 1)
    throw AppError.field('recycler-scale-not-found', 'scale_id', 'Elige una báscula en uso de esta ECA.');
  if (isExpired(scale, bogotaDate(now)))
    throw AppError.field(
      'recycler-scale-expired',
      'scale_id',
      `La verificación metrológica de la báscula ${scale.serial} venció el ${dateEs.format(new Date(`${scale.certificate_expires_on}T00:00:00Z`))} (certificado ${scale.certificate_number}): no se pueden registrar pesajes con ella hasta renovarla.`,
    );
  const member = await orgRepo.findMember(db, organizationId, input.member_id);
  if (!member || member.status !== 'activo')
    throw AppError.field('recycler-member-not-found', 'member_id', 'Elige un miembro activo de esta organización.');
  if (input.macro_route_id !== null) {
    const macro = await orgRepo.findMacroRoute(db, organizationId, input.macro_route_id);
    if (!macro) throw AppError.field('recycler-route-not-found', 'macro_route_id', 'Elige una macroruta de esta organización.');
  }
  if (input.micro_route_id !== null) {
    const micro =
      input.macro_route_id === null ? undefined : await orgRepo.findMicroRoute(db, input.macro_route_id, input.micro_route_id);
    if (!micro) throw AppError.field('recycler-route-not-found', 'micro_route_id', 'Elige una microruta de la macroruta elegida.');
  }
  const codes = [...new Set(input.lines.map((l) => l.material))];
  const materials = await materialsByCodes(db, codes);
  const byCode = new Map(materials.map((m) => [m.code, m.id]));
  input.lines.forEach((l, i) => {
    if (!byCode.has(l.material))
      throw AppError.field('unknown-material', `lines.${i}.material`, `Material desconocido: ${l.material}.`);
  });
  // Pickups: to this ECA, scheduled, not already on a live ticket, with usable kilos on a line.
  const taken = await repo.liveTicketsOfPickups(db, input.pickups);
  for (const pickupId of input.pickups) {
    const detail = await getRequest(deps, user, pickupId).catch(() => null);
    const usable = input.lines
      .filter((l) => l.pickup_id === pickupId)
      .reduce((s, l) => s + (l.gross_kg - l.tare_kg - l.reject_kg), 0);
    const onOther = taken.find((t) => t.request_id === pickupId && t.id !== input.corrects_ticket_id);
    if (!detail || detail.point.id !== input.eca_point_id || detail.status !== 'programada' || onOther)
      throw AppError.field(
        'recycler-ticket-pickup-invalid',
        'pickups',
        onOther
          ? `La solicitud #${pickupId} ya está en el tiquete ${onOther.number}.`
          : `La solicitud #${pickupId} no se puede cerrar aquí: debe ser de esta ECA y estar programada.`,
      );
    if (usable <= 0)
      throw AppError.field(
        'recycler-ticket-pickup-invalid',
        'pickups',
        `Registra en una línea los kilos recogidos en la solicitud #${pickupId}.`,
      );
  }
  return byCode;
}

/**
 * Records a ticket (pending the recycler's confirmation) with the next `TQ-YYYY-NNNNNN`. With
 * `corrects_ticket_id`, the ticket corrected is voided with the reason in the same transaction.
 */
export async function createTicket(
  deps: WeighingDeps,
  user: AuthUser,
  organizationId: number,
  input: TicketCreate,
  now: Date = new Date(),
  options: { notifyMember?: boolean } = {},
): Promise<Ticket> {
  await assertOrganizationAccess(deps.db, user, organizationId);
  const materialIds = await checkTicket(deps, user, organizationId, input, now);
  const at = now.toISOString();
  const day = bogotaDate(now);
  const year = Number(day.slice(0, 4));
  const { row } = await numberedTransaction(deps.db, 'scale-ticket', year, async (trx) => {
    if (input.corrects_ticket_id !== null) {
      const old = await ticketOfOrganization(trx, organizationId, input.corrects_ticket_id).catch(() => {
        throw AppError.field('recycler-ticket-not-found', 'corrects_ticket_id');
      });
      if (old.status === 'anulado') throw AppError.field('recycler-ticket-immutable', 'corrects_ticket_id', 'Ese tiquete ya estaba anulado.');
      if (old.status === 'confirmado' && (await repo.pickupsOfTickets(trx, [old.id])).length)
        throw AppError.field(
          'recycler-ticket-immutable',
          'corrects_ticket_id',
          'Ese tiquete confirmado ya cerró solicitudes de recolección con sus kilos: no se puede anular.',
        );
      if (!(await repo.updateTicketIf(trx, old.id, old.status, { status: 'anulado', void_reason: input.void_reason, voided_at: at, updated_at: at })))
        throw new AppError('recycler-ticket-immutable');
      await audit(trx, user, 'void', 'recycler_ticket', old.id, { status: old.status }, { status: 'anulado', reason: input.void_reason });
    }
    const placeholder = placeholderNumber();
    const inserted = await repo.insertTicket(trx, {
      organization_id: organizationId,
      eca_point_id: input.eca_point_id,
      scale_id: input.scale_id,
      member_id: input.member_id,
      operator_id: user.id,
      macro_route_id: input.macro_route_id,
      micro_route_id: input.micro_route_id,
      year,
      sequence: placeholder.sequence,
      number: placeholder.number,
      weighed_at: at,
      weighed_on: day,
      status: 'pendiente',
      confirmation: null,
      confirmed_at: null,
      confirmed_by: null,
      signature_file_id: null,
      corrects_ticket_id: input.corrects_ticket_id,
      void_reason: null,
      voided_at: null,
      created_at: at,
      updated_at: at,
    });
    await repo.insertTicketLines(
      trx,
      input.lines.map((l) => ({
        ticket_id: inserted.id,
        material_id: materialIds.get(l.material)!,
        gross_kg: l.gross_kg,
        tare_kg: l.tare_kg,
        net_kg: round2(l.gross_kg - l.tare_kg),
        reject_kg: l.reject_kg,
        request_id: l.pickup_id,
      })),
    );
    await repo.insertTicketPickups(trx, inserted.id, input.pickups);
    await audit(trx, user, 'create', 'recycler_ticket', inserted.id, null, input);
    return inserted;
  });
  const ticket = await getTicket(deps, user, organizationId, row.id);
  // A member with a phone of their own confirms there: tell them the ticket waits for them.
  const member = await orgRepo.findMember(deps.db, organizationId, input.member_id);
  if (member?.user_id && options.notifyMember !== false)
    await notify(deps.db, member.user_id, {
      title: `Tienes un pesaje por confirmar: ${ticket.number}`,
      body: `${ticket.eca_name}: ${kgEs.format(ticket.total_net_kg)} kg netos. Revísalo y confírmalo en Mis pesajes.`,
      link: MY_WEIGHINGS_WEB_ROUTE,
    });
  return ticket;
}

function asActor(account: { id: number; tc_id: number; id_empresa: number | null; is_admin: number | boolean; email: string | null; name: string }): AuthUser {
  return {
    id: account.id,
    tc_id: account.tc_id,
    id_empresa: account.id_empresa,
    is_admin: account.is_admin === 1 || account.is_admin === true,
    email: account.email ?? '',
    name: account.name,
    session_id: 'scale-ticket',
    must_change_password: false,
  };
}

/**
 * Confirms a pending ticket and closes its pickups as collected (through the requests feature,
 * in the same transaction, by the ticket's operator, who runs the ECA): their kilos are the
 * usable kilos (net − rejects) of the lines naming each one, every requested material the lines
 * do not name at 0.
 */
async function confirm(
  deps: WeighingDeps,
  ticket: repo.TicketRow,
  confirmer: AuthUser,
  how: TicketConfirmation,
  signatureFileId: number | null,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const ok = await repo.updateTicketIf(trx, ticket.id, 'pendiente', {
      status: 'confirmado',
      confirmation: how,
      confirmed_at: at,
      confirmed_by: confirmer.id,
      signature_file_id: signatureFileId,
      updated_at: at,
    });
    if (!ok) throw new AppError('recycler-ticket-immutable');
    const pickups = (await repo.pickupsOfTickets(trx, [ticket.id])).map((p) => p.request_id);
    if (pickups.length) {
      const operator = ticket.operator_id ? (await accountsByIds(trx, [ticket.operator_id])).get(ticket.operator_id) : undefined;
      const actor = how === 'firma' || !operator ? confirmer : asActor(operator);
      const lines = await repo.linesOfTickets(trx, [ticket.id]);
      const materials = await materialsById(trx);
      const inTrx: RequestsDeps = { ...deps, db: trx };
      for (const pickupId of pickups) {
        const requested = await getRequest(inTrx, actor, pickupId);
        const kg = new Map<string, number>();
        for (const item of requested.items) kg.set(item.material, 0);
        for (const l of lines.filter((x) => x.request_id === pickupId))
        {
          const code = materials.get(l.material_id)?.code ?? '';
          kg.set(code, round2((kg.get(code) ?? 0) + Number(l.net_kg) - Number(l.reject_kg)));
        }
        await changeStatus(
          inTrx,
          actor,
          pickupId,
          {
            status: 'recogida',
            reason: null,
            items: [...kg].map(([material, actual_kg]) => ({ material, actual_kg })),
            note: `Pesado en el tiquete ${ticket.number}`,
          },
          now,
        );
      }
    }
    await audit(trx, confirmer, 'confirm', 'recycler_ticket', ticket.id, { status: 'pendiente' }, { status: 'confirmado', confirmation: how });
  });
}

/** The coordinator's screen: the recycler signed on it; the PNG was uploaded through /files. */
export async function confirmBySignature(
  deps: WeighingDeps,
  user: AuthUser,
  organizationId: number,
  ticketId: number,
  signatureId: string,
  now: Date = new Date(),
): Promise<Ticket> {
  await assertOrganizationAccess(deps.db, user, organizationId);
  const ticket = await ticketOfOrganization(deps.db, organizationId, ticketId);
  if (ticket.status !== 'pendiente') throw new AppError('recycler-ticket-immutable');
  const file = await resolveFileRef(deps.db, signatureId, user, { field: 'signature_id', kind: 'image' });
  if (file.mime !== 'image/png')
    throw AppError.field('file-reference-invalid', 'signature_id', 'La firma debe ser una imagen PNG.');
  await confirm(deps, ticket, user, 'firma', file.id, now);
  return getTicket(deps, user, organizationId, ticketId);
}

export async function ticketPdf(
  deps: WeighingDeps,
  user: AuthUser,
  organizationId: number,
  ticketId: number,
): Promise<{ number: string; pdf: Buffer }> {
  const ticket = await getTicket(deps, user, organizationId, ticketId);
  return { number: ticket.number, pdf: await pdfOf(deps, ticket) };
}

async function pdfOf(deps: WeighingDeps, ticket: Ticket): Promise<Buffer> {
  let signature: Buffer | null = null;
  const row = await repo.findTicket(deps.db, ticket.id);
  if (row?.signature_file_id && deps.storage) {
    const publicId = (await publicIdsOfFiles(deps.db, [row.signature_file_id])).get(row.signature_file_id);
    const file = publicId ? await findFile(deps.db, publicId) : undefined;
    if (file) signature = await readStoredFile(deps.storage, file).catch(() => null);
  }
  return renderTicketPdf(ticket, signature);
}

// ---- the member's own tickets ----

async function myTicketRow(db: Executor, user: AuthUser, ticketId: number): Promise<repo.TicketRow> {
  const mine = await repo.memberIdsOfUser(db, user.id);
  const row = await repo.findTicket(db, ticketId);
  if (!row || !mine.includes(row.member_id)) throw new AppError('recycler-ticket-not-found');
  return row;
}

/** Monday of the week of a YYYY-MM-DD day. */
export function weekStart(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** Mis pesajes: kg per material per week of the member's tickets not voided, and what awaits confirmation. */
export async function myWeighings(deps: WeighingDeps, user: AuthUser): Promise<MyWeighings> {
  const memberIds = await repo.memberIdsOfUser(deps.db, user.id);
  const tickets = await toTickets(deps.db, deps.fileSecret, await repo.ticketsWhere(deps.db, { memberIds }, 200));
  type Kilos = { material_name: string; net_kg: number; reject_kg: number };
  const weeks = new Map<string, Map<string, Kilos>>();
  for (const t of tickets) {
    if (t.status === 'anulado') continue;
    const week = weekStart(bogotaDate(new Date(t.weighed_at)));
    const byMaterial = weeks.get(week) ?? new Map<string, Kilos>();
    weeks.set(week, byMaterial);
    for (const l of t.lines) {
      const m = byMaterial.get(l.material) ?? { material_name: l.material_name, net_kg: 0, reject_kg: 0 };
      m.net_kg = round2(m.net_kg + l.net_kg);
      m.reject_kg = round2(m.reject_kg + l.reject_kg);
      byMaterial.set(l.material, m);
    }
  }
  return {
    weeks: [...weeks]
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .map(([week_start, byMaterial]) => {
        const materials = [...byMaterial].map(([material, v]) => ({ material, ...v }));
        return { week_start, materials, total_net_kg: round2(materials.reduce((s, m) => s + m.net_kg, 0)) };
      }),
    pending: tickets.filter((t) => t.status === 'pendiente'),
    tickets,
  };
}

/** The member taps "confirmo" on their own phone. */
export async function confirmMine(deps: WeighingDeps, user: AuthUser, ticketId: number, now = new Date()): Promise<Ticket> {
  const row = await myTicketRow(deps.db, user, ticketId);
  if (row.status !== 'pendiente') throw new AppError('recycler-ticket-immutable');
  await confirm(deps, row, user, 'telefono', null, now);
  return (await toTickets(deps.db, deps.fileSecret, [(await repo.findTicket(deps.db, ticketId))!]))[0]!;
}

export async function myTicketPdf(deps: WeighingDeps, user: AuthUser, ticketId: number) {
  const row = await myTicketRow(deps.db, user, ticketId);
  const [ticket] = await toTickets(deps.db, deps.fileSecret, [row]);
  return { number: ticket!.number, pdf: await pdfOf(deps, ticket!) };
}

// ---- stock and sales ----

async function stockOf(db: Executor, ecaIds: number[]): Promise<StockLine[]> {
  const [weighed, sold] = await Promise.all([repo.weighedByMaterial(db, ecaIds), repo.soldByMaterial(db, ecaIds)]);
  const names = await materialsById(db);
  const key = (eca: number, material: number) => `${eca}:${material}`;
  const out = new Map<string, StockLine>();
  const line = (eca: number, material: number) => {
    const k = key(eca, material);
    let l = out.get(k);
    if (!l) {
      const m = names.get(material);
      l = { eca_point_id: eca, material: m?.code ?? '', material_name: m?.name_es ?? '', weighed_kg: 0, reject_kg: 0, sold_kg: 0, stock_kg: 0 };
      out.set(k, l);
    }
    return l;
  };
  for (const w of weighed) {
    const l = line(w.eca_point_id, w.material_id);
    l.weighed_kg = round2(Number(w.net_kg));
    l.reject_kg = round2(Number(w.reject_kg));
  }
  for (const s of sold) line(s.eca_point_id, s.material_id).sold_kg = round2(Number(s.kg));
  for (const l of out.values()) l.stock_kg = round2(l.weighed_kg - l.reject_kg - l.sold_kg);
  return [...out.values()].sort((a, b) => a.eca_point_id - b.eca_point_id || a.material_name.localeCompare(b.material_name, 'es'));
}

export async function stock(db: Db, user: AuthUser, organizationId: number): Promise<StockLine[]> {
  await assertOrganizationAccess(db, user, organizationId);
  const ecas = await orgRepo.ecasOf(db, organizationId);
  return stockOf(
    db,
    ecas.map((e) => e.point_id),
  );
}

async function toSales(db: Executor, rows: repo.SaleRow[]): Promise<Sale[]> {
  const lines = await repo.linesOfSales(
    db,
    rows.map((r) => r.id),
  );
  const points = await pointBasics(
    db,
    rows.map((r) => r.eca_point_id),
  );
  const materials = await materialsById(db);
  return rows.map((r) => {
    const own = lines
      .filter((l) => l.sale_id === r.id)
      .map((l) => {
        const before = round2(Number(l.kg) * Number(l.price_per_kg));
        const vat = round2((before * Number(l.vat_rate)) / 100);
        return {
          material: materials.get(l.material_id)?.code ?? '',
          material_name: materials.get(l.material_id)?.name_es ?? '',
          kg: Number(l.kg),
          price_per_kg: Number(l.price_per_kg),
          vat_rate: Number(l.vat_rate),
          value_before_vat: before,
          vat,
          value_with_vat: round2(before + vat),
        };
      });
    return {
      id: r.id,
      organization_id: r.organization_id,
      eca_point_id: r.eca_point_id,
      eca_name: points.get(r.eca_point_id)?.name ?? '',
      buyer_id_type: r.buyer_id_type as BuyerIdType,
      buyer_id_number: r.buyer_id_number,
      buyer_name: r.buyer_name,
      invoice_number: r.invoice_number,
      invoice_date: r.invoice_date,
      cufe: r.cufe,
      lines: own,
      total_kg: round2(own.reduce((s, l) => s + l.kg, 0)),
      value_before_vat: round2(own.reduce((s, l) => s + l.value_before_vat, 0)),
      vat: round2(own.reduce((s, l) => s + l.vat, 0)),
      value_with_vat: round2(own.reduce((s, l) => s + l.value_with_vat, 0)),
      created_at: r.created_at,
    };
  });
}

export async function listSales(db: Db, user: AuthUser, organizationId: number): Promise<Sale[]> {
  await assertOrganizationAccess(db, user, organizationId);
  return toSales(db, await repo.salesOf(db, organizationId));
}

/**
 * Records a sale. The ECA's lock is taken first, then its stock is read: a second sale of the
 * same ECA waits for this one's commit and sees its kilos as sold.
 */
/** The material ids of a sale's lines; an unknown material is refused on its line. */
async function saleMaterials(db: Executor, input: SaleCreate) {
  const materials = await materialsByCodes(
    db,
    input.lines.map((l) => l.material),
  );
  const byCode = new Map(materials.map((m) => [m.code, m.id]));
  input.lines.forEach((l, i) => {
    if (!byCode.has(l.material)) throw AppError.field('unknown-material', `lines.${i}.material`, `Material desconocido: ${l.material}.`);
  });
  return { materials, byCode };
}

/** Refuses, on its line, kilos beyond the ECA's stock (read after the ECA's lock was taken). */
async function assertWithinStock(db: Executor, input: SaleCreate, materials: { code: string; name_es: string }[]) {
  const available = await stockOf(db, [input.eca_point_id]);
  for (const [i, l] of input.lines.entries()) {
    const left = available.find((s) => s.material === l.material)?.stock_kg ?? 0;
    if (l.kg > left + 1e-9)
      throw AppError.field(
        'recycler-sale-over-stock',
        `lines.${i}.kg`,
        `La venta supera el inventario de la ECA: de ${materials.find((m) => m.code === l.material)?.name_es ?? l.material} hay ${kgEs.format(Math.max(0, left))} kg y quieres vender ${kgEs.format(l.kg)} kg.`,
      );
  }
}

/**
 * Records a sale. The ECA's lock is taken first, then its stock is read: a second sale of the
 * same ECA waits for this one's commit and sees its kilos as sold.
 */
export async function createSale(db: Db, user: AuthUser, organizationId: number, input: SaleCreate): Promise<Sale> {
  await assertOrganizationAccess(db, user, organizationId);
  const { materials, byCode } = await saleMaterials(db, input);
  const row = await db.transaction().execute(async (trx) => {
    await ecaOfOrganization(trx, organizationId, input.eca_point_id, 'eca_point_id');
    const at = nowIso();
    await repo.lockEca(trx, input.eca_point_id, at);
    if (await repo.saleByInvoice(trx, organizationId, input.invoice_number))
      throw AppError.field('recycler-sale-invoice-in-use', 'invoice_number');
    await assertWithinStock(trx, input, materials);
    const inserted = await repo.insertSale(trx, {
      organization_id: organizationId,
      ...saleFields(input),
      created_by: user.id,
      created_at: at,
    });
    await repo.insertSaleLines(trx, saleLineRows(inserted.id, input, byCode));
    await audit(trx, user, 'create', 'recycler_sale', inserted.id, null, input);
    return inserted;
  });
  return (await toSales(db, [row]))[0]!;
}

/** A sale's own columns from the form (the buyer's document as stored: digits, DV apart). */
function saleFields(input: SaleCreate) {
  return {
    eca_point_id: input.eca_point_id,
    buyer_id_type: input.buyer_id_type,
    buyer_id_number: parseDocumentNumber(input.buyer_id_type, input.buyer_id_number)!,
    buyer_name: input.buyer_name,
    invoice_number: input.invoice_number,
    invoice_date: input.invoice_date,
    cufe: input.cufe,
  };
}

/** The sale's material lines as rows. */
function saleLineRows(saleId: number, input: SaleCreate, byCode: Map<string, number>) {
  return input.lines.map((l) => ({
    sale_id: saleId,
    material_id: byCode.get(l.material)!,
    kg: l.kg,
    price_per_kg: l.price_per_kg,
    vat_rate: l.vat_rate,
  }));
}

/**
 * Corrects a sale: buyer, invoice, CUFE and lines, with the same checks as a new one. Its own
 * previous lines leave the stock before the new ones are checked against it (under the ECAs'
 * locks). A sale a filed SUI month reports cannot change, nor move into a filed month: its
 * correction goes in the next month's file (409).
 */
export async function updateSale(
  db: Db,
  user: AuthUser,
  organizationId: number,
  saleId: number,
  input: SaleCreate,
): Promise<Sale> {
  await assertOrganizationAccess(db, user, organizationId);
  const { materials, byCode } = await saleMaterials(db, input);
  await db.transaction().execute(async (trx) => {
    const [before] = await repo.salesOf(trx, organizationId, [saleId]);
    if (!before) throw new AppError('recycler-sale-not-found');
    await ecaOfOrganization(trx, organizationId, input.eca_point_id, 'eca_point_id');
    const at = nowIso();
    // Locks in id order, so two corrections across the same two ECAs never wait on each other.
    for (const eca of [...new Set([before.eca_point_id, input.eca_point_id])].sort((a, b) => a - b))
      await repo.lockEca(trx, eca, at);
    if (
      (await saleMonthFiled(trx, organizationId, before.invoice_date, before.created_at)) ||
      (await saleMonthFiled(trx, organizationId, input.invoice_date, before.created_at))
    )
      throw new AppError('recycler-sale-month-filed');
    const twin = await repo.saleByInvoice(trx, organizationId, input.invoice_number);
    if (twin && twin.id !== saleId) throw AppError.field('recycler-sale-invoice-in-use', 'invoice_number');
    const [beforeView] = await toSales(trx, [before]);
    await repo.deleteSaleLines(trx, saleId);
    await assertWithinStock(trx, input, materials);
    await repo.updateSale(trx, saleId, saleFields(input));
    await repo.insertSaleLines(trx, saleLineRows(saleId, input, byCode));
    await audit(trx, user, 'update', 'recycler_sale', saleId, beforeView, input);
  });
  const [row] = await repo.salesOf(db, organizationId, [saleId]);
  return (await toSales(db, [row!]))[0]!;
}

import {
  REJECTION_RATE_LIMIT,
  SCALE_EXPIRY_WARNING_DAYS,
  type PayoutCreate,
  type PayoutListItem,
  type RecyclerDashboard,
} from '@puntoverde/contract';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { getCatalogue } from '../materials/materials.service.js';
import { pointBasics } from '../points/points.service.js';
import { bogotaDay } from '../statistics/statistics.service.js';
import * as orgRepo from './recyclers.repository.js';
import { assertOrganizationAccess } from './recyclers.service.js';
import * as repo from './sui.repository.js';
import * as weighingRepo from './weighing.repository.js';

/**
 * The coordinator's dashboard of an organisation of recicladores: kilos weighed (net), rejected
 * and sold per month and material, per recycler and per micro-route; the rejection rate of each
 * macro-route against the tariff's 20 % (CRA 720 de 2015); what members were paid when the
 * organisation records payouts; and the scales whose verification expires within 30 days.
 */

const DAY_MS = 86_400_000;
const round2 = (n: number) => Math.round(Number(n) * 100) / 100;

function monthsBack(month: string, count: number): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

export async function dashboard(
  db: Db,
  user: AuthUser,
  organizationId: number,
  month: string | undefined,
  now = new Date(),
): Promise<RecyclerDashboard> {
  await assertOrganizationAccess(db, user, organizationId);
  const today = bogotaDay(now);
  const selected = month ?? today.slice(0, 7);
  const months = monthsBack(selected, 6);
  const from = `${months[0]}-01`;
  const to = `${selected}-31`;
  const [weighed, sold, members, macros, ecas, catalogue, payouts, anyPayouts] = await Promise.all([
    repo.weighedSums(db, organizationId, from, to),
    repo.soldSums(db, organizationId, from, to),
    repo.membersOfOrganization(db, organizationId),
    orgRepo.macroRoutesOf(db, organizationId),
    orgRepo.ecasOf(db, organizationId),
    getCatalogue(db),
    repo.payoutsOfMonth(db, organizationId, selected),
    repo.hasPayouts(db, organizationId),
  ]);
  const micros = await orgRepo.microRoutesOf(
    db,
    macros.map((m) => m.id),
  );
  const materials = new Map(catalogue.materials.map((m) => [m.id, m]));
  const memberName = new Map(members.map((m) => [m.id, m.name]));
  const macroById = new Map(macros.map((m) => [m.id, m]));
  const microById = new Map(micros.map((m) => [m.id, m]));

  const perMonth = new Map(months.map((m) => [m, { month: m, weighed_kg: 0, rejected_kg: 0, sold_kg: 0 }]));
  type Sum = { weighed_kg: number; rejected_kg: number };
  const bump = <K>(map: Map<K, Sum>, key: K, net: number, reject: number) => {
    const s = map.get(key) ?? { weighed_kg: 0, rejected_kg: 0 };
    s.weighed_kg += net;
    s.rejected_kg += reject;
    map.set(key, s);
  };
  const byMaterial = new Map<number, Sum & { sold_kg: number }>();
  const byMember = new Map<number, Sum>();
  const byMicro = new Map<number | null, Sum & { macro: number | null }>();
  const byMacro = new Map<number | null, Sum>();
  for (const w of weighed) {
    const net = Number(w.net_kg);
    const reject = Number(w.reject_kg);
    const m = perMonth.get(w.month);
    if (m) {
      m.weighed_kg += net;
      m.rejected_kg += reject;
    }
    if (w.month !== selected) continue;
    const mat = byMaterial.get(w.material_id) ?? { weighed_kg: 0, rejected_kg: 0, sold_kg: 0 };
    mat.weighed_kg += net;
    mat.rejected_kg += reject;
    byMaterial.set(w.material_id, mat);
    bump(byMember, w.member_id, net, reject);
    bump(byMacro, w.macro_route_id, net, reject);
    const micro = byMicro.get(w.micro_route_id) ?? { weighed_kg: 0, rejected_kg: 0, macro: w.macro_route_id };
    micro.weighed_kg += net;
    micro.rejected_kg += reject;
    byMicro.set(w.micro_route_id, micro);
  }
  for (const s of sold) {
    const kg = Number(s.kg);
    const m = perMonth.get(s.month);
    if (m) m.sold_kg += kg;
    if (s.month !== selected) continue;
    const mat = byMaterial.get(s.material_id) ?? { weighed_kg: 0, rejected_kg: 0, sold_kg: 0 };
    mat.sold_kg += kg;
    byMaterial.set(s.material_id, mat);
  }
  const paid = new Map(payouts.map((p) => [p.member_id, Number(p.amount_cop)]));
  for (const id of paid.keys()) if (!byMember.has(id)) byMember.set(id, { weighed_kg: 0, rejected_kg: 0 });

  const scales = await weighingRepo.scalesOfEcas(
    db,
    ecas.map((e) => e.point_id),
  );
  const points = await pointBasics(
    db,
    ecas.map((e) => e.point_id),
  );
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const expiring = scales
    .filter((s) => s.active === 1)
    .map((s) => ({
      id: s.id,
      serial: s.serial,
      eca_name: points.get(s.eca_point_id)?.name ?? '',
      certificate_expires_on: s.certificate_expires_on,
      days_left: Math.round((Date.parse(`${s.certificate_expires_on}T00:00:00Z`) - todayMs) / DAY_MS),
    }))
    .filter((s) => s.days_left <= SCALE_EXPIRY_WARNING_DAYS)
    .sort((a, b) => a.days_left - b.days_left || a.id - b.id);

  const kg = (s: Sum) => ({ weighed_kg: round2(s.weighed_kg), rejected_kg: round2(s.rejected_kg) });
  return {
    month: selected,
    months: [...perMonth.values()].map((m) => ({
      month: m.month,
      weighed_kg: round2(m.weighed_kg),
      rejected_kg: round2(m.rejected_kg),
      sold_kg: round2(m.sold_kg),
    })),
    by_material: [...byMaterial]
      .map(([id, s]) => ({
        material: materials.get(id)?.code ?? String(id),
        name_es: materials.get(id)?.name_es ?? String(id),
        ...kg(s),
        sold_kg: round2(s.sold_kg),
      }))
      .sort((a, b) => b.weighed_kg - a.weighed_kg || a.material.localeCompare(b.material)),
    by_member: [...byMember]
      .map(([id, s]) => ({
        member_id: id,
        name: memberName.get(id) ?? '',
        ...kg(s),
        payouts_cop: anyPayouts ? round2(paid.get(id) ?? 0) : null,
      }))
      .sort((a, b) => b.weighed_kg - a.weighed_kg || a.member_id - b.member_id),
    by_micro_route: [...byMicro]
      .map(([id, s]) => ({
        micro_route_id: id,
        name: id === null ? '' : (microById.get(id)?.name ?? ''),
        macro_name: s.macro === null ? '' : (macroById.get(s.macro)?.name ?? ''),
        ...kg(s),
      }))
      .sort((a, b) => b.weighed_kg - a.weighed_kg),
    by_macro_route: [...byMacro]
      .map(([id, s]) => {
        const rate = s.weighed_kg > 0 ? s.rejected_kg / s.weighed_kg : 0;
        return {
          macro_route_id: id,
          numacro: id === null ? '' : (macroById.get(id)?.numacro ?? ''),
          name: id === null ? '' : (macroById.get(id)?.name ?? ''),
          ...kg(s),
          rejection_rate: Math.round(rate * 10000) / 10000,
          over_limit: rate > REJECTION_RATE_LIMIT,
        };
      })
      .sort((a, b) => b.rejection_rate - a.rejection_rate || a.numacro.localeCompare(b.numacro)),
    payouts_recorded: anyPayouts,
    scales_expiring: expiring,
  };
}

/** Records what the organisation paid a member for a month. */
/** The payouts recorded for one month, newest first. */
export async function listPayouts(db: Db, user: AuthUser, organizationId: number, month: string): Promise<PayoutListItem[]> {
  await assertOrganizationAccess(db, user, organizationId);
  const rows = await repo.payoutsListOfMonth(db, organizationId, month);
  return rows.map((r) => ({ ...r, amount_cop: Number(r.amount_cop) }));
}

export async function recordPayout(db: Db, user: AuthUser, organizationId: number, input: PayoutCreate) {
  return db.transaction().execute(async (trx) => {
    await assertOrganizationAccess(trx, user, organizationId);
    const member = await orgRepo.findMember(trx, organizationId, input.member_id);
    if (!member) throw AppError.field('recycler-member-not-found', 'member_id', 'Elige un miembro de esta organización.');
    const row = await repo.insertPayout(trx, {
      organization_id: organizationId,
      member_id: input.member_id,
      month: input.month,
      amount_cop: input.amount_cop,
      note: input.note,
      created_by: user.id,
      created_at: nowIso(),
    });
    await recordAudit(trx, {
      actorId: user.id,
      action: 'recyclers.payout',
      entity: 'recycler_member',
      entityId: input.member_id,
      before: null,
      after: input,
    });
    return { id: row.id, member_id: row.member_id, month: row.month, amount_cop: Number(row.amount_cop), note: row.note };
  });
}

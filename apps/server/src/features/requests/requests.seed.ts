import { TC_ID } from '@puntoverde/contract';
import type { Seeder } from '../../db/seed/seeder.js';
import { addDays, bogotaDate, pickupCalendar } from './pickup-calendar.js';
import { materialsByCodes } from '../materials/materials.service.js';
import * as repo from './requests.repository.js';

/**
 * Demo pickup requests: a collected one and a cancelled one for the demo household,
 * a collected and a pending one for the demo branch (its company head sees both), all at the
 * demo manager's points, so every screen has something to show. Idempotent: skipped once the
 * demo household has any request.
 */

const HOUSEHOLD = 'hogar@demo.puntoverde.co';
const BRANCH = 'sucursal@demo.puntoverde.co';
const MANAGER = 'gestor@demo.puntoverde.co';
const LAURELES = 'ECA Laureles La 70 (demo)';
const POBLADO = 'Punto limpio Parque de El Poblado (demo)';

type DemoStep = { to: string; daysAgo: number; by: 'requester' | 'manager'; note?: string; scheduledDaysAgo?: number };
type DemoRequest = {
  requester: string;
  point: string;
  address: string;
  lat: number;
  lng: number;
  daysAgo: number;
  items: { material: string; estimated_kg: number; actual_kg?: number }[];
  steps: DemoStep[];
  notes: string | null;
};

const REQUESTS: DemoRequest[] = [
  {
    requester: HOUSEHOLD,
    point: LAURELES,
    address: 'Carrera 70 # 44-10, Laureles (demo)',
    lat: 6.2449,
    lng: -75.5911,
    daysAgo: 24,
    notes: 'Portería del edificio, apartamento 502.',
    items: [
      { material: 'pet', estimated_kg: 4, actual_kg: 4.2 },
      { material: 'carton', estimated_kg: 6, actual_kg: 6.8 },
    ],
    steps: [
      { to: 'aceptada', daysAgo: 23, by: 'manager' },
      { to: 'programada', daysAgo: 23, by: 'manager', scheduledDaysAgo: 21 },
      { to: 'recogida', daysAgo: 21, by: 'manager' },
    ],
  },
  {
    requester: HOUSEHOLD,
    point: LAURELES,
    address: 'Carrera 70 # 44-10, Laureles (demo)',
    lat: 6.2449,
    lng: -75.5911,
    daysAgo: 9,
    notes: null,
    items: [{ material: 'vidrio', estimated_kg: 3 }],
    steps: [{ to: 'cancelada', daysAgo: 8, by: 'requester', note: 'Lo llevé yo mismo al punto.' }],
  },
  {
    requester: BRANCH,
    point: POBLADO,
    address: 'Calle 50 # 45-30, Itagüí (demo)',
    lat: 6.1719,
    lng: -75.6114,
    daysAgo: 15,
    notes: 'Bodega trasera; preguntar por Julián.',
    items: [
      { material: 'carton', estimated_kg: 40, actual_kg: 52.5 },
      { material: 'plegadiza', estimated_kg: 10, actual_kg: 8 },
    ],
    steps: [
      { to: 'aceptada', daysAgo: 14, by: 'manager' },
      { to: 'programada', daysAgo: 14, by: 'manager', scheduledDaysAgo: 12 },
      { to: 'recogida', daysAgo: 12, by: 'manager' },
    ],
  },
  {
    requester: BRANCH,
    point: POBLADO,
    address: 'Calle 50 # 45-30, Itagüí (demo)',
    lat: 6.1719,
    lng: -75.6114,
    daysAgo: 1,
    notes: 'Cajas de archivo muerto.',
    items: [{ material: 'archivo', estimated_kg: 25 }],
    steps: [],
  },
];

function daysAgoIso(days: number, hour = 15): string {
  const d = new Date(Date.now() - days * 86400000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
}

export const requestsDemoSeeder: Seeder = {
  name: 'requests',
  async run(db) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'id_empresa', 'tc_id'])
      .where('email', 'in', [HOUSEHOLD, BRANCH, MANAGER])
      .execute();
    const byEmail = new Map(users.map((u) => [u.email, u]));
    const household = byEmail.get(HOUSEHOLD);
    const manager = byEmail.get(MANAGER);
    if (!household || !manager || !byEmail.get(BRANCH)) return;
    const existing = await db.selectFrom('pickup_requests').select('id').where('requester_id', '=', household.id).executeTakeFirst();
    if (existing) return;
    const points = await db.selectFrom('points').select(['id', 'name']).where('name', 'in', [LAURELES, POBLADO]).execute();
    const pointId = new Map(points.map((p) => [p.name, p.id]));
    const materials = await materialsByCodes(db, [...new Set(REQUESTS.flatMap((r) => r.items.map((i) => i.material)))]);
    const materialId = new Map(materials.map((m) => [m.code, m.id]));
    const nextDay = pickupCalendar(new Date()).slice(1).find((d) => d.available)?.date ?? addDays(bogotaDate(new Date()), 1);

    await db.transaction().execute(async (trx) => {
      for (const r of REQUESTS) {
        const requester = byEmail.get(r.requester)!;
        const point = pointId.get(r.point);
        if (!point) continue;
        const createdAt = daysAgoIso(r.daysAgo, 14);
        const open = r.steps.length === 0;
        const preferred = open ? nextDay : bogotaDate(new Date(Date.now() - (r.daysAgo - 2) * 86400000));
        const companyId = requester.tc_id === TC_ID.company ? (requester.id_empresa ?? requester.id) : null;
        const last = r.steps.at(-1);
        const scheduled = r.steps.find((s) => s.scheduledDaysAgo !== undefined);
        const scheduledAt = scheduled ? daysAgoIso(scheduled.scheduledDaysAgo!, 14) : null;
        const collectedAt = last?.to === 'recogida' ? daysAgoIso(last.daysAgo, 16) : null;
        const total = r.items.reduce((s, i) => s + (i.actual_kg ?? 0), 0);
        const { id } = await repo.insertRequest(trx, {
          requester_id: requester.id,
          company_id: companyId,
          point_id: point,
          status: last?.to ?? 'pendiente',
          address: r.address,
          lat: r.lat,
          lng: r.lng,
          preferred_date: preferred,
          time_window: 'manana',
          pickup_date: scheduledAt ? bogotaDate(new Date(scheduledAt)) : preferred,
          notes: r.notes,
          scheduled_at: scheduledAt,
          rejection_reason: null,
          cancellation_reason: last?.to === 'cancelada' ? (last.note ?? null) : null,
          collected_at: collectedAt,
          total_estimated_kg: r.items.reduce((s, i) => s + i.estimated_kg, 0),
          total_actual_kg: collectedAt ? Math.round(total * 100) / 100 : null,
          created_at: createdAt,
          updated_at: last ? daysAgoIso(last.daysAgo, 16) : createdAt,
        });
        await repo.insertItems(
          trx,
          r.items.map((i) => ({
            request_id: id,
            material_id: materialId.get(i.material)!,
            estimated_kg: i.estimated_kg,
            units: null,
            actual_kg: collectedAt ? (i.actual_kg ?? 0) : null,
            requester_id: requester.id,
            company_id: companyId,
            point_id: point,
            collected_at: collectedAt,
            collected_on: collectedAt ? bogotaDate(new Date(collectedAt)) : null,
          })),
        );
        await repo.insertEvent(trx, {
          request_id: id,
          from_status: null,
          to_status: 'pendiente',
          actor_id: requester.id,
          actor_name: requester.name,
          note: null,
          scheduled_at: null,
          created_at: createdAt,
        });
        let from = 'pendiente';
        for (const step of r.steps) {
          const actor = step.by === 'manager' ? manager : requester;
          await repo.insertEvent(trx, {
            request_id: id,
            from_status: from,
            to_status: step.to,
            actor_id: actor.id,
            actor_name: actor.name,
            note: step.note ?? null,
            scheduled_at: step.to === 'programada' ? scheduledAt : null,
            created_at: step.to === 'recogida' ? collectedAt! : daysAgoIso(step.daysAgo, 15),
          });
          from = step.to;
        }
      }
    });
  },
};

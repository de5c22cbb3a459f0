import { TC_ID } from '@puntoverde/contract';
import type { Seeder } from '../../db/seed/seeder.js';
import { addDays, bogotaDay } from './statistics.service.js';

/**
 * A year of collected pickups for the demo household, the demo company head and its branch
 * (several materials, every month), so Mis cifras, the consolidated view and a certificate for
 * the last year or quarter work at first start. Idempotent: skipped once its requests exist.
 */

const MARKER = 'Recolección de demostración (Mis cifras).';
const HOUSEHOLD = 'hogar@demo.puntoverde.co';
const HEAD = 'empresa@demo.puntoverde.co';
const BRANCH = 'sucursal@demo.puntoverde.co';
const MANAGER = 'gestor@demo.puntoverde.co';
const LAURELES = 'ECA Laureles La 70 (demo)';
const POBLADO = 'Punto limpio Parque de El Poblado (demo)';

type Plan = { email: string; point: string; address: string; lat: number; lng: number; days: number[]; items: Record<string, number> };

// Base kilograms per pickup; each month varies them by a fixed, repeatable pattern.
const PLANS: Plan[] = [
  { email: HOUSEHOLD, point: LAURELES, address: 'Carrera 70 # 44-10, Laureles (demo)', lat: 6.2449, lng: -75.5911, days: [6, 20], items: { pet: 2.4, carton: 3.5, vidrio: 2.1, aluminio: 0.6 } },
  { email: HEAD, point: POBLADO, address: 'Carrera 48 # 10-45, El Poblado (demo)', lat: 6.2089, lng: -75.5686, days: [9], items: { archivo: 38, carton: 55, pet: 12, pead: 6 } },
  { email: BRANCH, point: POBLADO, address: 'Calle 50 # 45-30, Itagüí (demo)', lat: 6.1719, lng: -75.6114, days: [3, 17], items: { carton: 42, plegadiza: 9, pet: 7.5, chatarra: 14 } },
];

const VARIATION = [1, 1.15, 0.9, 1.25, 0.85, 1.1, 0.95, 1.3, 1.05, 0.8, 1.2, 0.9];

export const statisticsDemoSeeder: Seeder = {
  name: 'statistics',
  async run(db) {
    const already = await db.selectFrom('pickup_requests').select('id').where('notes', '=', MARKER).executeTakeFirst();
    if (already) return;
    const users = await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'tc_id', 'id_empresa'])
      .where('email', 'in', [HOUSEHOLD, HEAD, BRANCH, MANAGER])
      .execute();
    const byEmail = new Map(users.map((u) => [u.email, u]));
    const manager = byEmail.get(MANAGER);
    const points = await db.selectFrom('points').select(['id', 'name']).where('name', 'in', [LAURELES, POBLADO]).execute();
    const pointId = new Map(points.map((p) => [p.name, p.id]));
    const materials = await db.selectFrom('materials').select(['id', 'code']).execute();
    const materialId = new Map(materials.map((m) => [m.code, m.id]));
    if (!manager || pointId.size < 2) return;

    const today = bogotaDay(new Date());
    await db.transaction().execute(async (trx) => {
      for (let back = 11; back >= 0; back -= 1) {
        const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
        first.setUTCMonth(first.getUTCMonth() - back);
        const month = first.toISOString().slice(0, 7);
        const factor = VARIATION[(first.getUTCMonth() + 12) % 12]!;
        for (const plan of PLANS) {
          const requester = byEmail.get(plan.email);
          const point = pointId.get(plan.point);
          if (!requester || !point) continue;
          const companyId = requester.tc_id === TC_ID.company ? (requester.id_empresa ?? requester.id) : null;
          for (const dayOfMonth of plan.days) {
            const day = `${month}-${String(dayOfMonth).padStart(2, '0')}`;
            if (day >= today) continue;
            // 10:00 in Bogotá.
            const collectedAt = `${day}T15:00:00.000Z`;
            const createdAt = `${addDays(day, -3)}T14:00:00.000Z`;
            const items = Object.entries(plan.items).map(([code, kg], i) => ({
              code,
              kg: Math.round(kg * factor * (1 + ((dayOfMonth + i) % 3) * 0.05) * 100) / 100,
            }));
            const total = Math.round(items.reduce((s, i) => s + i.kg, 0) * 100) / 100;
            const { id } = await trx
              .insertInto('pickup_requests')
              .values({
                requester_id: requester.id,
                company_id: companyId,
                point_id: point,
                status: 'recogida',
                address: plan.address,
                lat: plan.lat,
                lng: plan.lng,
                preferred_date: day,
                time_window: 'manana',
                pickup_date: day,
                notes: MARKER,
                scheduled_at: `${day}T14:00:00.000Z`,
                rejection_reason: null,
                cancellation_reason: null,
                collected_at: collectedAt,
                total_estimated_kg: total,
                total_actual_kg: total,
                created_at: createdAt,
                updated_at: collectedAt,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            await trx
              .insertInto('pickup_request_items')
              .values(
                items
                  .filter((i) => materialId.has(i.code))
                  .map((i) => ({
                    request_id: id,
                    material_id: materialId.get(i.code)!,
                    estimated_kg: i.kg,
                    units: null,
                    actual_kg: i.kg,
                    requester_id: requester.id,
                    company_id: companyId,
                    point_id: point,
                    collected_at: collectedAt,
                    collected_on: day,
                  })),
              )
              .execute();
            await trx
              .insertInto('pickup_request_events')
              .values([
                { request_id: id, from_status: null, to_status: 'pendiente', actor_id: requester.id, actor_name: requester.name, note: null, scheduled_at: null, created_at: createdAt },
                { request_id: id, from_status: 'pendiente', to_status: 'recogida', actor_id: manager.id, actor_name: manager.name, note: null, scheduled_at: null, created_at: collectedAt },
              ])
              .execute();
          }
        }
      }
    });
  },
};

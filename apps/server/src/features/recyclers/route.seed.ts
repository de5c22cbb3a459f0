import type { Seeder } from '../../db/seed/seeder.js';
import { materialsByCodes } from '../materials/materials.service.js';
import { bogotaDay } from '../statistics/statistics.service.js';
import { DEMO_ORGANIZATION_NAME } from './recyclers.seed.js';
import * as repo from './route.repository.js';

const HOUSEHOLD = 'hogar@demo.puntoverde.co';
const MANAGER = 'gestor@demo.puntoverde.co';
const RECYCLER = 'reciclador@demo.puntoverde.co';
const ECA_NAME = 'ECA Laureles La 70 (demo)';
/** Marks the demo route's pickups (one set per day). */
export const DEMO_ROUTE_NOTE = 'Ruta demo de recicladores: portería, preguntar por la persona que pidió.';

/**
 * The demo day's stops around the ECA Laureles La 70 (6.2471, −75.5902), in the order they were
 * assigned (the naive order Mi ruta de hoy is measured against); the last two stay open, for the
 * coordinator to assign or the recycler to take.
 */
export const DEMO_ROUTE_STOPS = [
  { address: 'Circular 1 # 70-15, Laureles (demo)', lat: 6.2489, lng: -75.5935, carton: 12, pet: 3 },
  { address: 'Carrera 76 # 33-40, Laureles (demo)', lat: 6.241, lng: -75.598, carton: 8, pet: 4 },
  { address: 'Calle 44 # 68-22, Laureles (demo)', lat: 6.246, lng: -75.588, carton: 15, pet: 2 },
  { address: 'Carrera 80 # 37-10, La América (demo)', lat: 6.244, lng: -75.601, carton: 6, pet: 5 },
  { address: 'Transversal 39 # 72-05, Laureles (demo)', lat: 6.243, lng: -75.5925, carton: 20, pet: 3 },
  { address: 'Calle 48 # 73-30, Estadio (demo)', lat: 6.252, lng: -75.596, carton: 9, pet: 6 },
  { address: 'Carrera 74 # 40-12, Laureles (demo)', lat: 6.2455, lng: -75.5965, carton: 11, pet: 2 },
  { address: 'Calle 35 # 81-20, La América (demo)', lat: 6.2395, lng: -75.603, carton: 7, pet: 4 },
  { address: 'Carrera 73 # 42-18, Laureles (demo)', lat: 6.2468, lng: -75.595, carton: 10, pet: 3 },
  { address: 'Calle 45 # 79-10, Laureles (demo)', lat: 6.248, lng: -75.6, carton: 5, pet: 2 },
] as const;
export const DEMO_ROUTE_ASSIGNED = 8;

/**
 * Today's demo route: programmed pickups at the demo ECA (asked by the demo household), the first
 * eight assigned by the coordinator to the demo recicladora, two left open on her micro-routes
 * (which she works: both of the demo macro-route's). Runs once a day: a demo left running gets
 * a new route each morning, so "Mi ruta de hoy" always has content.
 */
export const recyclerRouteDemoSeeder: Seeder = {
  name: 'recycler-route',
  async run(db) {
    const today = bogotaDay(new Date());
    const users = await db.selectFrom('users').select(['id', 'email', 'name']).where('email', 'in', [HOUSEHOLD, MANAGER, RECYCLER]).execute();
    const household = users.find((u) => u.email === HOUSEHOLD);
    const manager = users.find((u) => u.email === MANAGER);
    const recycler = users.find((u) => u.email === RECYCLER);
    const org = await db.selectFrom('recycler_organizations').select('id').where('name', '=', DEMO_ORGANIZATION_NAME).executeTakeFirst();
    const point = await db.selectFrom('points').select('id').where('name', '=', ECA_NAME).executeTakeFirst();
    if (!household || !manager || !recycler || !org || !point) return;
    const member = await db
      .selectFrom('recycler_members')
      .select('id')
      .where('organization_id', '=', org.id)
      .where('user_id', '=', recycler.id)
      .executeTakeFirst();
    if (!member) return;
    const done = await db
      .selectFrom('pickup_requests')
      .select('id')
      .where('notes', '=', DEMO_ROUTE_NOTE)
      .where('pickup_date', '=', today)
      .executeTakeFirst();
    if (done) return;

    const micro = await db
      .selectFrom('recycler_micro_routes as mr')
      .innerJoin('recycler_macro_routes as ma', 'ma.id', 'mr.macro_route_id')
      .select('mr.id')
      .where('ma.organization_id', '=', org.id)
      .where('mr.eca_point_id', '=', point.id)
      .execute();
    if (!(await repo.microRoutesOfMembers(db, [member.id])).length)
      await repo.replaceMemberRoutes(
        db,
        member.id,
        micro.map((m) => m.id),
      );

    const materials = await materialsByCodes(db, ['carton', 'pet']);
    const carton = materials.find((m) => m.code === 'carton')!.id;
    const pet = materials.find((m) => m.code === 'pet')!.id;
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      for (const [i, s] of DEMO_ROUTE_STOPS.entries()) {
        // From 08:00 Bogotá, a quarter of an hour apart.
        const scheduledAt = new Date(Date.parse(`${today}T08:00:00-05:00`) + i * 15 * 60_000).toISOString();
        const { id } = await trx
          .insertInto('pickup_requests')
          .values({
            requester_id: household.id,
            company_id: null,
            point_id: point.id,
            status: 'programada',
            address: s.address,
            lat: s.lat,
            lng: s.lng,
            preferred_date: today,
            time_window: 'manana',
            pickup_date: today,
            notes: DEMO_ROUTE_NOTE,
            scheduled_at: scheduledAt,
            rejection_reason: null,
            cancellation_reason: null,
            collected_at: null,
            total_estimated_kg: s.carton + s.pet,
            total_actual_kg: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('pickup_request_items')
          .values(
            [
              [carton, s.carton],
              [pet, s.pet],
            ].map(([materialId, kg]) => ({
              request_id: id,
              material_id: materialId!,
              estimated_kg: kg!,
              units: null,
              actual_kg: null,
              requester_id: household.id,
              company_id: null,
              point_id: point.id,
              collected_at: null,
              collected_on: null,
            })),
          )
          .execute();
        for (const [from, to] of [
          [null, 'pendiente'],
          ['pendiente', 'aceptada'],
          ['aceptada', 'programada'],
        ] as const) {
          const actor = to === 'pendiente' ? household : manager;
          await trx
            .insertInto('pickup_request_events')
            .values({
              request_id: id,
              from_status: from,
              to_status: to,
              actor_id: actor.id,
              actor_name: actor.name,
              note: null,
              scheduled_at: to === 'programada' ? scheduledAt : null,
              created_at: now,
            })
            .execute();
        }
        if (i < DEMO_ROUTE_ASSIGNED) {
          // Assigned in this order, a second apart: the naive order of the route.
          const at = new Date(Date.parse(now) + i * 1000).toISOString();
          await repo.insertStop(trx, {
            request_id: id,
            organization_id: org.id,
            member_id: member.id,
            micro_route_id: micro[0]?.id ?? null,
            assigned_via: 'coordinador',
            assigned_by: manager.id,
            assigned_at: at,
            updated_at: at,
          });
        }
      }
    });
  },
};

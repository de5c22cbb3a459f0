import type { Seeder } from '../../db/seed/seeder.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { createPointOfSale } from '../allies/allies.service.js';
import {
  addRate,
  assignAllyStaff,
  bogotaDay,
  confirmRedemption,
  createOffer,
  redeem,
  settleCollectedPickup,
} from './rewards.service.js';

/**
 * Rewards at first start: an earning table, three allies' offers (Supermercados La Canasta with
 * its counter account aliado@demo), and the points the demo household and company earned from
 * their year of collected pickups, dated when each was collected, with one redemption the ally
 * confirmed, and the points of sale where those allies hand their offers over. Idempotent:
 * skipped once the earning table exists.
 */

const DAY_MS = 86_400_000;

/** Points per kg and the most kilos of it one pickup plausibly brings (above: staff review). */
const RATES: Array<{ material: string; points_per_kg: number; max_kg_per_pickup: number }> = [
  { material: 'pet', points_per_kg: 10, max_kg_per_pickup: 60 },
  { material: 'pead', points_per_kg: 8, max_kg_per_pickup: 60 },
  { material: 'carton', points_per_kg: 5, max_kg_per_pickup: 150 },
  { material: 'plegadiza', points_per_kg: 4, max_kg_per_pickup: 80 },
  { material: 'archivo', points_per_kg: 6, max_kg_per_pickup: 120 },
  { material: 'vidrio', points_per_kg: 2, max_kg_per_pickup: 100 },
  { material: 'aluminio', points_per_kg: 20, max_kg_per_pickup: 30 },
  { material: 'chatarra', points_per_kg: 3, max_kg_per_pickup: 200 },
];

const LA_CANASTA = 'Supermercados La Canasta (demo)';
const OFFERS: Array<{
  ally: string;
  title: string;
  terms: string;
  cost_points: number;
  stock: number;
  per_person_limit: number;
}> = [
  {
    ally: LA_CANASTA,
    title: 'Bono de $5.000 en tu mercado',
    terms: 'Válido en cualquier sede de Supermercados La Canasta, en compras desde $20.000. Un bono por compra.',
    cost_points: 300,
    stock: 40,
    per_person_limit: 2,
  },
  {
    ally: LA_CANASTA,
    title: 'Bolsa reutilizable de tela',
    terms: 'Se entrega en la caja de la sede Laureles. Hasta agotar existencias.',
    cost_points: 120,
    stock: 25,
    per_person_limit: 1,
  },
  {
    ally: 'Cafetería El Grano (demo)',
    title: 'Café americano gratis',
    terms: 'Un café americano mediano. No acumulable con otras promociones.',
    cost_points: 80,
    stock: 100,
    per_person_limit: 3,
  },
  {
    ally: 'Reciclados del Valle S.A.S. (demo)',
    title: 'Kit de canecas de colores para el hogar',
    terms:
      'Tres canecas de 10 litros (blanca, verde y negra) según la Resolución 2184 de 2019. Se recogen en la bodega.',
    cost_points: 900,
    stock: 10,
    per_person_limit: 1,
  },
];

/** Where each demo ally with offers hands them over, in Medellín. */
const POINTS_OF_SALE: Record<string, Array<{ name: string; address: string; lat: number; lng: number }>> = {
  [LA_CANASTA]: [
    { name: 'La Canasta Laureles', address: 'Carrera 70 # 44-10, Laureles', lat: 6.2448, lng: -75.5896 },
    { name: 'La Canasta Belén', address: 'Calle 30A # 76-45, Belén', lat: 6.2312, lng: -75.6014 },
    { name: 'La Canasta Envigado', address: 'Carrera 43A # 38 Sur-35, Envigado', lat: 6.1759, lng: -75.5917 },
  ],
  'Cafetería El Grano (demo)': [
    { name: 'El Grano Parque Lleras', address: 'Calle 10 # 37-30, El Poblado', lat: 6.2087, lng: -75.5675 },
    { name: 'El Grano Estadio', address: 'Carrera 74 # 48-20, Estadio', lat: 6.2566, lng: -75.5897 },
  ],
  'Reciclados del Valle S.A.S. (demo)': [
    { name: 'Bodega Guayabal', address: 'Calle 10 Sur # 50-30, Guayabal', lat: 6.2125, lng: -75.5853 },
    { name: 'Bodega Itagüí', address: 'Carrera 50 # 52-10, Itagüí', lat: 6.1846, lng: -75.5991 },
  ],
};

const HOUSEHOLD = 'hogar@demo.puntoverde.co';
const HEAD = 'empresa@demo.puntoverde.co';
const BRANCH = 'sucursal@demo.puntoverde.co';
const ADMIN = 'admin@demo.puntoverde.co';
const ALLY_STAFF = 'aliado@demo.puntoverde.co';

export const rewardsDemoSeeder: Seeder = {
  name: 'rewards',
  async run(db) {
    if (await db.selectFrom('reward_rates').select('id').executeTakeFirst()) return;
    const users = await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'tc_id', 'id_empresa', 'is_admin'])
      .where('email', 'in', [HOUSEHOLD, HEAD, BRANCH, ADMIN, ALLY_STAFF])
      .execute();
    const byEmail = new Map(users.map((u) => [u.email, u]));
    const admin = byEmail.get(ADMIN);
    const allyStaff = byEmail.get(ALLY_STAFF);
    if (!admin || !allyStaff) return;
    const asUser = (u: (typeof users)[number]): AuthUser => ({
      id: u.id,
      tc_id: u.tc_id,
      must_change_password: false,
      id_empresa: u.id_empresa,
      is_admin: u.is_admin === 1,
      email: u.email,
      name: u.name,
      session_id: 'demo-seed',
    });

    const now = Date.now();
    const since = bogotaDay(new Date(now - 400 * DAY_MS));
    for (const rate of RATES) {
      if (!(await db.selectFrom('materials').select('id').where('code', '=', rate.material).executeTakeFirst()))
        continue;
      await addRate(db, { ...rate, effective_from: since }, null);
    }

    // Offers, approved by the demo staff; the counter account works for La Canasta.
    const allies = await db.selectFrom('allies').select(['id', 'name']).execute();
    const allyId = new Map(allies.map((a) => [a.name, a.id]));
    const offerIds: number[] = [];
    for (const { ally, ...offer } of OFFERS) {
      const id = allyId.get(ally);
      if (id === undefined) continue;
      const created = await createOffer(
        db,
        {
          ...offer,
          picture_id: null,
          valid_from: since,
          valid_to: bogotaDay(new Date(now + 365 * DAY_MS)),
        },
        { user: asUser(admin), allyId: id, approve: true },
        new Date(now - 400 * DAY_MS),
      );
      offerIds.push(created.id);
    }
    for (const [ally, points] of Object.entries(POINTS_OF_SALE)) {
      const id = allyId.get(ally);
      if (id === undefined) continue;
      for (const point of points) await createPointOfSale(db, id, { ...point, city: 'Medellín' }, asUser(admin));
    }
    const canasta = allyId.get(LA_CANASTA);
    if (canasta !== undefined) await assignAllyStaff(db, ALLY_STAFF, canasta, null);

    // The points of the year's collections, each booked on its collection day.
    const ids = [HOUSEHOLD, HEAD, BRANCH].map((e) => byEmail.get(e)?.id).filter((id): id is number => id !== undefined);
    if (ids.length === 0) return;
    const pickups = await db
      .selectFrom('pickup_requests')
      .select(['id', 'requester_id', 'company_id', 'point_id', 'collected_at'])
      .where('status', '=', 'recogida')
      .where('requester_id', 'in', ids)
      .where('collected_at', 'is not', null)
      .orderBy('collected_at')
      .execute();
    const items = pickups.length
      ? await db
          .selectFrom('pickup_request_items')
          .select(['request_id', 'material_id', 'actual_kg'])
          .where(
            'request_id',
            'in',
            pickups.map((p) => p.id),
          )
          .execute()
      : [];
    for (const p of pickups) {
      const at = new Date(p.collected_at!);
      await db.transaction().execute((trx) =>
        settleCollectedPickup(
          trx,
          {
            requestId: p.id,
            requesterId: p.requester_id,
            companyId: p.company_id,
            pointId: p.point_id,
            collectedAt: at,
            items: items
              .filter((i) => i.request_id === p.id && i.actual_kg !== null)
              .map((i) => ({ materialId: i.material_id, kg: Number(i.actual_kg) })),
          },
          at,
        ),
      );
    }

    // One bag redeemed by the household six weeks ago and handed over at La Canasta's counter.
    const household = byEmail.get(HOUSEHOLD);
    const bagOffer = offerIds[1];
    if (household && bagOffer !== undefined) {
      const when = new Date(now - 42 * DAY_MS);
      const redemption = await redeem(db, asUser(household), bagOffer, when).catch(() => null);
      if (redemption) {
        await confirmRedemption(db, asUser(allyStaff), redemption.code, new Date(when.getTime() + 5 * 60_000));
        // Six weeks old: its "Canje confirmado" notice was read long ago (the bell starts empty).
        await db
          .updateTable('notifications')
          .set({ read_at: when.toISOString() })
          .where('user_id', '=', household.id)
          .where('read_at', 'is', null)
          .where('title', '=', 'Canje confirmado')
          .execute();
      }
    }
  },
};

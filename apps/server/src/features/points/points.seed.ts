import type { PointKind } from '@puntoverde/contract';
import type { Db } from '../../db/dialect.js';
import type { Seeder } from '../../db/seed/seeder.js';
import { getCatalogue } from '../materials/materials.service.js';
import { toPointRow, type PointInput } from './point-writer.js';
import { bumpPointsVersion } from './points-version.js';
import * as repo from './points.repository.js';

/**
 * Demo and benchmark points, generated deterministically (the same seed gives the same points).
 * Every one is marked: "(demo)" in the name, source demo|generated and is_demo = 1.
 */

/** mulberry32: a tiny seeded PRNG, enough for plausible, repeatable data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

function pickWeighted<T>(rand: () => number, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r <= 0) return item;
  }
  return items[items.length - 1]![0];
}

function subset<T>(rand: () => number, items: readonly T[], min: number, max: number): T[] {
  const n = Math.min(items.length, min + Math.floor(rand() * (max - min + 1)));
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

const KIND_WEIGHTS: readonly (readonly [PointKind, number])[] = [
  ['contenedor-publico', 45],
  ['eca', 15],
  ['punto-posconsumo', 20],
  ['punto-limpio', 10],
  ['centro-acopio', 10],
];

const KIND_NAMES: Record<PointKind, string> = {
  'contenedor-publico': 'Contenedor',
  eca: 'ECA',
  'punto-posconsumo': 'Punto posconsumo',
  'punto-limpio': 'Punto limpio',
  'centro-acopio': 'Centro de acopio',
};

const RECYCLABLES = ['archivo', 'carton', 'periodico', 'plegadiza', 'pet', 'pead', 'pp', 'vidrio', 'aluminio', 'multicapa'];
const POSCONSUMO = ['pilas', 'bombillas', 'raee', 'medicamentos', 'aceite-cocina', 'llantas', 'plaguicidas'];

function materialsFor(kind: PointKind, rand: () => number): string[] {
  switch (kind) {
    case 'contenedor-publico':
      return rand() < 0.25 ? ['organicos'] : rand() < 0.2 ? ['no-aprovechables'] : subset(rand, RECYCLABLES, 2, 5);
    case 'eca':
      return ['papel-carton', 'plasticos', ...subset(rand, ['vidrio', 'metales', 'multicapa'], 1, 3)];
    case 'centro-acopio':
      return ['papel-carton', 'plasticos', 'metales', ...subset(rand, ['vidrio', 'multicapa', 'chatarra', 'cobre'], 0, 2)];
    case 'punto-limpio':
      return [...subset(rand, RECYCLABLES, 3, 6), ...subset(rand, POSCONSUMO, 1, 3)];
    case 'punto-posconsumo':
      return subset(rand, POSCONSUMO, 1, 3);
  }
}

const HOURS_BY_KIND: Record<PointKind, readonly (string | null)[]> = {
  'contenedor-publico': ['24/7', '24/7', '24/7', 'Mo-Su 06:00-22:00'],
  eca: ['Mo-Fr 07:00-17:00; Sa 07:00-12:00; Su,PH off', 'Mo-Sa 08:00-18:00; Su,PH off', 'Mo-Fr 06:00-16:00; Sa 06:00-13:00'],
  'centro-acopio': ['Mo-Fr 07:00-17:00; Sa 08:00-12:00; Su,PH off', 'Mo-Sa 07:00-16:00', null],
  'punto-limpio': ['Mo-Fr 08:00-18:00; Sa 09:00-13:00; Su,PH off', 'Mo-Su 08:00-20:00', 'Tu-Su 09:00-17:00; Mo off'],
  'punto-posconsumo': ['Mo-Sa 10:00-20:00; Su,PH 11:00-18:00', 'Mo-Su 10:00-21:00', 'Mo-Fr 08:00-17:00; Sa 08:00-12:00; Su,PH off'],
};

// Municipalities of the Valle de Aburrá with a centre and a spread (degrees) of their urban area.
const ABURRA: readonly { city: string; lat: number; lng: number; spread: number; weight: number; places: string[] }[] = [
  { city: 'Medellín', lat: 6.2442, lng: -75.5812, spread: 0.028, weight: 55, places: ['El Poblado', 'Laureles', 'Belén', 'Robledo', 'Castilla', 'Aranjuez', 'Manrique', 'Buenos Aires', 'La América', 'San Javier', 'Guayabal', 'La Candelaria', 'Estadio', 'Boston', 'Prado', 'Villa Hermosa', 'Doce de Octubre', 'Popular'] },
  { city: 'Bello', lat: 6.3373, lng: -75.5579, spread: 0.014, weight: 12, places: ['Niquía', 'Santa Ana', 'Cabañas', 'Suárez', 'Fontidueño'] },
  { city: 'Itagüí', lat: 6.1719, lng: -75.6114, spread: 0.01, weight: 8, places: ['Santa María', 'Ditaires', 'San Pío', 'El Rosario'] },
  { city: 'Envigado', lat: 6.1759, lng: -75.5917, spread: 0.01, weight: 8, places: ['Zúñiga', 'La Magnolia', 'El Dorado', 'Alcalá'] },
  { city: 'Sabaneta', lat: 6.1515, lng: -75.6166, spread: 0.006, weight: 4, places: ['Aliadas del Sur', 'Prados de Sabaneta', 'Calle Larga'] },
  { city: 'La Estrella', lat: 6.1578, lng: -75.6431, spread: 0.006, weight: 3, places: ['La Tablaza', 'Ancón Sur', 'Pueblo Viejo'] },
  { city: 'Caldas', lat: 6.0911, lng: -75.6357, spread: 0.006, weight: 3, places: ['La Valeria', 'Mandalay', 'Centro'] },
  { city: 'Copacabana', lat: 6.3463, lng: -75.5089, spread: 0.006, weight: 3, places: ['Machado', 'Yarumito', 'Centro'] },
  { city: 'Girardota', lat: 6.3777, lng: -75.4445, spread: 0.005, weight: 2, places: ['El Totumo', 'Centro'] },
  { city: 'Barbosa', lat: 6.4387, lng: -75.3331, spread: 0.005, weight: 2, places: ['Centro', 'Popalito'] },
];

// Colombian cities for the benchmark generator, weighted by (rounded) urban population in thousands.
const COLOMBIA: readonly { city: string; lat: number; lng: number; weight: number }[] = [
  { city: 'Bogotá', lat: 4.6533, lng: -74.0836, weight: 7900 },
  { city: 'Medellín', lat: 6.2442, lng: -75.5812, weight: 3900 },
  { city: 'Cali', lat: 3.4372, lng: -76.5225, weight: 2300 },
  { city: 'Barranquilla', lat: 10.9639, lng: -74.7964, weight: 1300 },
  { city: 'Cartagena', lat: 10.3997, lng: -75.5144, weight: 1000 },
  { city: 'Cúcuta', lat: 7.8939, lng: -72.5078, weight: 800 },
  { city: 'Bucaramanga', lat: 7.1193, lng: -73.1227, weight: 600 },
  { city: 'Pereira', lat: 4.8133, lng: -75.6961, weight: 480 },
  { city: 'Santa Marta', lat: 11.2408, lng: -74.199, weight: 500 },
  { city: 'Ibagué', lat: 4.4389, lng: -75.2322, weight: 540 },
  { city: 'Villavicencio', lat: 4.142, lng: -73.6266, weight: 530 },
  { city: 'Manizales', lat: 5.0703, lng: -75.5138, weight: 440 },
  { city: 'Pasto', lat: 1.2136, lng: -77.2811, weight: 390 },
  { city: 'Montería', lat: 8.7479, lng: -75.8814, weight: 490 },
  { city: 'Neiva', lat: 2.9273, lng: -75.2819, weight: 360 },
  { city: 'Armenia', lat: 4.5339, lng: -75.6811, weight: 300 },
  { city: 'Valledupar', lat: 10.4631, lng: -73.2532, weight: 530 },
  { city: 'Popayán', lat: 2.4448, lng: -76.6147, weight: 320 },
  { city: 'Sincelejo', lat: 9.3047, lng: -75.3978, weight: 290 },
  { city: 'Tunja', lat: 5.5353, lng: -73.3678, weight: 200 },
  { city: 'Riohacha', lat: 11.5444, lng: -72.9072, weight: 200 },
  { city: 'Florencia', lat: 1.6144, lng: -75.6062, weight: 180 },
  { city: 'Yopal', lat: 5.3378, lng: -72.3959, weight: 170 },
  { city: 'Quibdó', lat: 5.6947, lng: -76.6611, weight: 130 },
  { city: 'Leticia', lat: -4.2153, lng: -69.9406, weight: 50 },
];

function address(rand: () => number): string {
  const street = pick(rand, ['Calle', 'Carrera', 'Diagonal', 'Transversal', 'Avenida']);
  return `${street} ${1 + Math.floor(rand() * 110)} # ${1 + Math.floor(rand() * 99)}-${1 + Math.floor(rand() * 99)}`;
}

/** Points spread over the Valle de Aburrá's municipalities, with plausible names, hours and materials. */
export function demoPointInputs(count: number, seed = 2184): PointInput[] {
  const rand = prng(seed);
  const out: PointInput[] = [];
  for (let i = 0; i < count; i++) {
    const area = pickWeighted(rand, ABURRA.map((a) => [a, a.weight] as const));
    const kind = pickWeighted(rand, KIND_WEIGHTS);
    const place = pick(rand, area.places);
    const lat = area.lat + gaussian(rand) * area.spread;
    const lng = area.lng + gaussian(rand) * area.spread;
    const operator = kind === 'punto-posconsumo' ? pick(rand, ['Pilas con el Ambiente', 'Ecocómputo', 'Lumina', 'Punto Azul', 'Cierra el Ciclo']) : kind === 'contenedor-publico' ? 'Empresas Varias de Medellín' : null;
    out.push({
      name: `${KIND_NAMES[kind]} ${place} ${i + 1} (demo)`,
      kind,
      address: address(rand),
      city: area.city,
      lat: Math.round(lat * 1e6) / 1e6,
      lng: Math.round(lng * 1e6) / 1e6,
      opening_hours: pick(rand, HOURS_BY_KIND[kind]),
      phone: kind === 'contenedor-publico' ? null : `604${2000000 + Math.floor(rand() * 7999999)}`,
      photo_url: null,
      operator,
      materials: materialsFor(kind, rand),
      source: 'demo',
      osm_id: null,
    });
  }
  return out;
}

/** Fixed demo points the guided tour and the e2e journeys rely on (managed by the demo manager). */
export const DEMO_ANCHOR_POINTS: PointInput[] = [
  {
    name: 'Punto limpio Parque de El Poblado (demo)',
    kind: 'punto-limpio',
    address: 'Carrera 43A # 9-50',
    city: 'Medellín',
    lat: 6.2096,
    lng: -75.5673,
    opening_hours: 'Mo-Fr 08:00-18:00; Sa 09:00-13:00; Su,PH off',
    phone: '6044441234',
    photo_url: null,
    operator: 'PuntoVerde',
    materials: ['papel-carton', 'plasticos', 'vidrio', 'aluminio', 'multicapa', 'pilas', 'bombillas'],
    source: 'demo',
    osm_id: null,
  },
  {
    name: 'ECA Laureles La 70 (demo)',
    kind: 'eca',
    address: 'Carrera 70 # 44-20',
    city: 'Medellín',
    lat: 6.2471,
    lng: -75.5902,
    opening_hours: 'Mo-Fr 07:00-17:00; Sa 07:00-12:00; Su,PH off',
    phone: '6044445678',
    photo_url: null,
    operator: 'Asociación de Recicladores de Laureles (demo)',
    materials: ['papel-carton', 'plasticos', 'vidrio', 'metales', 'multicapa'],
    source: 'demo',
    osm_id: null,
  },
  {
    name: 'Punto posconsumo Centro Comercial Los Molinos (demo)',
    kind: 'punto-posconsumo',
    address: 'Calle 30A # 82A-26',
    city: 'Medellín',
    lat: 6.2328,
    lng: -75.6043,
    opening_hours: 'Mo-Sa 10:00-20:00; Su,PH 11:00-18:00',
    phone: '6044449012',
    photo_url: null,
    operator: 'Cierra el Ciclo',
    materials: ['pilas', 'bombillas', 'raee', 'medicamentos', 'aceite-cocina'],
    source: 'demo',
    osm_id: null,
  },
];

export const DEMO_POINTS_COUNT = 320;
export const DEMO_MANAGER_EMAIL = 'gestor@demo.puntoverde.co';

async function insertInBatches(db: Db, inputs: PointInput[], batch = 500): Promise<number[]> {
  const catalogue = await getCatalogue(db);
  const ids: number[] = [];
  for (let i = 0; i < inputs.length; i += batch) {
    const rows = inputs.slice(i, i + batch).map((p) => toPointRow(catalogue, p));
    ids.push(...(await db.transaction().execute((trx) => repo.insertPoints(trx, rows))));
  }
  await bumpPointsVersion(db);
  return ids;
}

const DEMO_CONTAINERS: { material: string; capacity_l: number; fill: number }[][] = [
  [
    { material: 'vidrio', capacity_l: 1100, fill: 35 },
    { material: 'plasticos', capacity_l: 1100, fill: 72 },
    { material: 'papel-carton', capacity_l: 660, fill: 48 },
    { material: 'pilas', capacity_l: 120, fill: 15 },
  ],
  [
    { material: 'papel-carton', capacity_l: 3000, fill: 64 },
    { material: 'plasticos', capacity_l: 3000, fill: 91 },
    { material: 'metales', capacity_l: 1100, fill: 22 },
  ],
  [
    { material: 'pilas', capacity_l: 120, fill: 55 },
    { material: 'raee', capacity_l: 1100, fill: 30 },
  ],
];

/** Links the demo manager to the anchor points and gives those points containers with history. */
async function seedDemoContainers(db: Db, anchorIds: number[]): Promise<boolean> {
  const manager = await db.selectFrom('users').select('id').where('email', '=', DEMO_MANAGER_EMAIL).executeTakeFirst();
  if (!manager) return false;
  if ((await repo.pointIdsOfManager(db, manager.id)).length) return true;
  const catalogue = await getCatalogue(db);
  const rand = prng(1755);
  await db.transaction().execute(async (trx) => {
    for (const [i, pointId] of anchorIds.entries()) {
      await repo.addManager(trx, pointId, manager.id);
      for (const c of DEMO_CONTAINERS[i] ?? []) {
        const material = catalogue.byCode.get(c.material);
        if (!material) continue;
        // Two weeks of history: it filled up, was emptied, and is filling again.
        const days = 3 + Math.floor(rand() * 6);
        const emptiedAt = new Date(Date.now() - days * 86400000).toISOString();
        const containerId = await repo.insertContainer(trx, {
          point_id: pointId,
          material_id: material.id,
          capacity_l: c.capacity_l,
          fill_level: c.fill,
          status: 'en-servicio',
          last_emptied_at: emptiedAt,
        });
        const before = new Date(Date.now() - (days + 2) * 86400000).toISOString();
        await repo.insertReading(trx, { container_id: containerId, kind: 'fill', fill_level: 88, kg: null, user_id: manager.id, created_at: before });
        await repo.insertReading(trx, {
          container_id: containerId,
          kind: 'emptying',
          fill_level: 0,
          kg: Math.round((c.capacity_l / 10) * (0.6 + rand() * 0.6) * 10) / 10,
          user_id: manager.id,
          created_at: emptiedAt,
        });
        await repo.insertReading(trx, {
          container_id: containerId,
          kind: 'fill',
          fill_level: c.fill,
          kg: null,
          user_id: manager.id,
          created_at: new Date(Date.now() - 3600000).toISOString(),
        });
      }
    }
  });
  return true;
}

/** Demo seeder: 3 anchor points and ~320 generated ones across the Valle de Aburrá, once. */
export const pointsDemoSeeder: Seeder = {
  name: 'points',
  async run(db, ctx) {
    if ((await repo.countDemoPoints(db)) === 0) {
      await insertInBatches(db, [...DEMO_ANCHOR_POINTS, ...demoPointInputs(DEMO_POINTS_COUNT)]);
    }
    const anchors = await db
      .selectFrom('points')
      .select(['id', 'name'])
      .where('source', '=', 'demo')
      .where(
        'name',
        'in',
        DEMO_ANCHOR_POINTS.map((p) => p.name),
      )
      .execute();
    const anchorIds = DEMO_ANCHOR_POINTS.map((p) => anchors.find((a) => a.name === p.name)?.id).filter(
      (id): id is number => id !== undefined,
    );
    if (!(await seedDemoContainers(db, anchorIds))) {
      const message = `demo seed: points: no ${DEMO_MANAGER_EMAIL} user yet, demo containers skipped`;
      // pino's and console's warn differ in signature: call each as itself.
      if ('child' in ctx.log) ctx.log.warn(message);
      else ctx.log.warn(message);
    }
  },
};

/** Benchmark points across Colombia's cities, weighted by population (replaces earlier ones). */
export function generatedPointInputs(count: number, seed = 100000): PointInput[] {
  const rand = prng(seed);
  const weighted = COLOMBIA.map((c) => [c, c.weight] as const);
  const out: PointInput[] = [];
  for (let i = 0; i < count; i++) {
    const c = pickWeighted(rand, weighted);
    // Urban spread grows with the city; one point in ten lies in the surrounding region.
    const spread = (0.015 + Math.sqrt(c.weight) / 900) * (rand() < 0.1 ? 6 : 1);
    const kind = pickWeighted(rand, KIND_WEIGHTS);
    out.push({
      name: `${KIND_NAMES[kind]} de prueba ${i + 1} (demo)`,
      kind,
      address: address(rand),
      city: c.city,
      lat: Math.round((c.lat + gaussian(rand) * spread) * 1e6) / 1e6,
      lng: Math.round((c.lng + gaussian(rand) * spread) * 1e6) / 1e6,
      opening_hours: pick(rand, HOURS_BY_KIND[kind]),
      phone: null,
      photo_url: null,
      operator: null,
      materials: materialsFor(kind, rand),
      source: 'generated',
      osm_id: null,
    });
  }
  return out;
}

export async function seedGeneratedPoints(
  db: Db,
  count: number,
  onProgress?: (done: number) => void,
): Promise<{ deleted: number; created: number }> {
  const deleted = await db.deleteFrom('points').where('source', '=', 'generated').executeTakeFirst();
  const inputs = generatedPointInputs(count);
  const catalogue = await getCatalogue(db);
  const batch = 1000;
  for (let i = 0; i < inputs.length; i += batch) {
    const rows = inputs.slice(i, i + batch).map((p) => toPointRow(catalogue, p));
    await db.transaction().execute((trx) => repo.insertPoints(trx, rows));
    onProgress?.(Math.min(inputs.length, i + batch));
  }
  await bumpPointsVersion(db);
  return { deleted: Number(deleted.numDeletedRows), created: inputs.length };
}


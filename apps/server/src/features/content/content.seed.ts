import { nowIso, type Db } from '../../db/dialect.js';
import type { Seeder } from '../../db/seed/seeder.js';
import { processUpload, saveFile, storageFromConfig, type FileStorage } from '../files/files.service.js';
import { ABOUT_SETTING_KEY, DEFAULT_ABOUT } from './content.service.js';
import { drawCampaignImage, drawLogo, type CampaignArt, type LogoShape } from './demo-images.js';

/**
 * Demo content for every public screen: allies of both kinds with logos, campaigns (past,
 * ongoing, upcoming, relative to the seed date) with banners, the FAQ and the about page.
 * Every name says "(demo)" where a real organisation could be confused with it.
 * Idempotent: each part is seeded only while its table is empty.
 */

const DAY = 24 * 60 * 60 * 1000;

async function storeImage(db: Db, storage: FileStorage, png: Buffer): Promise<number> {
  const processed = await processUpload(png);
  const row = await saveFile(db, storage, processed, { ownerId: null, isPublic: true });
  return row.id;
}

/** The closest active point within about 1 km, so a campaign can link to it on the map. */
async function nearestPoint(db: Db, lat: number, lng: number): Promise<number | null> {
  const d = 0.01;
  const rows = await db
    .selectFrom('points')
    .select(['id', 'lat', 'lng'])
    .where('active', '=', 1)
    .where('lat', '>', lat - d)
    .where('lat', '<', lat + d)
    .where('lng', '>', lng - d)
    .where('lng', '<', lng + d)
    .limit(200)
    .execute();
  let best: { id: number; dist: number } | null = null;
  for (const r of rows) {
    const dist = (r.lat - lat) ** 2 + (r.lng - lng) ** 2;
    if (!best || dist < best.dist) best = { id: r.id, dist };
  }
  return best?.id ?? null;
}

async function isEmpty(db: Db, table: 'allies' | 'campaigns' | 'faq_items'): Promise<boolean> {
  const r = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  return Number(r.c) === 0;
}

type DemoAlly = {
  kind: 'aliado' | 'adherido';
  name: string;
  category: string;
  description: string;
  benefits: string;
  website: string | null;
  phone: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  logo: [LogoShape, string, string];
};

export const DEMO_ALLIES: DemoAlly[] = [
  {
    kind: 'aliado',
    name: 'Supermercados La Canasta (demo)',
    category: 'comercio',
    description: 'Cadena de supermercados de barrio con puntos de devolución de envases en sus sedes.',
    benefits: 'Bono de $2.000 por cada 20 envases PET limpios entregados.',
    website: 'https://lacanasta.example.co',
    phone: '6044445566',
    address: 'Carrera 70 # 44-10, Laureles',
    lat: 6.2448,
    lng: -75.5896,
    logo: ['square', '#c62828', '#ffffff'],
  },
  {
    kind: 'aliado',
    name: 'Reciclados del Valle S.A.S. (demo)',
    category: 'gestor-residuos',
    description: 'Gestor autorizado que transforma plástico y cartón recuperado en nuevas materias primas.',
    benefits: 'Certificados de disposición para empresas adheridas.',
    website: 'https://recicladosdelvalle.example.co',
    phone: '6043217788',
    address: 'Calle 10 Sur # 50-30, Guayabal',
    lat: 6.2125,
    lng: -75.5853,
    logo: ['hexagon', '#1b5e20', '#c8e6c9'],
  },
  {
    kind: 'aliado',
    name: 'Alcaldía de Medellín · Secretaría de Medio Ambiente (demo)',
    category: 'entidad-publica',
    description: 'Acompaña las campañas de separación en la fuente y la gestión de puntos críticos.',
    benefits: 'Capacitaciones gratuitas para conjuntos residenciales.',
    website: null,
    phone: null,
    address: 'Calle 44 # 52-165, La Alpujarra',
    lat: 6.2446,
    lng: -75.5737,
    logo: ['triangle', '#0d47a1', '#ffffff'],
  },
  {
    kind: 'adherido',
    name: 'Colegio Montaña Verde (demo)',
    category: 'educacion',
    description: 'Institución educativa con punto de acopio escolar y un club de reciclaje.',
    benefits: 'Visitas guiadas al punto de acopio para otros colegios.',
    website: null,
    phone: '6042223344',
    address: 'Carrera 43A # 1-50, El Poblado',
    lat: 6.2087,
    lng: -75.5671,
    logo: ['leaf', '#33691e', '#f1f8e9'],
  },
  {
    kind: 'adherido',
    name: 'Fundación Río Limpio (demo)',
    category: 'organizacion-social',
    description: 'Organiza jornadas de limpieza de quebradas con voluntarios de la comunidad.',
    benefits: 'Horas de voluntariado certificadas.',
    website: 'https://riolimpio.example.org',
    phone: null,
    address: null,
    lat: null,
    lng: null,
    logo: ['drop', '#006064', '#e0f7fa'],
  },
  {
    kind: 'adherido',
    name: 'Cafetería El Grano (demo)',
    category: 'comercio',
    description: 'Cafetería que separa sus residuos y entrega el aceite de cocina usado a un gestor.',
    benefits: '10 % de descuento si llevas tu propio vaso.',
    website: null,
    phone: '3001234567',
    address: 'Calle 33 # 65-20, Conquistadores',
    lat: 6.2436,
    lng: -75.5848,
    logo: ['circle', '#4e342e', '#ffcc80'],
  },
  {
    kind: 'adherido',
    name: 'Conjunto Residencial Los Almendros (demo)',
    category: 'otro',
    description: 'Unidad residencial con separación en la fuente en todas sus torres.',
    benefits: 'Comparte su experiencia con otras copropiedades.',
    website: null,
    phone: null,
    address: 'Carrera 80 # 34-15, Belén',
    lat: 6.2311,
    lng: -75.6004,
    logo: ['square', '#6a1b9a', '#e1bee7'],
  },
];

type DemoCampaign = {
  title: string;
  summary: string;
  body: string;
  startDays: number;
  endDays: number;
  place_name: string;
  address: string;
  lat: number;
  lng: number;
  materials: string[];
  art: CampaignArt;
  organiser: number | null;
};

export const DEMO_CAMPAIGNS: DemoCampaign[] = [
  {
    title: 'Reciclatón de aparatos eléctricos (demo)',
    summary: 'Lleva celulares, computadores y pequeños electrodomésticos que ya no uses: se aprovechan sus metales y se gestionan sus residuos peligrosos.',
    body: 'Recibimos celulares, cargadores, computadores, impresoras y pequeños electrodomésticos.\n\nNo recibimos neveras ni televisores de tubo: para ellos pide una recolección.',
    startDays: -3,
    endDays: 4,
    place_name: 'Parque de El Poblado',
    address: 'Carrera 43A # 9-60, El Poblado',
    lat: 6.2094,
    lng: -75.5707,
    materials: ['raee', 'bombillas'],
    art: 'devices',
    organiser: 1,
  },
  {
    title: 'Mes del vidrio: devuelve tus envases (demo)',
    summary: 'Durante todo el mes, los puntos de La Canasta reciben botellas y frascos de vidrio limpios.',
    body: 'Enjuaga los envases y retira las tapas. El vidrio roto va envuelto en papel y marcado.',
    startDays: -10,
    endDays: 20,
    place_name: 'Supermercados La Canasta, sede Laureles',
    address: 'Carrera 70 # 44-10, Laureles',
    lat: 6.2448,
    lng: -75.5896,
    materials: ['vidrio'],
    art: 'bottles',
    organiser: 0,
  },
  {
    title: 'Jornada de pilas en Laureles (demo)',
    summary: 'Recolección de pilas y baterías usadas para que no terminen en el relleno sanitario.',
    body: 'Trae las pilas en una bolsa sellada. También recibimos baterías de celular.',
    startDays: 9,
    endDays: 10,
    place_name: 'Primer Parque de Laureles',
    address: 'Circular 1 # 70-01, Laureles',
    lat: 6.2464,
    lng: -75.5905,
    materials: ['pilas'],
    art: 'battery',
    organiser: 2,
  },
  {
    title: 'Taller de compostaje en casa (demo)',
    summary: 'Aprende a convertir tus residuos orgánicos en abono, aunque vivas en apartamento.',
    body: 'Taller práctico de dos horas. Cupos limitados: inscríbete en la app.',
    startDays: 16,
    endDays: 16.1,
    place_name: 'Jardín Botánico de Medellín',
    address: 'Calle 73 # 51D-14, Aranjuez',
    lat: 6.2707,
    lng: -75.5647,
    materials: ['organicos'],
    art: 'leaf',
    organiser: 3,
  },
  {
    title: 'Limpieza de la quebrada La Presidenta (demo)',
    summary: 'Voluntarios retiraron residuos de las orillas de la quebrada. ¡Gracias a quienes participaron!',
    body: 'Se recuperaron plásticos, vidrio y metales que se entregaron a un gestor autorizado.',
    startDays: -25,
    endDays: -24.8,
    place_name: 'Parque lineal La Presidenta',
    address: 'Calle 10 # 38-10, El Poblado',
    lat: 6.2092,
    lng: -75.5651,
    materials: ['plasticos', 'vidrio', 'metales'],
    art: 'river',
    organiser: 4,
  },
  {
    title: 'Recolección de aceite de cocina usado (demo)',
    summary: 'Un litro de aceite contamina miles de litros de agua: lo recogimos para convertirlo en biodiésel.',
    body: 'Guarda el aceite frío en una botella plástica cerrada hasta la próxima jornada.',
    startDays: -40,
    endDays: -38,
    place_name: 'Cafetería El Grano',
    address: 'Calle 33 # 65-20, Conquistadores',
    lat: 6.2436,
    lng: -75.5848,
    materials: ['aceite-cocina'],
    art: 'oil',
    organiser: 5,
  },
];

export const DEMO_FAQ: { question: string; answer: string }[] = [
  {
    question: '¿Cómo separo mis residuos en casa?',
    answer:
      'Usa tres bolsas, según el código de colores nacional (Resolución 2184 de 2019): blanca para aprovechables limpios y secos (plástico, vidrio, metales, papel y cartón), negra para no aprovechables (servilletas, papel higiénico, residuos sucios) y verde para orgánicos (restos de comida, cáscaras).',
  },
  {
    question: '¿Dónde reciclo pilas, bombillas o aparatos eléctricos?',
    answer:
      'No van en ninguna bolsa: llévalos a un punto posconsumo. En «Ayuda» busca el material en la guía «¿Dónde reciclo...?» y te mostramos en el mapa los puntos que lo reciben.',
  },
  {
    question: '¿Tengo que lavar los envases?',
    answer: 'Enjuágalos y déjalos secar. Un envase con restos de comida ensucia todo lo demás y puede terminar en el relleno sanitario.',
  },
  {
    question: '¿Cómo me inscribo en una campaña?',
    answer: 'Inicia sesión, abre la campaña en «Campañas» y toca «Inscribirme». Puedes agregarla a tu calendario y compartirla.',
  },
  {
    question: '¿Cómo pido que recojan mi reciclaje?',
    answer: 'Inicia sesión y entra a «Mis Solicitudes». Indica qué materiales tienes, cuánto pesan aproximadamente y cuándo pueden pasar.',
  },
  {
    question: '¿Qué es una PQR y cuánto tardan en responderme?',
    answer:
      'Es una petición, queja o reclamo. La respondemos dentro de los plazos de la Ley 1755 de 2015 (por regla general, 15 días hábiles). Con el número de radicado puedes consultar su estado en «Ayuda / PQR».',
  },
];

export const contentSeeder: Seeder = {
  name: 'content (allies, campaigns, FAQ, about)',
  async run(db, ctx) {
    const storage = storageFromConfig(ctx.config);
    const now = Date.now();
    const stamp = nowIso();

    let allyIds: number[] = [];
    if (await isEmpty(db, 'allies')) {
      for (const a of DEMO_ALLIES) {
        const logo = await storeImage(db, storage, await drawLogo(...a.logo));
        const row = await db
          .insertInto('allies')
          .values({
            kind: a.kind,
            name: a.name,
            logo_file_id: logo,
            category: a.category,
            description: a.description,
            benefits: a.benefits,
            website: a.website,
            email: null,
            phone: a.phone,
            address: a.address,
            city: a.address ? 'Medellín' : null,
            lat: a.lat,
            lng: a.lng,
            published: 1,
            created_at: stamp,
            updated_at: stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        allyIds.push(row.id);
      }
    } else {
      allyIds = (await db.selectFrom('allies').select('id').orderBy('id').execute()).map((r) => r.id);
    }

    if (await isEmpty(db, 'campaigns')) {
      const known = new Set((await db.selectFrom('materials').select('code').execute()).map((m) => m.code));
      for (const c of DEMO_CAMPAIGNS) {
        const image = await storeImage(db, storage, await drawCampaignImage(c.art));
        // Starts at 9:00 Bogotá time (UTC−5) on its day; ends at 17:00, or after the whole-day span.
        const hour = (days: number, bogotaHour: number) => {
          const day = new Date(now + Math.floor(days) * DAY);
          day.setUTCHours(bogotaHour + 5, 0, 0, 0);
          return day.toISOString();
        };
        const row = await db
          .insertInto('campaigns')
          .values({
            title: c.title,
            summary: c.summary,
            body: c.body,
            image_file_id: image,
            starts_at: hour(c.startDays, 9),
            ends_at: hour(c.endDays, 17),
            point_id: await nearestPoint(db, c.lat, c.lng),
            place_name: c.place_name,
            address: c.address,
            city: 'Medellín',
            lat: c.lat,
            lng: c.lng,
            organiser_ally_id: c.organiser === null ? null : (allyIds[c.organiser] ?? null),
            published: 1,
            created_by: null,
            created_at: stamp,
            updated_at: stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const codes = c.materials.filter((m) => known.has(m));
        if (codes.length) {
          await db
            .insertInto('campaign_materials')
            .values(codes.map((material_code) => ({ campaign_id: row.id, material_code })))
            .execute();
        }
      }
    }

    if (await isEmpty(db, 'faq_items')) {
      await db
        .insertInto('faq_items')
        .values(DEMO_FAQ.map((f, i) => ({ ...f, position: i + 1, published: 1, created_at: stamp, updated_at: stamp })))
        .execute();
    }

    const about = await db.selectFrom('app_setting').select('key').where('key', '=', ABOUT_SETTING_KEY).executeTakeFirst();
    if (!about) {
      const demoAbout = {
        ...DEFAULT_ABOUT,
        email: 'hola@puntoverde.example.co',
        phone: '6046040000',
        whatsapp: '3000000000',
        address: 'Calle 44 # 52-165, Medellín (dirección de demostración)',
        hours: 'Lunes a viernes de 8:00 a 17:00; sábados de 8:00 a 12:00',
        website: 'https://puntoverde.example.co',
      };
      await db.insertInto('app_setting').values({ key: ABOUT_SETTING_KEY, value: JSON.stringify(demoAbout), updated_at: stamp }).execute();
    }
  },
};

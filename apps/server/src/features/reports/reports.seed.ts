import { REPORT_SEEDED_CATEGORIES, formatReportNumber, type ReportCategory, type ReportStatus } from '@puntoverde/contract';
import sharp from 'sharp';
import type { Db } from '../../db/dialect.js';
import type { Seeder } from '../../db/seed/seeder.js';
import { takeNextSequence } from '../../db/sequence.js';
import { processUpload, saveFile, storageFromConfig } from '../files/files.service.js';
import * as repo from './reports.repository.js';

/**
 * Demo incident reports: 30 across the demo city, in every status and category, at the demo
 * manager's points and elsewhere; some with a drawn photo, some duplicates of an open one, some
 * followed by other demo accounts; one resolved 8 days ago still waiting for "¿Se resolvió?".
 * Idempotent: skipped once any report exists.
 */

const DAY = 24 * 3600 * 1000;
const REPORTERS = ['hogar@demo.puntoverde.co', 'empresa@demo.puntoverde.co', 'sucursal@demo.puntoverde.co'];
const MANAGER = 'gestor@demo.puntoverde.co';
const ADMIN = 'admin@demo.puntoverde.co';

const DESCRIPTIONS: Record<(typeof REPORT_SEEDED_CATEGORIES)[number], string[]> = {
  contenedor_lleno: [
    'El contenedor de aprovechables está lleno y ya hay bolsas en el andén (demo).',
    'Contenedor rebosado desde el fin de semana; los gatos rompen las bolsas (demo).',
  ],
  contenedor_danado: ['La tapa del contenedor está partida y entra la lluvia (demo).', 'Al contenedor le falta una rueda y está ladeado (demo).'],
  punto_critico: ['Escombros y un colchón tirados en la esquina del parque (demo).', 'Bolsas de basura acumuladas junto a la quebrada (demo).'],
  punto_cerrado: ['Fui a las 10:00 de un martes y el punto estaba cerrado (demo).', 'El horario dice que abre el sábado, pero no había nadie (demo).'],
  recoleccion_no_realizada: ['Quedamos para el jueves en la mañana y no pasaron (demo).', 'La ruta de reciclaje no pasó esta semana por la cuadra (demo).'],
  otro: ['El aviso del punto está borrado y no se sabe qué reciben (demo).', 'Hay mal olor alrededor del punto en las tardes (demo).'],
};

/** Status path of each demo report (the last entry is its status). */
const PATHS: ReportStatus[][] = [
  [],
  ['en_revision'],
  ['en_revision', 'programado'],
  ['en_revision', 'programado', 'resuelto'],
  ['descartado'],
];

async function demoPhoto(hue: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
<rect width="480" height="360" fill="#cfe3d4"/><rect x="0" y="250" width="480" height="110" fill="#9aa59d"/>
<rect x="150" y="110" width="180" height="160" rx="10" fill="${hue}"/><rect x="140" y="95" width="200" height="25" rx="6" fill="#1b2b1f"/>
<circle cx="120" cy="270" r="28" fill="#6b6b6b"/><circle cx="365" cy="275" r="22" fill="#7d6a55"/>
<text x="240" y="340" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#1b2b1f">Foto de demostración</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const reportsDemoSeeder: Seeder = {
  name: 'reports',
  async run(db: Db, ctx) {
    const any = await db.selectFrom('reports').select('id').limit(1).executeTakeFirst();
    if (any) return;
    const users = await db.selectFrom('users').select(['id', 'email', 'name']).where('email', 'in', [...REPORTERS, MANAGER, ADMIN]).execute();
    const byEmail = new Map(users.map((u) => [u.email, u]));
    const reporters = REPORTERS.map((e) => byEmail.get(e)).filter((u) => u !== undefined);
    const manager = byEmail.get(MANAGER);
    const admin = byEmail.get(ADMIN);
    if (reporters.length < 2 || !manager || !admin) return;
    const managed = await db
      .selectFrom('point_managers as pm')
      .innerJoin('points as p', 'p.id', 'pm.point_id')
      .select(['p.id', 'p.lat', 'p.lng'])
      .where('pm.user_id', '=', manager.id)
      .orderBy('p.id')
      .limit(3)
      .execute();
    const others = await db
      .selectFrom('points')
      .select(['id', 'lat', 'lng'])
      .where('city', '=', 'Medellín')
      .where('active', '=', 1)
      .orderBy('id')
      .limit(8)
      .execute();
    const places = [...managed, ...others.filter((o) => !managed.some((m) => m.id === o.id))];
    if (!places.length) return;
    const containers = await db.selectFrom('containers').select(['id', 'point_id']).where('point_id', 'in', places.map((p) => p.id)).execute();
    const storage = storageFromConfig(ctx.config);
    const now = Date.now();
    const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric' }).format(new Date(now)));

    try {
      await db.transaction().execute(async (trx) => {
        const created: { id: number; number: string; status: ReportStatus; category: ReportCategory; lat: number; lng: number }[] = [];
        for (let i = 0; i < 30; i += 1) {
          const category = REPORT_SEEDED_CATEGORIES[i % REPORT_SEEDED_CATEGORIES.length]!;
          const path = PATHS[i % PATHS.length]!;
          const place = places[i % places.length]!;
          const reporter = reporters[i % reporters.length]!;
          // A few metres around the point, so several reports share a place.
          const lat = Number((place.lat + ((i % 5) - 2) * 0.00012).toFixed(6));
          const lng = Number((place.lng + ((i % 3) - 1) * 0.00012).toFixed(6));
          const daysAgo = 40 - i;
          const createdAt = new Date(now - daysAgo * DAY).toISOString();
          const container = category.startsWith('contenedor') ? containers.find((c) => c.point_id === place.id) : undefined;
          const sequence = await takeNextSequence(trx, 'report', year);
          const number = formatReportNumber(year, sequence);
          const status = path.at(-1) ?? 'abierto';
          const closedAt = status === 'resuelto' || status === 'descartado' ? new Date(now - Math.max(0, daysAgo - 3) * DAY).toISOString() : null;
          // One resolved report of the household waits 8 days for "¿Se resolvió?".
          const resolvedAt = status === 'resuelto' ? (i === 18 ? new Date(now - 8 * DAY).toISOString() : closedAt) : null;
          const id = await repo.insertReport(trx, {
            number,
            year,
            sequence,
            category,
            status,
            description: DESCRIPTIONS[category][i % 2]!,
            lat,
            lng,
            point_id: place.id,
            container_id: container?.id ?? null,
            reporter_id: reporter.id,
            reporter_name: reporter.name,
            reporter_email: reporter.email,
            reporter_phone: null,
            source: 'app',
            address: null,
            media_url: null,
            duplicate_of_id: null,
            status_notes: status === 'descartado' ? 'No encontramos el problema en la visita (demo).' : null,
            assigned_to: status === 'en_revision' ? admin.id : null,
            resolved_at: resolvedAt,
            closed_at: status === 'resuelto' ? resolvedAt : closedAt,
            follow_up_sent_at: null,
            follow_up_answer: status === 'resuelto' && i !== 18 ? 'si' : null,
            follow_up_answered_at: status === 'resuelto' && i !== 18 ? closedAt : null,
            created_at: createdAt,
            updated_at: resolvedAt ?? closedAt ?? createdAt,
          });
          await repo.insertEvent(trx, {
            report_id: id,
            kind: 'created',
            from_status: null,
            to_status: 'abierto',
            actor_id: reporter.id,
            actor_name: reporter.name,
            message: null,
            internal: 0,
            created_at: createdAt,
          });
          let from: ReportStatus = 'abierto';
          for (const [k, to] of path.entries()) {
            await repo.insertEvent(trx, {
              report_id: id,
              kind: 'status',
              from_status: from,
              to_status: to,
              actor_id: manager.id,
              actor_name: manager.name,
              message: to === 'descartado' ? 'No encontramos el problema en la visita (demo).' : to === 'programado' ? 'Pasamos el próximo martes (demo).' : null,
              internal: 0,
              created_at: new Date(Date.parse(createdAt) + (k + 1) * DAY).toISOString(),
            });
            from = to;
          }
          if (i % 4 === 0) {
            await repo.insertEvent(trx, {
              report_id: id,
              kind: 'note',
              from_status: null,
              to_status: null,
              actor_id: admin.id,
              actor_name: admin.name,
              message: 'Nota interna de demostración: avisar al operador de la ruta.',
              internal: 1,
              created_at: new Date(Date.parse(createdAt) + 3600 * 1000).toISOString(),
            });
          }
          if (i % 3 === 0) {
            const photo = await processUpload(await demoPhoto(['#2e7d32', '#455a64', '#8d6e63'][i % 3]!));
            const file = await saveFile(trx, storage, photo, { ownerId: reporter.id });
            await repo.insertPhotos(trx, id, [file.id]);
          }
          // Other demo accounts follow some reports.
          for (const follower of reporters) {
            if (follower.id !== reporter.id && (i + follower.id) % 4 === 0) await repo.addFollower(trx, id, follower.id, createdAt);
          }
          created.push({ id, number, status, category, lat, lng });
        }
        // Three duplicates: a later open report of the same category as an open one, closed and linked to it.
        const isOpen = (c: (typeof created)[number]) => c.status === 'abierto' || c.status === 'en_revision' || c.status === 'programado';
        for (const category of REPORT_SEEDED_CATEGORIES.slice(0, 3)) {
          const open = created.filter((c) => c.category === category && isOpen(c));
          const [original, dup] = open;
          if (!original || !dup) continue;
          const at = new Date(now - DAY).toISOString();
          await repo.update(trx, dup.id, { status: 'duplicado', duplicate_of_id: original.id, closed_at: at, updated_at: at, lat: original.lat, lng: original.lng });
          await repo.insertEvent(trx, {
            report_id: dup.id,
            kind: 'status',
            from_status: dup.status,
            to_status: 'duplicado',
            actor_id: admin.id,
            actor_name: admin.name,
            message: null,
            internal: 0,
            created_at: at,
          });
          dup.status = 'duplicado';
        }
      });
    } catch (err) {
      ctx.log.warn(`demo reports not seeded: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await storage.close();
    }
  },
};

// Serves, in one process, the real app with generated incident reports (port APP_PORT, 200,000 by
// default) and a bare Fastify (port MEM_PORT) answering the very same bytes from memory, so the
// reports benchmark compares them in the same run. Writes DATA_DIR/reports-targets.json, then
// prints "ready".
import Fastify from 'fastify';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPORT_SEEDED_CATEGORIES, REPORT_STATUSES, formatReportNumber } from '@puntoverde/contract';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { nowIso } from '../../apps/server/src/db/dialect.js';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const count = Number(process.env.REPORTS_COUNT ?? 200000);
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', DEMO: 'false' });
const app = await buildApp({ config });
const db = app.db;

// Where reports happen: mostly the big cities, a few anywhere in the country.
const CITIES = [
  { lat: 4.6533, lng: -74.0836, spread: 0.08, weight: 40 },
  { lat: 6.2442, lng: -75.5812, spread: 0.06, weight: 25 },
  { lat: 3.4372, lng: -76.5225, spread: 0.05, weight: 15 },
  { lat: 10.9639, lng: -74.7964, spread: 0.04, weight: 10 },
  { lat: 7.1193, lng: -73.1227, spread: 0.03, weight: 10 },
];
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

const started = performance.now();
const now = Date.now();
const user = await db
  .insertInto('users')
  .values({
    email: 'bench@example.com', password_hash: null, tc_id: 2, id_empresa: null, is_admin: 0, name: 'Bench', first_name: null, last_name: null,
    company_name: null, contact_name: null, document_type: null, document_number: null, phone: null, address: null, city: null, lat: null, lng: null,
    email_verified_at: nowIso(), data_policy_version: null, data_policy_accepted_at: null, active: 1, created_at: nowIso(), updated_at: nowIso(), deleted_at: null,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const year = 2026;
const BATCH = 500;
await db.transaction().execute(async (trx) => {
for (let start = 0; start < count; start += BATCH) {
  const rows = [];
  for (let i = start; i < Math.min(count, start + BATCH); i += 1) {
    const r = rand() * 100;
    let acc = 0;
    const city = CITIES.find((c) => (acc += c.weight) >= r) ?? CITIES[0]!;
    const lat = city.lat + (rand() * 2 - 1) * city.spread;
    const lng = city.lng + (rand() * 2 - 1) * city.spread;
    // Spread over the last 365 days; about half still open.
    const created = new Date(now - rand() * 365 * 24 * 3600 * 1000).toISOString();
    const status = rand() < 0.5 ? REPORT_STATUSES[Math.floor(rand() * 3)]! : REPORT_STATUSES[3 + Math.floor(rand() * 3)]!;
    rows.push({
      number: formatReportNumber(year, i + 1), year, sequence: i + 1,
      category: REPORT_SEEDED_CATEGORIES[Math.floor(rand() * REPORT_SEEDED_CATEGORIES.length)]!, status,
      description: 'Reporte generado para medir el rendimiento: contenedor lleno y bolsas en el andén.',
      lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)), point_id: null, container_id: null, reporter_id: user.id,
      reporter_name: 'Bench', reporter_email: null, reporter_phone: null, source: 'app', address: null, media_url: null,
      duplicate_of_id: null, status_notes: null, assigned_to: null, resolved_at: status === 'resuelto' ? created : null,
      closed_at: null, follow_up_sent_at: null, follow_up_answer: null, follow_up_answered_at: null, created_at: created, updated_at: created,
    });
  }
  await trx.insertInto('reports').values(rows).execute();
}
});
await db.insertInto('sequences').values({ name: 'report', year, last_value: count }).execute();
const seedSeconds = Math.round((performance.now() - started) / 100) / 10;

async function body(url: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  return res.body;
}

const day = 24 * 3600 * 1000;
const end = new Date(now).toISOString();
const start90 = new Date(now - 90 * day).toISOString();
const targets = [
  // Medellín's urban area as a phone shows it (about 8 × 8 km).
  { name: 'viewport_list', path: '/back/api/v1/reports?bbox=-75.62,6.21,-75.54,6.28' },
  { name: 'duplicates', path: '/back/api/v1/reports/duplicates?category=contenedor_lleno&lat=6.2442&lng=-75.5812' },
  { name: 'open311_90_days', path: `/back/api/open311/v2/requests.json?start_date=${start90}&end_date=${end}` },
].map((t) => ({ ...t, json: '' }));
for (const t of targets) t.json = await body(t.path);
if (process.env.REPORTS_PROFILE) {
  for (const t of targets) {
    const times: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const s0 = performance.now();
      await body(t.path);
      times.push(performance.now() - s0);
    }
    times.sort((a, b) => a - b);
    console.error(`${t.name}: p50 ${times[50]!.toFixed(1)} ms, p99 ${times[98]!.toFixed(1)} ms (in-process inject), seed ${seedSeconds} s`);
  }
}

const mem = Fastify({ logger: false });
for (const t of targets) {
  mem.get(`/mem/${t.name}`, async (_request, reply) => reply.type('application/json; charset=utf-8').send(t.json));
}
await app.listen({ port: Number(process.env.APP_PORT), host: '127.0.0.1' });
await mem.listen({ port: Number(process.env.MEM_PORT), host: '127.0.0.1' });
writeFileSync(
  path.join(dataDir, 'reports-targets.json'),
  JSON.stringify({
    count,
    seed_seconds: seedSeconds,
    dialect: app.database.dialect,
    targets: targets.map((t) => ({
      name: t.name,
      path: t.path,
      bytes: Buffer.byteLength(t.json),
      items: (() => {
        const parsed = JSON.parse(t.json) as unknown;
        if (Array.isArray(parsed)) return parsed.length;
        const data = (parsed as { data: unknown }).data;
        return Array.isArray(data) ? data.length : ((data as { total?: number }).total ?? 0);
      })(),
    })),
  }),
);
console.log('ready');

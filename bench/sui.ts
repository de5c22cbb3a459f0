// The SUI filing of a large organisation of recicladores, against the real app on a SQLite file
// (WAL) through Fastify's inject: 500 members, 20 ECAs, 4 macro-routes and 200,000 scale-ticket
// lines in one month (50,000 tickets of 4 materials), plus 1,000 sales of 2 lines.
// Figures (targets on 2 shared cores): the month's Balance de masas CSV (GET sui/balance-masas.csv)
// median <= 2 s, and its pre-flight (GET sui/preflight) median <= 2 s, each from a cold request
// (no cache: every request reads the month again). Runs: BENCH_RUNS (default 5) of each.
// Baselines measured in the same run: the month's grouped sums alone (the SQL the export runs,
// without the CSV, the pre-flight checks or HTTP) and GET /back/api/health (the HTTP stack's floor).
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDatabase } from '../apps/server/src/db/dialect.js';
import { balanceSums } from '../apps/server/src/features/recyclers/sui.repository.js';
import { writeResult } from './lib/harness.js';
import { createPoints } from '../apps/server/test/factories/points.js';
import { createBearerUser } from '../apps/server/test/factories/users.js';

const MEMBERS = 500;
const ECAS = 20;
const TICKETS = Number(process.env.BENCH_TICKETS ?? 50_000);
const SALES = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MONTH = '2026-11';
const GOAL_MS = 2_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-sui-'));
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'silent', DEMO: 'false', TOKEN_SECRET: 'bench-secret-'.padEnd(48, 'x') },
  { dataDir, webDistDir: path.join(dataDir, 'no-web') },
);
const database = createDatabase({ sqliteFile: path.join(dataDir, 'puntoverde.sqlite') });
const app = await buildApp({ config, database, logger: false });
await app.ready();
const db = app.db;

const round1 = (v: number) => Math.round(v * 10) / 10;
const loadAverage = () => Math.round(os.loadavg()[0]! * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Wall time, and the process's CPU time (user + system: what a loaded machine moves least), per call. */
async function timed(n: number, fn: () => Promise<void>): Promise<{ median: number; max: number; cpu: number }> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { median: round1(median(times)), max: round1(Math.max(...times)), cpu: round1(median(cpu)) };
}

try {
  const t0 = performance.now();
  const now = new Date().toISOString();
  const staff = await createBearerUser(db, config.tokenSecret, { is_admin: true });
  const ecaIds = await createPoints(
    db,
    Array.from({ length: ECAS }, (_, i) => ({ name: `ECA ${i + 1}`, kind: 'eca' as const, lat: 6.2 + i / 100, lng: -75.58, materials: ['carton', 'pet'] })),
  );
  const org = await db
    .insertInto('recycler_organizations')
    .values({ name: 'Asociación Bench', nit: '900123456-8', rups_id: '123', regime: 'decreto-1381-2024', regime_stage: 3, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const area = await db
    .insertInto('recycler_service_areas')
    .values({ organization_id: org.id, nuap: '5001001', name: 'Medellín', municipality_dane: '05001', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('recycler_ecas')
    .values(
      ecaIds.map((pointId, i) => ({
        point_id: pointId,
        organization_id: org.id,
        nueca: String(50010100 + i),
        service_area_id: area.id,
        operation_start: '2020-01-01',
        ownership: 1,
        contract: 1,
        capacity_t_month: 100,
        storage_m3: 200,
        storage_t: 30,
        land_use_compatible: 1,
        land_use_kind: 'Industrial',
        status: 1,
        status_date: '2020-01-01',
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const macroIds: number[] = [];
  for (let i = 0; i < 4; i++)
    macroIds.push(
      (
        await db
          .insertInto('recycler_macro_routes')
          .values({ organization_id: org.id, numacro: String(101 + i), name: `Macro ${i + 1}`, service_area_id: area.id, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MEMBERS})
    insert into recycler_members (organization_id, id_type, id_number, name, birth_date, id_issue_date, phone, address,
      municipality_dane, vehicle_type, plate, status, card_code, consent_at, created_at, updated_at)
    select ${org.id}, 'CC', cast(43000000 + i as text), 'Reciclador ' || i, '1980-01-01', '1998-01-01', '3001234567', 'Calle ' || i,
      '05001', 'carreta', null, 'activo', 'card' || substr('000000000000' || i, -12, 12), ${now}, ${now}, ${now} from n`.execute(db);
  const firstMember = Number((await sql<{ id: number }>`select min(id) as id from recycler_members`.execute(db)).rows[0]!.id);
  for (const pointId of ecaIds)
    await db
      .insertInto('recycler_scales')
      .values({ eca_point_id: pointId, serial: `B-${pointId}`, capacity_kg: 1000, division_g: 200, certificate_number: 'SIC', certificate_expires_on: '2099-12-31', active: 1, created_at: now, updated_at: now })
      .execute();
  const firstScale = Number((await sql<{ id: number }>`select min(id) as id from recycler_scales`.execute(db)).rows[0]!.id);
  const firstEca = Math.min(...ecaIds);
  const materialIds = (await db.selectFrom('materials').select('id').where('code', 'in', ['carton', 'pet', 'archivo', 'aluminio']).execute()).map((m) => m.id);
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${TICKETS})
    insert into recycler_tickets (organization_id, eca_point_id, scale_id, member_id, operator_id, macro_route_id, micro_route_id,
      year, sequence, number, weighed_at, weighed_on, status, created_at, updated_at)
    select ${org.id}, ${firstEca} + i % ${ECAS}, ${firstScale} + i % ${ECAS}, ${firstMember} + i % ${MEMBERS}, null,
      ${macroIds[0]!} + i % 4, null, 2026, i, 'TQ-2026-' || substr('000000' || i, -6, 6),
      ${MONTH} || '-' || substr('0' || (1 + i % 30), -2, 2) || 'T15:00:00.000Z', ${MONTH} || '-' || substr('0' || (1 + i % 30), -2, 2),
      'confirmado', ${now}, ${now} from n`.execute(db);
  for (const [k, materialId] of materialIds.entries())
    await sql`insert into recycler_ticket_lines (ticket_id, material_id, gross_kg, tare_kg, net_kg, reject_kg, request_id)
      select id, ${materialId}, 12 + (id + ${k}) % 50, 2, 10 + (id + ${k}) % 50, round((10 + (id + ${k}) % 50) * 0.1, 2), null
      from recycler_tickets where organization_id = ${org.id}`.execute(db);
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${SALES})
    insert into recycler_sales (organization_id, eca_point_id, buyer_id_type, buyer_id_number, buyer_name, invoice_number,
      invoice_date, cufe, created_by, created_at)
    select ${org.id}, ${firstEca} + i % ${ECAS}, 'NIT', '800197268-4', 'Comprador ' || i % 7, 'FE-' || i,
      ${MONTH} || '-' || substr('0' || (1 + i % 30), -2, 2), lower(hex(randomblob(48))), null, ${now} from n`.execute(db);
  for (const materialId of materialIds.slice(0, 2))
    await sql`insert into recycler_sale_lines (sale_id, material_id, kg, price_per_kg, vat_rate)
      select id, ${materialId}, 100 + id % 200, 450, 19 from recycler_sales where organization_id = ${org.id}`.execute(db);
  await db
    .insertInto('sui_settings')
    .values({ organization_id: org.id, reject_destination: 1, reject_site_number: '5001000077', waste_origin: 1, area: 2, updated_at: now })
    .execute();
  await sql`analyze`.execute(db);
  const seedS = round1((performance.now() - t0) / 1000);
  const lines = Number((await sql<{ n: number }>`select count(*) as n from recycler_ticket_lines`.execute(db)).rows[0]!.n);

  const q = `organization_id=${org.id}&month=${MONTH}`;
  let csvBytes = 0;
  let csvRows = 0;
  let issues = -1;
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: staff.headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  // One warm-up of each (module and statement caches), then the measured runs.
  await get(`/back/api/v1/sui/balance-masas.csv?${q}`);
  await get(`/back/api/v1/sui/preflight?${q}`);
  const exportTimes = await timed(RUNS, async () => {
    const res = await get(`/back/api/v1/sui/balance-masas.csv?${q}`);
    csvBytes = res.rawPayload.length;
    csvRows = res.body.split('\r\n').length - 1;
  });
  const preflightTimes = await timed(RUNS, async () => {
    const res = await get(`/back/api/v1/sui/preflight?${q}`);
    issues = res.json<{ data: { issues: unknown[] } }>().data.issues.length;
  });
  const sums = await timed(RUNS, async () => {
    await balanceSums(db, org.id, `${MONTH}-01`, `${MONTH}-31`);
  });
  const health = await timed(RUNS * 10, async () => {
    await app.inject({ method: 'GET', url: '/back/api/health' });
  });

  writeResult('sui', {
    dialect: app.database.dialect,
    members: MEMBERS,
    ecas: ECAS,
    ticket_lines: lines,
    sales: SALES,
    seed_s: seedS,
    runs: RUNS,
    load_average: loadAverage(),
    balance_masas_median_ms: exportTimes.median,
    balance_masas_max_ms: exportTimes.max,
    balance_masas_cpu_median_ms: exportTimes.cpu,
    balance_masas_rows: csvRows,
    balance_masas_bytes: csvBytes,
    goal_balance_masas_median_ms: GOAL_MS,
    preflight_median_ms: preflightTimes.median,
    preflight_max_ms: preflightTimes.max,
    preflight_cpu_median_ms: preflightTimes.cpu,
    preflight_issues: issues,
    goal_preflight_median_ms: GOAL_MS,
    baseline_balance_sums_sql_median_ms: sums.median,
    baseline_balance_sums_sql_cpu_median_ms: sums.cpu,
    baseline_health_median_ms: health.median,
    meets_target: exportTimes.median <= GOAL_MS && preflightTimes.median <= GOAL_MS,
  });
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

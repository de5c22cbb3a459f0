// Statistics and certificates at scale, against the real app on a SQLite file (WAL) through
// Fastify's inject: 1,000,000 collected request items (10 materials, 3 years, 100 points) of
// 5,000 companies with 0 to 20 branches each.
// Figures (targets on 2 shared cores):
//   - a company's yearly consolidated Mis cifras (GET statistics/me, its largest companies): p99 <= 200 ms;
//   - the scheme-wide monthly figure (GET admin/statistics/month): p99 <= 50 ms — pre-aggregated:
//     `scheme_monthly_kg`, kept by triggers on the ledger (the seed below goes through them), so a
//     month is at most ten rows; the same sum read from the ledger is measured as a baseline;
//   - certificate issuing (POST certificates, a year of a 20-branch company): median <= 300 ms, PDF <= 150 KB.
// Baselines measured in the same run: GET /back/api/health (the HTTP stack's floor), the same
// monthly sum with its index disabled (NOT INDEXED: what the covering index saves), and rendering
// the same certificate PDF alone (what the database and HTTP add).
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDatabase } from '../apps/server/src/db/dialect.js';
import { renderCertificatePdf, type CertificateContent } from '../apps/server/src/features/certificates/certificate-pdf.js';
import { computeSchemeMonthFromLedger } from '../apps/server/src/features/statistics/statistics.service.js';
import { writeResult } from './lib/harness.js';
import { createPoints } from '../apps/server/test/factories/points.js';
import { signTestToken } from '../apps/server/test/factories/users.js';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const COMPANIES = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PDF_RUNS = 30;
const MATERIALS = ['archivo', 'carton', 'plegadiza', 'periodico', 'pet', 'pead', 'pp', 'vidrio', 'aluminio', 'chatarra'];

const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-stats-'));
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'silent', DEMO: 'false', TOKEN_SECRET: 'bench-secret-'.padEnd(48, 'x') },
  { dataDir, webDistDir: path.join(dataDir, 'no-web') },
);
const database = createDatabase({ sqliteFile: path.join(dataDir, 'puntoverde.sqlite') });
const app = await buildApp({ config, database, logger: false });
await app.ready();
const db = app.db;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
const round1 = (v: number) => Math.round(v * 10) / 10;

// The load average when the figures were taken: this machine is shared by several agents.
const loadAverage = () => Math.round(os.loadavg()[0]! * 10) / 10;

async function timed(n: number, fn: (i: number) => Promise<void>): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: round1(percentile(times, 50)), p99: round1(percentile(times, 99)) };
}

try {
  const t0 = performance.now();
  const points = await createPoints(
    db,
    Array.from({ length: 100 }, (_, i) => ({ name: `Punto ${i}`, lat: 6.2 + i / 1000, lng: -75.58, materials: ['pet'], city: i % 3 ? 'Medellín' : 'Envigado' })),
  );
  const now = new Date().toISOString();
  // Heads 1..5000, each with (i mod 21) branches: 0 to 20.
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${COMPANIES})
    insert into users (email, tc_id, id_empresa, name, company_name, document_type, document_number, city, created_at, updated_at)
    select 'head' || i || '@bench.co', 3, null, 'Empresa ' || i || ' S.A.S.', 'Empresa ' || i || ' S.A.S.', 'NIT', '900123456-8', 'Medellín', ${now}, ${now} from n`.execute(db);
  await sql`create temp table heads as select id, cast(substr(email, 5, instr(email, '@') - 5) as integer) as i from users where email like 'head%@bench.co'`.execute(db);
  await sql`with recursive b(j) as (select 1 union all select j + 1 from b where j < 20)
    insert into users (email, tc_id, id_empresa, name, city, created_at, updated_at)
    select 'branch' || h.i || '-' || b.j || '@bench.co', 3, h.id, 'Sede ' || b.j, 'Medellín', ${now}, ${now}
    from heads h join b on b.j <= h.i % 21`.execute(db);
  // Requesters per company: rn 0 = the head, 1..n its branches.
  await sql`create temp table req as
    select h.i as c, 0 as rn, h.id as uid, h.id as head from heads h
    union all
    select h.i, cast(substr(u.email, instr(u.email, '-') + 1, instr(u.email, '@') - instr(u.email, '-') - 1) as integer), u.id, h.id
    from users u join heads h on u.id_empresa = h.id`.execute(db);
  await sql`create index req_idx on req (c, rn)`.execute(db);
  const mats = await db.selectFrom('materials').select(['id', 'code']).where('code', 'in', MATERIALS).execute();
  await sql`create temp table mats as select id, row_number() over (order by id) - 1 as k from materials where code in (${sql.join(MATERIALS)})`.execute(db);
  const firstPoint = Math.min(...points);
  // Two items per request, 3 years of Bogotá days from 2024-01-01.
  const requests = ITEMS / 2;
  {
    await sql`with recursive n(r) as (select 1 union all select r + 1 from n where r < ${requests})
      insert into pickup_requests (requester_id, company_id, point_id, status, address, lat, lng, preferred_date, time_window, pickup_date, collected_at, total_estimated_kg, total_actual_kg, created_at, updated_at)
      select q.uid, q.head, ${firstPoint} + (n.r % 100), 'recogida', 'Calle 1', 6.2, -75.58,
        date('2024-01-01', '+' || ((n.r * 13) % 1095) || ' days'), 'manana',
        date('2024-01-01', '+' || ((n.r * 13) % 1095) || ' days'),
        date('2024-01-01', '+' || ((n.r * 13) % 1095) || ' days') || 'T15:00:00.000Z', 10, 10,
        date('2024-01-01', '+' || ((n.r * 13) % 1095) || ' days') || 'T12:00:00.000Z',
        date('2024-01-01', '+' || ((n.r * 13) % 1095) || ' days') || 'T15:00:00.000Z'
      from n join req q on q.c = (n.r % ${COMPANIES}) + 1 and q.rn = (n.r / ${COMPANIES}) % ((n.r % ${COMPANIES} + 1) % 21 + 1)`.execute(db);
  }
  const { min } = await db.selectFrom('pickup_requests').select((eb) => eb.fn.min<number>('id').as('min')).executeTakeFirstOrThrow();
  await sql`with recursive n(k) as (select 0 union all select k + 1 from n where k < ${ITEMS - 1})
    insert into pickup_request_items (request_id, material_id, estimated_kg, units, actual_kg, requester_id, company_id, point_id, collected_at, collected_on)
    select r.id, m.id, 5, null, ((n.k * 37) % 500) / 10.0 + 0.5, r.requester_id, r.company_id, r.point_id, r.collected_at, r.pickup_date
    from n join pickup_requests r on r.id = ${min} + n.k / 2 join mats m on m.k = (n.k * 7 + n.k / 2) % 10`.execute(db);
  await sql`analyze`.execute(db);
  const seedS = round1((performance.now() - t0) / 1000);
  const { items } = await db.selectFrom('pickup_request_items').select((eb) => eb.fn.countAll<number>().as('items')).executeTakeFirstOrThrow();

  // The largest companies (20 branches), a token each.
  const big = await sql<{ id: number }>`select id from heads where i % 21 = 20 order by i limit ${PDF_RUNS}`.execute(db);
  const headTokens = await Promise.all(big.rows.map(async (r) => ({ id: r.id, token: await signTestToken(db, config.tokenSecret, r.id) })));
  const [adminRow] = await sql<{ id: number }>`insert into users (email, tc_id, is_admin, name, created_at, updated_at) values ('admin@bench.co', 2, 1, 'Admin', ${now}, ${now}) returning id`.execute(db).then((r) => r.rows);
  const adminToken = await signTestToken(db, config.tokenSecret, adminRow!.id);

  const inject = (url: string, token: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  // Warm-up.
  for (let i = 0; i < 20; i++) {
    await inject('/back/api/v1/statistics/me?from=2025-01-01&to=2025-12-31', headTokens[i % headTokens.length]!.token);
    await inject('/back/api/v1/admin/statistics/month?month=2025-06', adminToken);
  }

  const health = await timed(RUNS, async () => {
    await app.inject({ method: 'GET', url: '/back/api/health' });
  });
  let consolidatedKg = 0;
  const consolidated = await timed(RUNS, async (i) => {
    const res = await inject('/back/api/v1/statistics/me?from=2025-01-01&to=2025-12-31', headTokens[i % headTokens.length]!.token);
    if (res.statusCode !== 200) throw new Error(`statistics/me answered ${res.statusCode}`);
    consolidatedKg = res.json<{ data: { totals: { period_kg: number } } }>().data.totals.period_kg;
  });
  const months = Array.from({ length: 36 }, (_, i) => `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
  let monthKg = 0;
  const schemeMonth = await timed(RUNS, async (i) => {
    const res = await inject(`/back/api/v1/admin/statistics/month?month=${months[i % 36]}`, adminToken);
    if (res.statusCode !== 200) throw new Error(`admin/statistics/month answered ${res.statusCode}`);
    monthKg = res.json<{ data: { total_kg: number } }>().data.total_kg;
  });
  // Baseline: the same figure summed from the ledger (the covering index's range scan).
  const schemeMonthFromLedger = await timed(RUNS, async (i) => {
    await computeSchemeMonthFromLedger(db, months[i % 36]!);
  });
  const schemeMonthNoIndex = await timed(20, async (i) => {
    const month = months[i % 36]!;
    await sql`select material_id, sum(actual_kg) from pickup_request_items not indexed where collected_on >= ${`${month}-01`} and collected_on <= ${`${month}-31`} and actual_kg is not null group by material_id`.execute(db);
  });

  const sizes: number[] = [];
  let content: CertificateContent | null = null;
  const pdf = await timed(PDF_RUNS, async (i) => {
    const res = await app.inject({
      method: 'POST',
      url: '/back/api/v1/certificates',
      headers: { authorization: `Bearer ${headTokens[i]!.token}` },
      payload: { from: '2025-01-01', to: '2025-12-31' },
    });
    if (res.statusCode !== 201) throw new Error(`certificates answered ${res.statusCode}: ${res.body}`);
    const row = await db.selectFrom('certificates').select(['pdf_size', 'content_json']).where('number', '=', res.json<{ data: { number: string } }>().data.number).executeTakeFirstOrThrow();
    sizes.push(Number(row.pdf_size));
    content = JSON.parse(row.content_json) as CertificateContent;
  });
  const renderOnly = await timed(PDF_RUNS, async () => {
    await renderCertificatePdf(content!, 'A'.repeat(22));
  });

  const consolidatedGoal = 200;
  const monthGoal = 50;
  const pdfGoal = 300;
  const pdfSizeGoalKb = 150;
  const maxPdfKb = round1(Math.max(...sizes) / 1024);
  writeResult('statistics', {
    dialect: app.database.dialect,
    items: Number(items),
    companies: COMPANIES,
    materials: mats.length,
    seed_s: seedS,
    runs: RUNS,
    yearly_consolidated_p50_ms: consolidated.p50,
    yearly_consolidated_p99_ms: consolidated.p99,
    yearly_consolidated_kg_sample: consolidatedKg,
    goal_yearly_consolidated_p99_ms: consolidatedGoal,
    scheme_month_p50_ms: schemeMonth.p50,
    scheme_month_p99_ms: schemeMonth.p99,
    scheme_month_kg_sample: monthKg,
    baseline_scheme_month_from_ledger_p50_ms: schemeMonthFromLedger.p50,
    baseline_scheme_month_from_ledger_p99_ms: schemeMonthFromLedger.p99,
    goal_scheme_month_p99_ms: monthGoal,
    certificate_issue_median_ms: pdf.p50,
    certificate_issue_p99_ms: pdf.p99,
    certificate_lines: (content as CertificateContent | null)?.lines.length ?? 0,
    certificate_pdf_max_kb: maxPdfKb,
    goal_certificate_median_ms: pdfGoal,
    goal_certificate_pdf_kb: pdfSizeGoalKb,
    baseline_health_p50_ms: health.p50,
    baseline_health_p99_ms: health.p99,
    baseline_scheme_month_not_indexed_p50_ms: schemeMonthNoIndex.p50,
    baseline_render_pdf_only_median_ms: renderOnly.p50,
    load_average_1m_at_end: loadAverage(),
    cpus: os.cpus().length,
    meets_goal:
      consolidated.p99 <= consolidatedGoal && schemeMonth.p99 <= monthGoal && pdf.p50 <= pdfGoal && maxPdfKb <= pdfSizeGoalKb,
  });
} finally {
  await app.close();
  await database.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}

// PQR filing under concurrency: rounds of 50 simultaneous anonymous filings (each from its own
// address, so the per-IP limit never applies) against the real app on a SQLite file in WAL mode
// — or PostgreSQL with BENCH_DATABASE_URL=postgres://... (in a schema of its own, dropped at the
// end) — through Fastify's inject (no network).
// Reports filings per second, latency percentiles, and checks the radicados: no duplicates, no gaps.
// Targets (2 shared cores): >= 200 filings/s on SQLite, >= 100 on PostgreSQL (the counter row lock
// serialises the filings), p99 <= 500 ms for a burst of 50, and always 0 gaps and 0 duplicates.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDatabase } from '../apps/server/src/db/dialect.js';
import { writeResult } from './lib/harness.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const BURST = 50;

const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-pqr-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'silent', DEMO: 'false', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  { dataDir, webDistDir: path.join(dataDir, 'no-web') },
);
const schema = `bench_pqr_${Date.now().toString(36)}`;
async function pgAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}
if (databaseUrl) await pgAdmin(`create schema ${schema}`);
const database = createDatabase(
  databaseUrl ? { databaseUrl, pgSchema: schema } : { sqliteFile: path.join(dataDir, 'puntoverde.sqlite') },
);
const app = await buildApp({ config, database, logger: false });
await app.ready();

const body = {
  type: 'queja',
  subject: 'Contenedor lleno en el parque',
  description: 'El contenedor de aprovechables del parque lleva una semana lleno y la gente deja bolsas en el piso.',
  name: 'Persona de prueba',
  document_type: 'CC',
  document_number: '1020304050',
  email: 'bench@example.com',
  answer_channel: 'email',
  attachments: [],
  accept_data_policy: true,
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

try {
  const latencies: number[] = [];
  const radicados: string[] = [];
  let failures = 0;
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const t0 = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/back/api/v1/pqr',
          payload: body,
          remoteAddress: `10.${round}.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        });
        latencies.push(performance.now() - t0);
        if (res.statusCode === 201) radicados.push(res.json<{ data: { radicado: string } }>().data.radicado);
        else failures += 1;
      }),
    );
  }
  const elapsedS = (performance.now() - started) / 1000;
  const sequences = radicados.map((r) => Number(r.slice(-6))).sort((a, b) => a - b);
  const duplicates = sequences.length - new Set(sequences).size;
  const first = sequences[0] ?? 0;
  const gaps = sequences.reduce((n, s, i) => n + (s !== first + i ? 1 : 0), 0);
  latencies.sort((a, b) => a - b);
  const round1 = (v: number) => Math.round(v * 10) / 10;
  const filingsPerS = Math.round(radicados.length / elapsedS);
  const p99 = round1(percentile(latencies, 99));
  const goalPerS = databaseUrl ? 100 : 200;
  writeResult(databaseUrl ? 'pqr-filing-postgres' : 'pqr-filing', {
    dialect: app.database.dialect,
    filings: radicados.length,
    concurrent_burst: BURST,
    rounds: ROUNDS,
    failures,
    filings_per_s: filingsPerS,
    latency_p50_ms: round1(percentile(latencies, 50)),
    latency_p99_ms: p99,
    latency_max_ms: round1(latencies.at(-1) ?? 0),
    duplicate_radicados: duplicates,
    gaps_in_sequence: gaps,
    goal_filings_per_s: goalPerS,
    meets_goal: failures === 0 && duplicates === 0 && gaps === 0 && filingsPerS >= goalPerS && p99 <= 500,
  });
} finally {
  await app.close();
  await database.destroy();
  if (databaseUrl) await pgAdmin(`drop schema if exists ${schema} cascade`);
  rmSync(dataDir, { recursive: true, force: true });
}

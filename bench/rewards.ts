// Rewards under contention and the ledger check at scale, against the real app on a SQLite file
// (WAL) through Fastify's inject (the same concurrency figures run as tests on PostgreSQL too:
// apps/server/src/routes/rewards/rewards.test.ts with TEST_DATABASE_URL).
// Figures:
//   - 200 concurrent redemptions of an offer with stock 50 by 200 people: exactly 50 codes,
//     150 refusals, stock 0 (never negative);
//   - 100 concurrent redemptions by one person whose balance covers 3: exactly 3;
//   - rewards:verify (every balance recomputed from the ledger) over 1,000,000 entries: <= 10 s.
// Baseline measured in the same run: a bare count(*) over the ledger (the floor of reading it).
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDatabase } from '../apps/server/src/db/dialect.js';
import {
  assignAllyStaff,
  bogotaDay,
  createOffer,
  verifyBalances,
} from '../apps/server/src/features/rewards/rewards.service.js';
import { writeResult } from './lib/harness.js';
import { signTestToken } from '../apps/server/test/factories/users.js';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const ACCOUNTS = 100_000;
const VERIFY_GOAL_S = 10;

const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-rewards-'));
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'silent', DEMO: 'false', TOKEN_SECRET: 'bench-secret-'.padEnd(48, 'x') },
  { dataDir, webDistDir: path.join(dataDir, 'no-web') },
);
const database = createDatabase({ sqliteFile: path.join(dataDir, 'puntoverde.sqlite') });
const app = await buildApp({ config, database, logger: false });
await app.ready();
const db = app.db;
const round2 = (v: number) => Math.round(v * 100) / 100;

try {
  const now = new Date().toISOString();
  const month = now.slice(0, 7);
  const t0 = performance.now();
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ACCOUNTS})
    insert into users (email, tc_id, name, city, created_at, updated_at)
    select 'p' || i || '@bench.co', 2, 'Persona ' || i, 'Medellín', ${now}, ${now} from n`.execute(db);
  const { first } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.min<number>('id').as('first'))
    .executeTakeFirstOrThrow();
  // ENTRIES entries spread over the accounts, +10 earned and −3 redeemed alternately.
  await sql`with recursive n(k) as (select 0 union all select k + 1 from n where k < ${ENTRIES - 1})
    insert into reward_ledger (user_id, kind, points, cause_type, cause_id, description, reason, created_by, month, created_at)
    select ${first} + (k % ${ACCOUNTS}), case when k % 3 = 2 then 'redeemed' else 'earned' end,
      case when k % 3 = 2 then -3 else 10 end, case when k % 3 = 2 then 'redemption' else 'pickup' end,
      cast(k as text), 'Entrada de prueba', null, null, ${month}, ${now} from n`.execute(db);
  await sql`insert into reward_balances (user_id, balance, updated_at)
    select user_id, sum(points), ${now} from reward_ledger group by user_id`.execute(db);
  await sql`analyze`.execute(db);
  const seedS = round2((performance.now() - t0) / 1000);

  const v0 = performance.now();
  const verified = await verifyBalances(db);
  const verifyS = round2((performance.now() - v0) / 1000);
  const c0 = performance.now();
  await sql`select count(*) from reward_ledger`.execute(db);
  const countS = round2((performance.now() - c0) / 1000);

  // An ally, an approved offer with 50 units, 200 people with 10 points each (cost 10).
  const ally = await sql<{
    id: number;
  }>`insert into allies (kind, name, category, description, benefits, city, published, created_at, updated_at)
    values ('aliado', 'Aliado de prueba', 'comercio', 'Prueba', '', 'Medellín', 1, ${now}, ${now}) returning id`
    .execute(db)
    .then((r) => r.rows[0]!.id);
  const staffRow = await sql<{ id: number; email: string }>`select id, email from users where email = 'p1@bench.co'`
    .execute(db)
    .then((r) => r.rows[0]!);
  const admin = {
    id: staffRow.id,
    tc_id: 2,
    id_empresa: null,
    is_admin: true,
    email: staffRow.email,
    name: 'Admin',
    session_id: 'bench',
    must_change_password: false,
  };
  await assignAllyStaff(db, staffRow.email, ally, null);
  const offer = async (stock: number, limit: number) =>
    createOffer(
      db,
      {
        title: 'Bono',
        terms: 'Prueba',
        picture_id: null,
        cost_points: 10,
        stock,
        valid_from: bogotaDay(new Date(Date.now() - 86_400_000)),
        valid_to: bogotaDay(new Date(Date.now() + 86_400_000)),
        per_person_limit: limit,
      },
      { user: admin, allyId: ally, approve: true },
    );
  const redeemAs = (token: string, offerId: number) =>
    app.inject({
      method: 'POST',
      url: '/back/api/v1/rewards/redemptions',
      headers: { authorization: `Bearer ${token}` },
      payload: { offer_id: offerId },
    });

  // 200 people (accounts 1001..1200 hold 10 points or more each).
  const people = Array.from({ length: 200 }, (_, i) => first + 1000 + i);
  await db.updateTable('reward_balances').set({ balance: 10 }).where('user_id', 'in', people).execute();
  await sql`insert into reward_ledger (user_id, kind, points, cause_type, cause_id, description, reason, created_by, month, created_at)
    select user_id, 'adjusted', 10 - coalesce((select sum(points) from reward_ledger l where l.user_id = b.user_id), 0), 'adjustment', 'bench', 'Ajuste de prueba', 'bench', null, ${month}, ${now}
    from reward_balances b where user_id in (${sql.join(people)})`.execute(db);
  const tokens = await Promise.all(people.map((id) => signTestToken(db, config.tokenSecret, id)));
  const stockOffer = await offer(50, 1);
  const r0 = performance.now();
  const answers = await Promise.all(tokens.map((token) => redeemAs(token, stockOffer.id)));
  const manyMs = Math.round(performance.now() - r0);
  const codes = answers.filter((a) => a.statusCode === 201).length;
  const refusals = answers.filter((a) => a.statusCode === 409).length;
  const others = answers.length - codes - refusals;
  const stockLeft = await db
    .selectFrom('reward_offers')
    .select('stock')
    .where('id', '=', stockOffer.id)
    .executeTakeFirstOrThrow();

  // One person whose balance covers 3 redemptions, 100 clicks at once.
  const one = first + 2000;
  await db.updateTable('reward_balances').set({ balance: 35 }).where('user_id', '=', one).execute();
  await sql`insert into reward_ledger (user_id, kind, points, cause_type, cause_id, description, reason, created_by, month, created_at)
    select ${one}, 'adjusted', 35 - sum(points), 'adjustment', 'bench', 'Ajuste de prueba', 'bench', null, ${month}, ${now} from reward_ledger where user_id = ${one}`.execute(
    db,
  );
  const oneToken = await signTestToken(db, config.tokenSecret, one);
  const bigOffer = await offer(1000, 100);
  const o0 = performance.now();
  const oneAnswers = await Promise.all(Array.from({ length: 100 }, () => redeemAs(oneToken, bigOffer.id)));
  const oneMs = Math.round(performance.now() - o0);
  const oneCodes = oneAnswers.filter((a) => a.statusCode === 201).length;
  const oneBalance = await db
    .selectFrom('reward_balances')
    .select('balance')
    .where('user_id', '=', one)
    .executeTakeFirstOrThrow();
  const after = await verifyBalances(db);

  writeResult('rewards', {
    dialect: app.database.dialect,
    ledger_entries: verified.entries,
    accounts: verified.accounts,
    seed_s: seedS,
    verify_s: verifyS,
    verify_differences: verified.differences.length,
    goal_verify_s: VERIFY_GOAL_S,
    baseline_count_ledger_s: countS,
    stock_redemptions: 200,
    stock_codes: codes,
    stock_refusals: refusals,
    stock_other_answers: others,
    stock_left: stockLeft.stock,
    stock_all_ms: manyMs,
    one_person_redemptions: 100,
    one_person_codes: oneCodes,
    one_person_balance_after: oneBalance.balance,
    one_person_all_ms: oneMs,
    differences_after: after.differences.length,
    load_average_1m_at_end: Math.round(os.loadavg()[0]! * 10) / 10,
    cpus: os.cpus().length,
    meets_target:
      verifyS <= VERIFY_GOAL_S &&
      verified.differences.length === 0 &&
      codes === 50 &&
      refusals === 150 &&
      stockLeft.stock === 0 &&
      oneCodes === 3 &&
      oneBalance.balance === 5 &&
      after.differences.length === 0,
  });
} finally {
  await app.close();
  await database.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}

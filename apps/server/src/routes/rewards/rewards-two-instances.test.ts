import type { RewardOffer } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase, nowIso, type DatabaseHandle } from '../../db/dialect.js';
import { bogotaDay, verifyBalances } from '../../features/rewards/rewards.service.js';
import { createPgTestDatabase, TEST_DATABASE_URL, testConfig } from '../../../test/helper.js';
import { createBearerUser, type BearerUser } from '../../../test/factories/users.js';

/**
 * Two server instances on one database (PostgreSQL with TEST_DATABASE_URL, else one SQLite file
 * opened twice), taking redemptions at the same time: neither the offer's stock nor a balance
 * goes below zero, and the ledger still sums to every balance.
 */

const config = testConfig();
let apps: FastifyInstance[] = [];
let handles: DatabaseHandle[] = [];
/** The PostgreSQL database both instances open (TEST_DATABASE_URL), and how to drop it. */
let pg: { url: string; drop: () => Promise<void> } | undefined;
let staff: BearerUser;
let allyId: number;

/** A connection of one instance to the shared database. */
function open(): DatabaseHandle {
  if (pg) return createDatabase({ databaseUrl: pg.url, poolSize: 4 });
  return createDatabase({ sqliteFile: path.join(config.dataDir, 'two-instances.sqlite') });
}

async function credit(people: Array<{ id: number }>, points: number) {
  const db = apps[0]!.db;
  const at = nowIso();
  await db
    .insertInto('reward_balances')
    .values(people.map((p) => ({ user_id: p.id, balance: points, updated_at: at })))
    .execute();
  await db
    .insertInto('reward_ledger')
    .values(
      people.map((p) => ({
        user_id: p.id,
        kind: 'adjusted',
        points,
        cause_type: 'adjustment',
        cause_id: 'test',
        description: 'Saldo de prueba',
        reason: 'prueba',
        created_by: null,
        month: at.slice(0, 7),
        created_at: at,
      })),
    )
    .execute();
}

async function offer(stock: number, limit: number): Promise<RewardOffer> {
  const res = await apps[0]!.inject({
    method: 'POST',
    url: '/back/api/v1/admin/rewards/offers',
    headers: staff.headers,
    payload: {
      ally_id: allyId,
      title: `Bono en dos instancias ${stock}`,
      terms: 'Válido en la tienda del aliado.',
      cost_points: 10,
      stock,
      valid_from: bogotaDay(new Date(Date.now() - 86_400_000)),
      valid_to: bogotaDay(new Date(Date.now() + 30 * 86_400_000)),
      per_person_limit: limit,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: RewardOffer }>().data;
}

/** The i-th request goes to instance i mod 2. */
function redeem(i: number, who: BearerUser, offerId: number) {
  return apps[i % 2]!.inject({
    method: 'POST',
    url: '/back/api/v1/rewards/redemptions',
    headers: who.headers,
    payload: { offer_id: offerId },
  });
}

async function stockOf(offerId: number): Promise<number> {
  const row = await apps[1]!.db.selectFrom('reward_offers').select('stock').where('id', '=', offerId).executeTakeFirstOrThrow();
  return Number(row.stock);
}

beforeAll(async () => {
  if (TEST_DATABASE_URL) pg = await createPgTestDatabase();
  // The first instance migrates; the second starts on the migrated database.
  for (let i = 0; i < 2; i += 1) {
    const database = open();
    handles.push(database);
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    apps.push(app);
  }
  staff = await createBearerUser(apps[0]!.db, config.tokenSecret, { is_admin: true });
  const at = nowIso();
  allyId = (
    await apps[0]!.db
      .insertInto('allies')
      .values({
        kind: 'aliado',
        name: 'Tienda de las dos instancias',
        logo_file_id: null,
        category: 'comercio',
        description: 'Aliado de prueba',
        benefits: '',
        website: null,
        email: null,
        phone: null,
        address: null,
        city: 'Medellín',
        lat: null,
        lng: null,
        published: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const handle of handles) await handle.destroy();
  await pg?.drop();
  rmSync(config.dataDir, { recursive: true, force: true });
  apps = [];
  handles = [];
});

describe('redemptions on two instances at once', () => {
  it('200 people, stock 50: exactly 50 codes, 150 refusals, stock 0', async () => {
    const target = await offer(50, 1);
    const people = await Promise.all(Array.from({ length: 200 }, () => createBearerUser(apps[0]!.db, config.tokenSecret)));
    await credit(people, 10);
    const answers = await Promise.all(people.map((p, i) => redeem(i, p, target.id)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(50);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(150);
    expect(await stockOf(target.id)).toBe(0);
    expect((await verifyBalances(apps[1]!.db)).differences).toEqual([]);
  }, 120_000);

  it('one person whose balance covers 3, 100 times at once: exactly 3', async () => {
    const target = await offer(1000, 100);
    const who = await createBearerUser(apps[0]!.db, config.tokenSecret);
    await credit([who], 35);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => redeem(i, who, target.id)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(97);
    const balance = await apps[0]!.db.selectFrom('reward_balances').select('balance').where('user_id', '=', who.id).executeTakeFirstOrThrow();
    expect(Number(balance.balance)).toBe(5);
    expect(await stockOf(target.id)).toBe(997);
    expect((await verifyBalances(apps[0]!.db)).differences).toEqual([]);
  }, 120_000);
});

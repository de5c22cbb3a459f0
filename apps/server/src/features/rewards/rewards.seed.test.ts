import { DEMO_PASSWORD, type LedgerPage, type RewardBalance, type RewardOffer } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo-seed.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { loginAs } from '../../../test/factories/users.js';
import { verifyBalances } from './rewards.service.js';

/** The demo's rewards: rates, the allies' offers, a year of earned points and the ally's counter account. */

let t: TestApp;
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.db, { log: quiet, config: t.config });
}, 120_000);

afterAll(() => t?.close());

describe('rewards demo seed', () => {
  it('gives the demo household a balance and a year of history dated by collection, and the company its own', async () => {
    const headers = await loginAs(t.app, { email: 'hogar@demo.puntoverde.co', password: DEMO_PASSWORD });
    const balance = (await t.app.inject({ method: 'GET', url: '/back/api/v1/rewards/balance', headers })).json<{
      data: RewardBalance;
    }>().data;
    expect(balance.balance).toBeGreaterThan(500);
    const ledger = (
      await t.app.inject({ method: 'GET', url: '/back/api/v1/rewards/ledger?page_size=100', headers })
    ).json<{ data: LedgerPage }>().data;
    expect(ledger.items.some((e) => e.kind === 'redeemed')).toBe(true);
    const months = new Set(ledger.items.map((e) => e.created_at.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(10);
    const company = await loginAs(t.app, { email: 'empresa@demo.puntoverde.co', password: DEMO_PASSWORD });
    const companyBalance = (
      await t.app.inject({ method: 'GET', url: '/back/api/v1/rewards/balance', headers: company })
    ).json<{ data: RewardBalance }>().data;
    expect(companyBalance.balance).toBeGreaterThan(balance.balance);
    expect((await verifyBalances(t.app.db)).differences).toEqual([]);
  });

  it('shows offers of three allies, and aliado@demo works at La Canasta’s counter', async () => {
    const offers = (await t.app.inject({ method: 'GET', url: '/back/api/v1/rewards/offers' })).json<{
      data: RewardOffer[];
    }>().data;
    expect(new Set(offers.map((o) => o.ally_name)).size).toBe(3);
    // Each ally's offers say where to use them: two or three points of sale in Medellín.
    for (const offer of offers) {
      expect(offer.where.length).toBeGreaterThanOrEqual(2);
      expect(offer.where.every((p) => p.city === 'Medellín' && p.lat !== null)).toBe(true);
    }
    const headers = await loginAs(t.app, { email: 'aliado@demo.puntoverde.co', password: DEMO_PASSWORD });
    const ally = await t.app.inject({ method: 'GET', url: '/back/api/v1/rewards/ally', headers });
    expect(ally.json<{ data: { ally_name: string } }>().data.ally_name).toBe('Supermercados La Canasta (demo)');
    const list = await t.app.inject({ method: 'GET', url: '/back/api/v1/rewards/ally/redemptions', headers });
    expect(list.json<{ data: Array<{ status: string }> }>().data).toMatchObject([{ status: 'confirmed' }]);
  });

  it('is idempotent', async () => {
    const before = await t.app.db
      .selectFrom('reward_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await seedDemo(t.app.db, { log: quiet, config: t.config });
    const after = await t.app.db
      .selectFrom('reward_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

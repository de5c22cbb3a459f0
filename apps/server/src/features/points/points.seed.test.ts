import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { pointIdsOfManager } from './points.repository.js';
import { DEMO_MANAGER_EMAIL, demoPointInputs, generatedPointInputs, pointsDemoSeeder, seedGeneratedPoints } from './points.seed.js';
import { createBearerUser } from '../../../test/factories/users.js';

const silent = { info: () => undefined, warn: () => undefined };

describe('points demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const count = async (source: string) =>
    Number(
      (
        await t.app.db
          .selectFrom('points')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('source', '=', source)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('generates the same points from the same seed, all marked as demo, inside the Valle de Aburrá', () => {
    const a = demoPointInputs(320);
    expect(demoPointInputs(320)).toEqual(a);
    for (const p of a) {
      expect(p.name).toMatch(/\(demo\)$/);
      expect(p.lat).toBeGreaterThan(5.9);
      expect(p.lat).toBeLessThan(6.6);
      expect(p.lng).toBeGreaterThan(-75.8);
      expect(p.lng).toBeLessThan(-75.2);
      expect(p.materials.length).toBeGreaterThan(0);
    }
    expect(new Set(a.map((p) => p.city)).size).toBeGreaterThanOrEqual(8);
  });

  it('seeds at least 300 demo points once, and links the demo manager to points with containers', async () => {
    const user = await createBearerUser(t.app.db, t.config.tokenSecret, { tc_id: 1 });
    await t.app.db.updateTable('users').set({ email: DEMO_MANAGER_EMAIL }).where('id', '=', user.id).execute();
    await pointsDemoSeeder.run(t.app.db, { log: silent, config: t.config });
    const first = await count('demo');
    expect(first).toBeGreaterThanOrEqual(300);
    await pointsDemoSeeder.run(t.app.db, { log: silent, config: t.config });
    expect(await count('demo')).toBe(first);
    const managed = await pointIdsOfManager(t.app.db, user.id);
    expect(managed).toHaveLength(3);
    const mine = await t.app.inject({ method: 'GET', url: '/back/api/v1/points/mine', headers: { authorization: `Bearer ${user.token}` } });
    const containers = mine.json().data.flatMap((p: { containers: unknown[] }) => p.containers);
    expect(containers.length).toBeGreaterThanOrEqual(6);
  });

  it('generates benchmark points across Colombia and replaces an earlier run', async () => {
    const inputs = generatedPointInputs(2000);
    expect(new Set(inputs.map((p) => p.city)).size).toBeGreaterThan(15);
    await seedGeneratedPoints(t.app.db, 1500);
    await seedGeneratedPoints(t.app.db, 2000);
    expect(await count('generated')).toBe(2000);
    const bogota = await t.app.inject({ method: 'GET', url: '/back/api/v1/points?bbox=-74.4,4.3,-73.8,5.0' });
    expect(bogota.json().data.points.length).toBeGreaterThan(100);
  });
});

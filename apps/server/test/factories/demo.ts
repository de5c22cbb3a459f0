import type { SeedContext } from '../../src/db/seed/index.js';
import { demoSeeders, seedDemo } from '../../src/demo-seed.js';
import { buildTestApp, type TestApp } from '../helper.js';

/**
 * The real app on a fresh database with the demo data, seeded twice as two starts would (the
 * second adds nothing: the demo-seed tests count on it). `except` leaves out seeders by name;
 * without it the seed runs through `seedDemo`, as the server's start does.
 */
export async function buildDemoApp(options: { except?: string[] } = {}): Promise<TestApp> {
  const t = await buildTestApp();
  const ctx: SeedContext = { log: { info: () => undefined, warn: () => undefined }, config: t.config };
  const except = options.except ?? [];
  for (let start = 0; start < 2; start += 1) {
    if (except.length === 0) await seedDemo(t.app.db, ctx);
    else for (const seeder of demoSeeders.filter((s) => !except.includes(s.name))) await seeder.run(t.app.db, ctx);
  }
  return t;
}

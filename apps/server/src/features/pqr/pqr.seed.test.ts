import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../../../test/helper.js';
import { pqrDemoSeeder } from './pqr.seed.js';
import { createUser } from '../../../test/factories/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.app, { email: 'admin@demo.puntoverde.co', is_admin: true });
  await createUser(t.app, { email: 'hogar@demo.puntoverde.co' });
});
afterAll(() => t.close());

describe('PQR demo seeder', () => {
  it('files PQRs in every state with consecutive radicados, and does nothing the second time', async () => {
    const ctx = { log: { info: () => undefined, warn: () => undefined }, config: testConfig() };
    await pqrDemoSeeder.run(t.app.db, ctx);
    await pqrDemoSeeder.run(t.app.db, ctx);
    const rows = await t.app.db
      .selectFrom('pqr')
      .select(['radicado', 'sequence', 'status', 'filed_at'])
      .orderBy('sequence')
      .execute();
    expect(rows.map((r) => r.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['cerrada', 'en_tramite', 'respondida', 'radicada', 'pendiente_informacion']),
    );
    const filed = rows.map((r) => r.filed_at);
    expect([...filed].sort()).toEqual(filed);
    expect(filed.every((f) => f < new Date().toISOString())).toBe(true);
  });

  it('lets the demo household see its PQRs in "mis PQR"', async () => {
    const household = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'hogar@demo.puntoverde.co')
      .executeTakeFirstOrThrow();
    const mine = await t.app.db.selectFrom('pqr').select('id').where('requester_user_id', '=', household.id).execute();
    expect(mine).toHaveLength(2);
  });
});

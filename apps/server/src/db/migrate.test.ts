import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper.js';
import type { DatabaseHandle } from './dialect.js';
import { migrateDownAll, migrateToLatest } from './migrate.js';

describe('migrations', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase({ empty: true });
  });
  afterAll(() => handle.destroy());

  it('apply up, revert down and apply up again on this dialect', async () => {
    const applied = await migrateToLatest(handle);
    expect(applied.length).toBeGreaterThan(0);
    expect(await migrateToLatest(handle)).toEqual([]);
    const reverted = await migrateDownAll(handle);
    expect(reverted.sort()).toEqual([...applied].sort());
    expect(await migrateToLatest(handle)).toEqual(applied);
    await sql`select count(*) from users`.execute(handle.db);
  });
});

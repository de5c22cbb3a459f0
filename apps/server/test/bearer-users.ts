import { nowIso, type Db } from '../src/db/dialect.js';
import { signTestToken } from './test-session.js';

/**
 * Test data for the content and back-office suites: users of each kind and their bearer
 * headers. Tokens are signed directly so these suites do not depend on the login flow.
 */
let seq = 0;

export type TestUser = { id: number; email: string; headers: { authorization: string } };

export async function createUser(
  db: Db,
  secret: string,
  options: { tc_id?: number; is_admin?: boolean; name?: string; email?: string; active?: boolean } = {},
): Promise<TestUser> {
  seq += 1;
  const email = options.email ?? `user${seq}-${Date.now().toString(36)}@test.puntoverde.co`;
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({
      email,
      password_hash: null,
      tc_id: options.tc_id ?? 2,
      id_empresa: null,
      is_admin: options.is_admin ? 1 : 0,
      name: options.name ?? `Usuario ${seq}`,
      first_name: null,
      last_name: null,
      company_name: null,
      contact_name: null,
      document_type: null,
      document_number: null,
      phone: null,
      address: null,
      city: null,
      lat: null,
      lng: null,
      email_verified_at: now,
      data_policy_version: null,
      data_policy_accepted_at: null,
      active: options.active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await signTestToken(db, secret, row.id);
  return { id: row.id, email, headers: { authorization: `Bearer ${token}` } };
}

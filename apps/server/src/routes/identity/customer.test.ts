import { IDENTITY_PATHS } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';

describe('customer details (GET clientes/lista?id=)', () => {
  let t: TestApp;
  const users: Record<string, TestUser> = {};
  const headers: Record<string, { authorization: string }> = {};
  beforeAll(async () => {
    t = await buildTestApp();
    users.manager = await createUser(t.app, { tc_id: 1 });
    users.household = await createUser(t.app, { tc_id: 2 });
    users.otherHousehold = await createUser(t.app, { tc_id: 2 });
    users.company = await createUser(t.app, { tc_id: 3 });
    users.branch = await createUser(t.app, { tc_id: 3, id_empresa: users.company.id });
    users.otherCompany = await createUser(t.app, { tc_id: 3 });
    users.otherBranch = await createUser(t.app, { tc_id: 3, id_empresa: users.otherCompany.id });
    users.admin = await createUser(t.app, { tc_id: 2, is_admin: true });
    for (const [k, u] of Object.entries(users)) headers[k] = await loginAs(t.app, u);
  });
  afterAll(() => t.close());

  const lookup = (as: string | null, id: number | string) =>
    t.app.inject({ method: 'GET', url: `${IDENTITY_PATHS.customer}?id=${id}`, headers: as ? headers[as] : {} });

  const allowed: Array<[string, string]> = [
    ['manager', 'manager'],
    ['household', 'household'],
    ['company', 'company'],
    ['branch', 'branch'],
    ['company', 'branch'],
    ['admin', 'household'],
    ['admin', 'branch'],
    ['admin', 'manager'],
  ];
  it.each(allowed)('lets %s read %s', async (as, target) => {
    const res = await lookup(as, users[target]!.id);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ id: users[target]!.id, email: users[target]!.email, tc_id: users[target]!.tc_id });
    expect(data).not.toHaveProperty('token');
    expect(data).not.toHaveProperty('password_hash');
  });

  const forbidden: Array<[string, string]> = [
    ['household', 'otherHousehold'],
    ['household', 'company'],
    ['manager', 'household'],
    ['branch', 'company'],
    ['branch', 'otherBranch'],
    ['company', 'otherBranch'],
    ['company', 'otherCompany'],
    ['otherCompany', 'branch'],
  ];
  it.each(forbidden)('answers %s reading %s as if the account did not exist (404)', async (as, target) => {
    const res = await lookup(as, users[target]!.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('user-not-found');
  });

  it('answers 404 user-not-found for an id that does not exist', async () => {
    const res = await lookup('admin', 999999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'user-not-found', message: 'No encontramos un usuario con esos datos.' });
  });

  it('answers 401 without a session', async () => {
    expect((await lookup(null, users.household!.id)).statusCode).toBe(401);
  });

  it('answers 400 naming the id when it is not a number', async () => {
    const res = await lookup('admin', 'abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('id');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { buildRequestsWorld, requestBody, type RequestsWorld } from '../../../test/factories/requests.js';
import { type Actor } from '../../../test/factories/users.js';

let t: TestApp;
let w: RequestsWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildRequestsWorld(t.app);
});
afterAll(() => t.close());

const create = (who: Actor | null, payload: object, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/back/api/v1/requests',
    headers: { ...(who?.headers ?? {}), 'idempotency-key': key },
    payload,
  });

async function countRequestsOf(userId: number): Promise<number> {
  const row = await t.app.db
    .selectFrom('pickup_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('requester_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('creating a pickup request with an Idempotency-Key (offline retries)', () => {
  it('a retry returns the first request and creates no second one', async () => {
    const key = randomUUID();
    const body = requestBody({ notes: 'Enviada sin señal' });
    const first = await create(w.householdA, body, key);
    const retry = await create(w.householdA, body, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data.id).toBe(first.json().data.id);
    expect(await countRequestsOf(w.householdA.id)).toBe(1);
  });

  it('an expired session is not remembered: after logging in, the same key creates the request', async () => {
    const key = randomUUID();
    const body = requestBody({ notes: 'Sesión vencida' });
    const anonymous = await create(null, body, key);
    expect(anonymous.statusCode).toBe(401);
    const afterLogin = await create(w.householdB, body, key);
    expect(afterLogin.statusCode).toBe(201);
    expect(await countRequestsOf(w.householdB.id)).toBe(1);
  });

  it("another user's key never reveals the first user's request", async () => {
    const key = randomUUID();
    const body = requestBody({ notes: 'Misma clave, otra persona' });
    const mine = await create(w.head1, body, key);
    const theirs = await create(w.head2, body, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { filePqr, PQR_URL, validPqr } from '../../../test/factories/pqr.js';
import { createUser, loginAs } from '../../../test/factories/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function countPqrs(subject: string): Promise<number> {
  const row = await t.app.db
    .selectFrom('pqr')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subject', '=', subject)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('filing a PQR with an Idempotency-Key (offline retries)', () => {
  it('a retry after a lost answer returns the first radicado and files nothing new', async () => {
    const key = randomUUID();
    const body = validPqr({ subject: 'Reintento sin conexión' });
    const first = await filePqr(t.app, body, { 'idempotency-key': key });
    // The answer was lost on the way back: the phone sends the same PQR again, from another network.
    const retry = await filePqr(t.app, body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.json.data.radicado).toBe(first.json.data.radicado);
    expect(await countPqrs('Reintento sin conexión')).toBe(1);
  });

  it('two sends at once with the same key file one PQR', async () => {
    const key = randomUUID();
    const body = validPqr({ subject: 'Doble envío simultáneo' });
    const [a, b] = await Promise.all([
      filePqr(t.app, body, { 'idempotency-key': key }),
      filePqr(t.app, body, { 'idempotency-key': key }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.json.data.radicado).toBe(a.json.data.radicado);
    expect(await countPqrs('Doble envío simultáneo')).toBe(1);
  });

  it('a logged-in requester keeps the key across a new login (same user)', async () => {
    const user = await createUser(t.app);
    const key = randomUUID();
    const body = validPqr({ subject: 'Con cuenta, dos sesiones', email: user.email });
    const first = await filePqr(t.app, body, { 'idempotency-key': key, ...(await loginAs(t.app, user)) });
    const retry = await filePqr(t.app, body, { 'idempotency-key': key, ...(await loginAs(t.app, user)) });
    expect(retry.json.data.radicado).toBe(first.json.data.radicado);
    expect(await countPqrs('Con cuenta, dos sesiones')).toBe(1);
  });

  it('a refused PQR is refused again on retry, and the edited one (new key) is filed', async () => {
    const key = randomUUID();
    const bad = validPqr({ subject: 'Sin descripción', description: '' });
    const refused = await filePqr(t.app, bad, { 'idempotency-key': key });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'validation-failed', fields: { description: expect.any(String) } });
    const again = await filePqr(t.app, bad, { 'idempotency-key': key });
    expect(again.json).toEqual(refused.json);
    const fixed = await filePqr(t.app, validPqr({ subject: 'Sin descripción' }), { 'idempotency-key': randomUUID() });
    expect(fixed.status).toBe(201);
  });

  it('refuses a malformed key before filing anything', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: PQR_URL,
      payload: validPqr({ subject: 'Clave mala' }),
      headers: { 'idempotency-key': 'no válida' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('idempotency-key-invalid');
    expect(await countPqrs('Clave mala')).toBe(0);
  });
});

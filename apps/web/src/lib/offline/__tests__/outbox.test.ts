import { describe, expect, it } from 'vitest';
import { createOutbox, type OutboxEntry, type OutboxSender, type OutboxStorage } from '../outbox';

/** The outbox over a Map (IndexedDB itself runs in the e2e suite) and a server stand-in that honours Idempotency-Key. */
function memoryStorage(): OutboxStorage {
  const map = new Map<string, OutboxEntry>();
  return {
    get: (id) => Promise.resolve(map.get(id)),
    set: (id, e) => Promise.resolve(void map.set(id, structuredClone(e))),
    del: (id) => Promise.resolve(void map.delete(id)),
    values: () => Promise.resolve([...map.values()]),
  };
}

type Call = { url: string; headers: Record<string, string>; body: unknown };

function server(answer: (call: Call) => Response | 'offline') {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: input as string,
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(init?.body as string) as unknown,
    };
    calls.push(call);
    const res = answer(call);
    if (res === 'offline') throw new TypeError('Failed to fetch');
    return res;
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sender = (fetch: typeof globalThis.fetch, session: OutboxSender['session'] = null): OutboxSender => ({
  fetch,
  apiBase: '/back/api/',
  session,
});
const pqr = {
  kind: 'pqr',
  path: 'v1/pqr',
  body: { subject: 'Contenedor lleno' },
  label: 'Contenedor lleno',
  userId: null,
};

describe('offline outbox', () => {
  it('keeps a write as pending and sends it once with its Idempotency-Key, keeping the answer', async () => {
    const box = createOutbox(memoryStorage());
    const entry = await box.add(pqr);
    expect(entry.state).toBe('pending');
    const s = server(() => json(201, { data: { radicado: 'PQR-2026-000042' } }));
    expect(await box.flush(sender(s.fetch))).toBe(1);
    expect(s.calls).toHaveLength(1);
    expect(s.calls[0]).toMatchObject({ url: '/back/api/v1/pqr', body: { subject: 'Contenedor lleno' } });
    expect(s.calls[0]!.headers['idempotency-key']).toBe(entry.idempotencyKey);
    const [sent] = await box.list();
    expect(sent).toMatchObject({ state: 'sent', result: { radicado: 'PQR-2026-000042' } });
    await box.flush(sender(s.fetch));
    expect(s.calls).toHaveLength(1);
  });

  it("sends to the contract's absolute path and to the relative one older entries hold, in the app and natively", async () => {
    const box = createOutbox(memoryStorage());
    await box.add({ ...pqr, path: '/back/api/v1/pqr' });
    await box.add(pqr);
    const s = server(() => json(201, { data: { radicado: 'PQR-2026-000042' } }));
    expect(await box.flush(sender(s.fetch))).toBe(2);
    expect(s.calls.map((c) => c.url)).toEqual(['/back/api/v1/pqr', '/back/api/v1/pqr']);
    const native = createOutbox(memoryStorage());
    await native.add({ ...pqr, path: '/back/api/v1/pqr' });
    const n = server(() => json(201, { data: {} }));
    await native.flush({ ...sender(n.fetch), apiBase: 'https://puntoverde.example/back/api/' });
    expect(n.calls[0]!.url).toBe('https://puntoverde.example/back/api/v1/pqr');
  });

  it('stays pending while offline, on a server error, a 409 (same key still running) or a 429', async () => {
    const box = createOutbox(memoryStorage());
    const entry = await box.add(pqr);
    for (const answer of [
      'offline',
      json(503, {}),
      json(409, { code: 'idempotency-in-progress' }),
      json(429, {}),
    ] as const) {
      const s = server(() => answer);
      expect(await box.flush(sender(s.fetch))).toBe(0);
      expect((await box.list())[0]!.state).toBe('pending');
    }
    // Every attempt carried the same key: the server makes one PQR of them.
    expect((await box.list())[0]!.idempotencyKey).toBe(entry.idempotencyKey);
  });

  it('a refused write keeps its Spanish error and, once corrected, goes again with a new key', async () => {
    const box = createOutbox(memoryStorage());
    const entry = await box.add(pqr);
    const refusal = {
      code: 'validation-failed',
      message: 'Revisa el campo: description.',
      fields: { description: 'Cuéntanos qué pasó.' },
    };
    await box.flush(sender(server(() => json(400, refusal)).fetch));
    const [refused] = await box.list();
    expect(refused).toMatchObject({ state: 'refused', error: refusal });

    const s = server(() => json(201, { data: { radicado: 'PQR-2026-000043' } }));
    await box.flush(sender(s.fetch));
    expect(s.calls).toHaveLength(0);

    const edited = await box.edit(entry.id, { subject: 'Contenedor lleno', description: 'Lleva una semana lleno.' });
    expect(edited).toMatchObject({ state: 'pending', error: undefined });
    expect(edited!.idempotencyKey).not.toBe(entry.idempotencyKey);
    await box.flush(sender(s.fetch));
    expect(s.calls[0]!.headers['idempotency-key']).toBe(edited!.idempotencyKey);
    expect((await box.list())[0]).toMatchObject({ state: 'sent', result: { radicado: 'PQR-2026-000043' } });
  });

  it("a logged-in person's write waits for their login when the session expired, then goes with their token", async () => {
    const box = createOutbox(memoryStorage());
    await box.add({ ...pqr, kind: 'pickup-request', path: 'v1/requests', userId: 7 });
    const s = server(() => json(201, { data: { id: 99 } }));
    await box.flush(sender(s.fetch, null));
    expect((await box.list())[0]!.state).toBe('needs-login');
    expect(s.calls).toHaveLength(0);
    // Someone else logs in on this device: never sent as them.
    await box.flush(sender(s.fetch, { userId: 8, token: 'otro' }));
    expect(s.calls).toHaveLength(0);
    await box.flush(sender(s.fetch, { userId: 7, token: 'de-ana' }));
    expect(s.calls[0]!.headers.Authorization).toBe('Bearer de-ana');
    expect((await box.list())[0]).toMatchObject({ state: 'sent', result: { id: 99 } });
  });

  it('a 401 on sending (token revoked) asks for a login instead of dropping the write', async () => {
    const box = createOutbox(memoryStorage());
    await box.add({ ...pqr, userId: 7 });
    await box.flush(
      sender(server(() => json(401, { code: 'unauthorized', message: 'Tu sesión expiró.' })).fetch, {
        userId: 7,
        token: 't',
      }),
    );
    expect((await box.list())[0]!.state).toBe('needs-login');
  });

  it('the service worker (session unknown) sends anonymous writes and leaves the others as they are', async () => {
    const box = createOutbox(memoryStorage());
    await box.add(pqr);
    await box.add({ ...pqr, label: 'Con cuenta', userId: 7 });
    const s = server(() => json(201, { data: { radicado: 'PQR-2026-000044' } }));
    expect(await box.flush(sender(s.fetch, 'unknown'))).toBe(1);
    const states = (await box.list()).map((e) => [e.label, e.state]);
    expect(states).toEqual([
      ['Contenedor lleno', 'sent'],
      ['Con cuenta', 'pending'],
    ]);
  });

  it('an online attempt whose answer was lost is queued with the same key it used', async () => {
    const box = createOutbox(memoryStorage());
    const entry = await box.add({ ...pqr, idempotencyKey: 'clave-del-primer-intento-1234' });
    expect(entry.idempotencyKey).toBe('clave-del-primer-intento-1234');
  });

  it('tells its listener about every change', async () => {
    let changes = 0;
    const box = createOutbox(memoryStorage(), () => (changes += 1));
    const entry = await box.add(pqr);
    await box.remove(entry.id);
    expect(changes).toBe(2);
    expect(await box.list()).toEqual([]);
  });
});

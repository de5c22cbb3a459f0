import { EVENTS_TICKET_PATH, type RealtimeEvent } from '@puntoverde/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeOf } from '../../features/realtime/realtime.plugin.js';
import { TEST_REDIS_URL, buildTestApp, type TestApp } from '../../../test/helper.js';
import { listenLocal, openSse } from '../../../test/sse.js';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';

const event = (requestId: number): RealtimeEvent => ({
  type: 'request.updated',
  request_id: requestId,
  status: 'aceptada',
  point_id: 1,
  actor_id: null,
});

async function ticketFor(t: TestApp, headers: Record<string, string>): Promise<{ ticket: string; url: string }> {
  const res = await t.app.inject({ method: 'POST', url: EVENTS_TICKET_PATH, headers });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

describe('live updates (SSE)', () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  let bob: TestUser;
  let aliceHeaders: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    base = await listenLocal(t.app);
    alice = await createUser(t.app);
    bob = await createUser(t.app);
    aliceHeaders = await loginAs(t.app, alice);
  });
  afterAll(() => t.close());

  it('refuses a ticket to a caller without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: EVENTS_TICKET_PATH });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a stream without a ticket or a token', async () => {
    const s = await openSse(`${base}/back/api/v1/events`);
    expect(s.status).toBe(401);
    s.close();
  });

  it('streams the events addressed to the ticket holder and nobody else’s', async () => {
    const { url } = await ticketFor(t, aliceHeaders);
    const s = await openSse(base + url);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toContain('text/event-stream');
    const ready = await s.next('ready');
    expect(ready.data).toEqual({ user_id: alice.id });
    await realtimeOf(t.app).publish([bob.id], event(1));
    await realtimeOf(t.app).publish([alice.id], event(2));
    const got = await s.next('request.updated');
    expect(got.data).toMatchObject({ request_id: 2, status: 'aceptada' });
    expect(s.messages.filter((m) => m.event === 'request.updated')).toHaveLength(1);
    s.close();
  });

  it('accepts a ticket only once', async () => {
    const { url } = await ticketFor(t, aliceHeaders);
    const first = await openSse(base + url);
    expect(first.status).toBe(200);
    const second = await openSse(base + url);
    expect(second.status).toBe(401);
    first.close();
    second.close();
  });

  it('refuses an expired ticket', async () => {
    const { ticket, url } = await ticketFor(t, aliceHeaders);
    expect(ticket.length).toBeGreaterThanOrEqual(40);
    await t.app.db.updateTable('events_tickets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const s = await openSse(base + url);
    expect(s.status).toBe(401);
    s.close();
  });

  it('refuses a made-up ticket', async () => {
    const s = await openSse(`${base}/back/api/v1/events?ticket=${randomBytes(32).toString('base64url')}`);
    expect(s.status).toBe(401);
    s.close();
  });

  it('does not store tickets in clear', async () => {
    const { ticket } = await ticketFor(t, aliceHeaders);
    const rows = await t.app.db.selectFrom('events_tickets').select('ticket_hash').execute();
    expect(rows.some((r) => r.ticket_hash === ticket)).toBe(false);
  });

  it('refuses the ticket of an account deactivated after it was issued', async () => {
    const carol = await createUser(t.app);
    const { url } = await ticketFor(t, await loginAs(t.app, carol));
    await t.app.db.updateTable('users').set({ active: 0 }).where('id', '=', carol.id).execute();
    const s = await openSse(base + url);
    expect(s.status).toBe(401);
    s.close();
  });

  it('also opens with the bearer header (non-browser clients)', async () => {
    const s = await openSse(`${base}/back/api/v1/events`, aliceHeaders);
    expect(s.status).toBe(200);
    await s.next('ready');
    s.close();
  });

  it('ends open streams when the server shuts down', async () => {
    const other = await buildTestApp();
    const otherBase = await listenLocal(other.app);
    const user = await createUser(other.app);
    const { url } = await ticketFor(other, await loginAs(other.app, user));
    const s = await openSse(otherBase + url);
    await s.next('ready');
    await other.close();
    await s.ended;
  });
});

describe.skipIf(!TEST_REDIS_URL)('live updates across two instances (Redis pub/sub)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // A prefix of its own (so a channel of its own): parallel test runs sharing the Redis server never cross.
    const redisPrefix = `test-${randomBytes(6).toString('hex')}:`;
    a = await buildTestApp({ redisUrl: TEST_REDIS_URL, redisPrefix });
    b = await buildTestApp({ redisUrl: TEST_REDIS_URL, redisPrefix });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('delivers an event published on instance A to a stream open on instance B', async () => {
    expect(realtimeOf(a.app).mode).toBe('redis');
    const baseB = await listenLocal(b.app);
    const user = await createUser(b.app);
    const { url } = await ticketFor(b, await loginAs(b.app, user));
    const s = await openSse(baseB + url);
    await s.next('ready');
    await realtimeOf(a.app).publish([user.id], event(42));
    const got = await s.next('request.updated');
    expect(got.data).toMatchObject({ request_id: 42 });
    s.close();
  });

  it('delivers once to the publishing instance’s own streams', async () => {
    const baseA = await listenLocal(a.app);
    const user = await createUser(a.app);
    const { url } = await ticketFor(a, await loginAs(a.app, user));
    const s = await openSse(baseA + url);
    await s.next('ready');
    await realtimeOf(a.app).publish([user.id], event(7));
    await s.next('request.updated');
    await new Promise((r) => setTimeout(r, 150));
    expect(s.messages.filter((m) => m.event === 'request.updated')).toHaveLength(1);
    s.close();
  });
});

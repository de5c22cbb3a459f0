import {
  WEBHOOK_EVENT_DATA,
  webhookEnvelope,
  type WebhookDelivery,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@puntoverde/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { filePqr, validPqr } from '../../../test/factories/pqr.js';
import { changeReportStatus, mustFile } from '../../../test/factories/reports.js';
import {
  buildRequestsWorld,
  changeRequestStatus,
  createRequest,
  statusBody,
  type RequestsWorld,
} from '../../../test/factories/requests.js';
import { createWebhookWorker, type WebhookWorker } from '../../features/webhooks/webhook-worker.js';
import { checkUrl } from '../../features/webhooks/webhooks.service.js';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch.js';

/**
 * Signed webhooks end to end: staff register a local receiver on 127.0.0.1 (loopback allowed
 * for the test), the features' changes write events, and a worker on a test clock sends them.
 * The receiver checks each Standard Webhooks signature with its own HMAC code.
 */

const URL_BASE = '/back/api/v1/admin/webhooks';

type Received = { id: string; timestamp: string; signatures: string[]; body: string; answered: number };

/** A receiver that answers 500 to the first `failures` tries of each event id, then 204. */
class Receiver {
  server: Server;
  url = '';
  received: Received[] = [];
  failures = 3;
  private tries = new Map<string, number>();

  constructor() {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        const n = (this.tries.get(id) ?? 0) + 1;
        this.tries.set(id, n);
        const answered = n <= this.failures ? 500 : 204;
        this.received.push({
          id,
          timestamp: String(req.headers['webhook-timestamp']),
          signatures: String(req.headers['webhook-signature']).split(' '),
          body,
          answered,
        });
        res.statusCode = answered;
        res.end(answered === 500 ? 'receptor caído (prueba)' : undefined);
      });
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/puntoverde`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  reset(failures: number) {
    this.received = [];
    this.tries.clear();
    this.failures = failures;
  }

  /** Event ids answered with a 2xx, with how many times each. */
  deliveredIds(): Map<string, number> {
    const out = new Map<string, number>();
    for (const r of this.received.filter((x) => x.answered < 300)) out.set(r.id, (out.get(r.id) ?? 0) + 1);
    return out;
  }
}

/** The receiver's own check: some `v1,` signature equals HMAC-SHA256(secret bytes, "id.timestamp.body"). */
function verifies(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${r.id}.${r.timestamp}.${r.body}`).digest();
  return r.signatures.some((s) => {
    const [version, sig] = s.split(',');
    const got = Buffer.from(sig ?? '', 'base64');
    return version === 'v1' && got.length === expected.length && timingSafeEqual(got, expected);
  });
}

let t: TestApp;
let w: RequestsWorld;
let receiver: Receiver;
let clock: Date;
let worker: WebhookWorker;

function newWorker(): WebhookWorker {
  return createWebhookWorker({
    db: t.app.db,
    dialect: t.app.database.dialect,
    fetch: createGuardedFetch({ allowLoopback: true }),
    now: () => clock,
    timeoutMs: 5000,
  });
}

/** Runs the worker, then moves the test clock past the longest wait of the first retries. */
async function runAndAdvance(hours: number) {
  const result = await worker.runOnce();
  clock = new Date(clock.getTime() + hours * 3_600_000);
  return result;
}

async function register(
  payload: object,
): Promise<{
  status: number;
  json: { data: WebhookEndpointWithSecret; code?: string; fields?: Record<string, string> };
}> {
  const res = await t.app.inject({ method: 'POST', url: URL_BASE, headers: w.admin.headers, payload });
  return { status: res.statusCode, json: res.json() };
}

async function deliveriesOf(endpointId: number): Promise<WebhookDelivery[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${URL_BASE}/${endpointId}/deliveries`,
    headers: w.admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: WebhookDelivery[] }>().data;
}

beforeAll(async () => {
  t = await buildTestApp({ webhookAllowLoopback: true });
  w = await buildRequestsWorld(t.app);
  receiver = new Receiver();
  await receiver.listen();
});

afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

let endpointIds: number[] = [];
afterEach(async () => {
  // Each test has its own endpoint: the others are removed so nothing more goes to them.
  for (const id of endpointIds)
    await t.app.inject({ method: 'DELETE', url: `${URL_BASE}/${id}`, headers: w.admin.headers });
  endpointIds = [];
});

describe('webhook deliveries', () => {
  it('delivers every event exactly once by id after the receiver fails the first three tries', async () => {
    const created = await register({
      url: receiver.url,
      events: Object.keys(WEBHOOK_EVENT_DATA),
      description: 'Sistema de la alcaldía',
    });
    expect(created.status).toBe(201);
    const endpoint = created.json.data;
    endpointIds.push(endpoint.id);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.reset(3);

    // One change of each kind, through the API.
    const report = await mustFile(t.app, w.householdA);
    expect(
      (await changeReportStatus(t.app, w.admin, report.number, { status: 'en_revision', note: 'Vamos en camino.' }))
        .status,
    ).toBe(200);
    const pqr = await filePqr(t.app, validPqr());
    expect(pqr.status).toBe(201);
    const pqrStatus = await t.app.inject({
      method: 'POST',
      url: `/back/api/v1/admin/pqr/${pqr.json.data.radicado}/status`,
      headers: w.admin.headers,
      payload: { status: 'en_tramite' },
    });
    expect(pqrStatus.statusCode).toBe(200);
    const request = await createRequest(t.app, w.householdA, { point_id: w.points.p1 });
    expect((await changeRequestStatus(t.app, w.manager1, request.id, statusBody('aceptada'))).statusCode).toBe(200);
    expect((await changeRequestStatus(t.app, w.manager1, request.id, statusBody('programada'))).statusCode).toBe(200);
    expect((await changeRequestStatus(t.app, w.manager1, request.id, statusBody('recogida'))).statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
    const certificate = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/certificates',
      headers: w.householdA.headers,
      payload: { from: yearAgo, to: today },
    });
    expect(certificate.statusCode, certificate.body).toBe(201);

    clock = new Date(Date.now() + 1000);
    worker = newWorker();
    // Tries 1-3 answered 500 (waits of 5 s, 5 min, 30 min follow), the 4th 204; later runs find nothing.
    const runs = [];
    for (let i = 0; i < 6; i++) runs.push(await runAndAdvance(11));
    expect(runs.map((r) => r.delivered)).toEqual([0, 0, 0, 9, 0, 0]);
    expect(runs.map((r) => r.retried)).toEqual([9, 9, 9, 0, 0, 0]);

    const delivered = receiver.deliveredIds();
    expect(delivered.size).toBe(9);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);
    // Every try carried a valid signature and the same body for its id.
    expect(receiver.received.every((r) => verifies(endpoint.secret, r))).toBe(true);
    const bodies = new Map<string, Set<string>>();
    for (const r of receiver.received) bodies.set(r.id, (bodies.get(r.id) ?? new Set()).add(r.body));
    expect([...bodies.values()].every((s) => s.size === 1)).toBe(true);

    // Each body is the contract's envelope of its type, and every kind of event came.
    const events = [...bodies.entries()].map(([id, set]) => {
      const body = JSON.parse([...set][0]!) as { id: string; type: WebhookEventType };
      expect(body.id).toBe(id);
      expect(webhookEnvelope(body.type).safeParse(body).success, body.type).toBe(true);
      return body as { id: string; type: WebhookEventType; data: Record<string, unknown> };
    });
    expect(events.map((e) => e.type).sort()).toEqual(
      [
        'certificate.issued',
        'pickup_request.created',
        'pickup_request.status_changed',
        'pickup_request.status_changed',
        'pickup_request.status_changed',
        'pqr.created',
        'pqr.status_changed',
        'report.created',
        'report.status_changed',
      ].sort(),
    );
    const reportCreated = events.find((e) => e.type === 'report.created')!;
    expect(reportCreated.data).toMatchObject({ number: report.number, status: 'abierto' });
    expect(events.find((e) => e.type === 'report.status_changed')!.data).toMatchObject({
      status: 'en_revision',
      previous_status: 'abierto',
    });
    expect(events.find((e) => e.type === 'pqr.created')!.data).toMatchObject({ radicado: pqr.json.data.radicado });
    expect(events.find((e) => e.type === 'certificate.issued')!.data).toMatchObject({
      number: certificate.json<{ data: { number: string } }>().data.number,
    });
    // No personal data of the requester leaves with the events.
    expect(JSON.stringify(events)).not.toContain(validPqr().document_number);

    // Staff see each delivery with its four attempts, newest first: 204, then three 500s with the answer.
    const list = await deliveriesOf(endpoint.id);
    expect(list).toHaveLength(9);
    for (const d of list) {
      expect(d.status).toBe('delivered');
      expect(d.attempts).toBe(4);
      expect(d.attempt_log.map((a) => a.status_code)).toEqual([204, 500, 500, 500]);
      expect(d.attempt_log[1]!.answer_excerpt).toBe('receptor caído (prueba)');
    }
  });

  it('keeps deliveries while the endpoint is down and sends them from a restarted worker', async () => {
    const down = await register({ url: receiver.url.replace(/:\d+\//, ':1/'), events: ['report.created'] });
    expect(down.status).toBe(201);
    endpointIds.push(down.json.data.id);
    await mustFile(t.app, w.householdB);

    clock = new Date(Date.now() + 1000);
    worker = newWorker();
    // Nothing listens on port 1: each try fails without an answer and waits for the next.
    for (let i = 0; i < 3; i++) expect((await runAndAdvance(11)).retried).toBe(1);
    let [delivery] = await deliveriesOf(down.json.data.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 3 });
    expect(delivery!.attempt_log[0]).toMatchObject({ status_code: null });
    expect(delivery!.attempt_log[0]!.error).toBeTruthy();

    // The endpoint comes back (its URL fixed); a new worker — a restarted server — sends what waited.
    receiver.reset(0);
    const fixed = await t.app.inject({
      method: 'PATCH',
      url: `${URL_BASE}/${down.json.data.id}`,
      headers: w.admin.headers,
      payload: { url: receiver.url },
    });
    expect(fixed.statusCode).toBe(200);
    worker = newWorker();
    expect((await runAndAdvance(11)).delivered).toBe(1);
    [delivery] = await deliveriesOf(down.json.data.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 4 });
    expect(receiver.deliveredIds().get(delivery!.event_id)).toBe(1);
  });

  it('gives a delivery up after about a day of retries, and staff re-send it with the same id', async () => {
    const created = await register({ url: receiver.url, events: ['pickup_request.created'] });
    endpointIds.push(created.json.data.id);
    receiver.reset(100);
    await createRequest(t.app, w.householdB, { point_id: w.points.p1 });
    clock = new Date(Date.now() + 1000);
    worker = newWorker();
    for (let i = 0; i < 10; i++) await runAndAdvance(11);
    let [delivery] = await deliveriesOf(created.json.data.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 8 });
    const first = Date.parse(delivery!.attempt_log.at(-1)!.attempted_at);
    const last = Date.parse(delivery!.attempt_log[0]!.attempted_at);
    expect(last - first).toBeGreaterThanOrEqual(24 * 3_600_000);

    receiver.reset(0);
    const resend = await t.app.inject({
      method: 'POST',
      url: `${URL_BASE}/${created.json.data.id}/deliveries/${delivery!.id}/resend`,
      headers: w.admin.headers,
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json<{ data: WebhookDelivery }>().data.status).toBe('pending');
    expect((await runAndAdvance(1)).delivered).toBe(1);
    [delivery] = await deliveriesOf(created.json.data.id);
    expect(delivery!.status).toBe('delivered');
    expect(receiver.deliveredIds().get(delivery!.event_id)).toBe(1);

    // Staff actions are in the audit log (never the secret).
    const audit = await t.app.inject({
      method: 'GET',
      url: `/back/api/v1/admin/audit?entity=webhook&entity_id=${created.json.data.id}`,
      headers: w.admin.headers,
    });
    const actions = audit.json<{ data: { items: { action: string }[] } }>().data.items.map((i) => i.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'resend']));
    expect(audit.body).not.toContain(created.json.data.secret);
  });
});

describe('webhook secrets', () => {
  it('signs with the new and the previous secret during the overlap, then with the new one only', async () => {
    const created = await register({ url: receiver.url, events: ['report.created'] });
    endpointIds.push(created.json.data.id);
    const oldSecret = created.json.data.secret;
    const rotated = await t.app.inject({
      method: 'POST',
      url: `${URL_BASE}/${created.json.data.id}/rotate-secret`,
      headers: w.admin.headers,
      payload: { overlap_hours: 24 },
    });
    expect(rotated.statusCode).toBe(200);
    const { secret: newSecret, previous_secret_expires_at } = rotated.json<{ data: WebhookEndpointWithSecret }>().data;
    expect(newSecret).not.toBe(oldSecret);
    expect(previous_secret_expires_at).not.toBeNull();

    receiver.reset(0);
    await mustFile(t.app, w.householdA);
    clock = new Date(Date.now() + 1000);
    worker = newWorker();
    await worker.runOnce();
    const [during] = receiver.received;
    expect(during!.signatures).toHaveLength(2);
    expect(verifies(newSecret, during!)).toBe(true);
    expect(verifies(oldSecret, during!)).toBe(true);

    // 25 hours later the old secret no longer signs: a receiver still on it refuses.
    receiver.reset(0);
    await mustFile(t.app, w.householdA);
    clock = new Date(Date.now() + 25 * 3_600_000);
    await worker.runOnce();
    const [after] = receiver.received;
    expect(after!.signatures).toHaveLength(1);
    expect(verifies(newSecret, after!)).toBe(true);
    expect(verifies(oldSecret, after!)).toBe(false);
  });

  it('never lists a secret', async () => {
    const created = await register({ url: receiver.url, events: ['pqr.created'] });
    endpointIds.push(created.json.data.id);
    const list = await t.app.inject({ method: 'GET', url: URL_BASE, headers: w.admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('whsec_');
  });
});

describe('webhook registration', () => {
  it.each([
    ['a private address', 'https://10.1.2.3/hook'],
    ['the cloud metadata address', 'https://169.254.169.254/latest'],
    ['a private address over http', 'http://192.168.1.20/hook'],
    ['credentials in the URL', 'https://user:pass@93.184.216.34/hook'],
  ])('refuses %s with a Spanish message on the url field', async (_, url) => {
    const res = await register({ url, events: ['report.created'] });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('webhook-url-refused');
    expect(res.json.fields?.url).toMatch(/dirección/);
  });

  it('refuses loopback and plain http where loopback is not allowed', async () => {
    const policy = { allowLoopback: false, resolveHost: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]) };
    await expect(checkUrl('http://127.0.0.1:8080/hook', policy)).rejects.toMatchObject({ code: 'webhook-url-refused' });
    await expect(checkUrl('https://localhost/hook', policy)).rejects.toMatchObject({ code: 'webhook-url-refused' });
    await expect(checkUrl('http://93.184.216.34/hook', policy)).rejects.toMatchObject({ code: 'webhook-url-refused' });
    // A name that resolves to a public address passes.
    const publicDns = {
      allowLoopback: false,
      resolveHost: () => Promise.resolve([{ address: '93.184.216.34', family: 4 }]),
    };
    await expect(checkUrl('https://hooks.example.org/puntoverde', publicDns)).resolves.toBeUndefined();
  });

  it('does not send an event to an endpoint not subscribed to it, nor to an inactive one', async () => {
    const pqrOnly = await register({ url: receiver.url, events: ['pqr.created'] });
    const paused = await register({ url: receiver.url, events: ['report.created'], active: false });
    endpointIds.push(pqrOnly.json.data.id, paused.json.data.id);
    await mustFile(t.app, w.householdA);
    expect(await deliveriesOf(pqrOnly.json.data.id)).toEqual([]);
    expect(await deliveriesOf(paused.json.data.id)).toEqual([]);
  });

  it('answers 404 for an endpoint or a delivery that does not exist', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `${URL_BASE}/999999`, headers: w.admin.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ code: string }>().code).toBe('webhook-not-found');
    const created = await register({ url: receiver.url, events: ['pqr.created'] });
    endpointIds.push(created.json.data.id);
    const noDelivery = await t.app.inject({
      method: 'POST',
      url: `${URL_BASE}/${created.json.data.id}/deliveries/999999/resend`,
      headers: w.admin.headers,
    });
    expect(noDelivery.statusCode).toBe(404);
    expect(noDelivery.json<{ code: string }>().code).toBe('webhook-delivery-not-found');
  });
});

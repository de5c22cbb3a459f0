import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildTestApp, dialectUnderTest, type TestApp } from '../../../test/helper.js';
import { createBearerUser, createUser } from '../../../test/factories/users.js';
import { listenLocal, openSse } from '../../../test/sse.js';
import { insertDeliveries } from '../../features/notifications/deliveries.repository.js';
import { notificationWorkerOf } from '../notifications/index.js';

const TOKEN = 'prometheus-scrape-token-0123456789';
const METRICS_URL = '/back/api/metrics';
const docs = path.resolve(import.meta.dirname, '../../../../../docs/prometheus');

/** One sample of the exposition text, e.g. `name{a="1"} 3`: its value, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /back/api/metrics', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: METRICS_URL, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    t = await buildTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t.close());

  it('answers 404 like an unknown route without the token or with a wrong one', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/back/api/no-such-route' });
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: METRICS_URL, headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
  });

  it('answers 404 to every caller when no METRICS_TOKEN is configured', async () => {
    const off = await buildTestApp();
    try {
      const unknown = await off.app.inject({ method: 'GET', url: '/back/api/no-such-route' });
      const res = await off.app.inject({
        method: 'GET',
        url: METRICS_URL,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
    } finally {
      await off.close();
    }
  });

  it('counts requests and their latency by route pattern and status, not by raw URL', async () => {
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/back/api/v1/config' });
    await t.app.inject({ method: 'GET', url: '/back/api/v1/points/987654' });
    const text = await scrape();
    expect(text).toContain('# TYPE puntoverde_http_request_duration_seconds histogram');
    const config = { method: 'GET', route: '/back/api/v1/config', status: '200' };
    expect(sample(text, 'puntoverde_http_request_duration_seconds_count', config)).toBe(3);
    expect(sample(text, 'puntoverde_http_request_duration_seconds_bucket', { ...config, le: '+Inf' })).toBe(3);
    expect(sample(text, 'puntoverde_http_request_duration_seconds_sum', config)).toBeGreaterThan(0);
    const point = { route: '/back/api/v1/points/:id', status: '404' };
    expect(sample(text, 'puntoverde_http_request_duration_seconds_count', point)).toBe(1);
    expect(text).not.toContain('987654');
  });

  it('exposes the event-loop lag and, on PostgreSQL, the connection pool', async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    const pool = sample(text, 'puntoverde_db_pool_max_connections');
    if (dialectUnderTest === 'postgres') {
      expect(pool).toBeGreaterThan(0);
      expect(sample(text, 'puntoverde_db_pool_connections')).toBeGreaterThan(0);
      expect(sample(text, 'puntoverde_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(pool).toBeUndefined();
    }
  });

  it('counts the 429 refusals of a rate limit per route', async () => {
    const route = '/back/api/v1/certificates/verify/:code';
    const before = sample(await scrape(), 'puntoverde_rate_limit_refusals_total', { route }) ?? 0;
    let refused = 0;
    for (let i = 0; i < 32; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/back/api/v1/certificates/verify/${'C'.repeat(22)}`,
        remoteAddress: '127.0.0.61',
      });
      if (res.statusCode === 429) refused += 1;
    }
    expect(refused).toBe(2);
    const text = await scrape();
    expect(sample(text, 'puntoverde_rate_limit_refusals_total', { route })).toBe(before + 2);
    expect(sample(text, 'puntoverde_http_request_duration_seconds_count', { route, status: '429' })).toBe(2);
  });

  it('reports the outbox backlog and lag, and the worker’s outcomes', async () => {
    const user = await createUser(t.app, { tc_id: 2 });
    const now = Date.now();
    const notification = await t.app.db
      .insertInto('notifications')
      .values({
        user_id: user.id,
        title: 'Prueba',
        body: 'Aviso de prueba',
        link: null,
        read_at: null,
        created_at: new Date(now).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (minutesFromNow: number) => {
      const at = new Date(now + minutesFromNow * 60_000).toISOString();
      return {
        notification_id: notification.id,
        channel: 'email',
        device_id: null,
        next_attempt_at: at,
        broadcast_id: null,
        created_at: at,
      };
    };
    // One e-mail due two minutes ago; one held an hour (a retry's wait, quiet hours).
    await insertDeliveries(t.app.db, [row(-2), row(60)]);

    let text = await scrape();
    expect(sample(text, 'puntoverde_notification_deliveries_pending', { state: 'due' })).toBe(1);
    expect(sample(text, 'puntoverde_notification_deliveries_pending', { state: 'waiting' })).toBe(1);
    expect(sample(text, 'puntoverde_outbox_lag_seconds')).toBeGreaterThanOrEqual(120);
    expect(sample(text, 'puntoverde_outbox_lag_seconds')).toBeLessThan(180);

    await notificationWorkerOf(t.app).runOnce();
    text = await scrape();
    expect(sample(text, 'puntoverde_notification_deliveries_total', { channel: 'email', outcome: 'sent' })).toBe(1);
    expect(sample(text, 'puntoverde_notification_deliveries_pending', { state: 'due' })).toBe(0);
    expect(sample(text, 'puntoverde_notification_deliveries_pending', { state: 'waiting' })).toBe(1);
    expect(sample(text, 'puntoverde_outbox_lag_seconds')).toBe(0);
  });

  it('keeps a live-updates stream out of the latency histogram', async () => {
    const other = await buildTestApp({ metricsToken: TOKEN });
    try {
      const user = await createBearerUser(other.app.db, other.config.tokenSecret);
      const stream = await openSse(`${await listenLocal(other.app)}/back/api/v1/events`, user.headers);
      await stream.next('ready');
      // The server ends its streams as it closes: the stream's answer is complete then.
      await other.app.close();
      await stream.ended;
      const text = await other.app.metrics.registry.metrics();
      expect(
        sample(text, 'puntoverde_http_request_duration_seconds_count', { route: '/back/api/v1/events' }),
      ).toBeUndefined();
    } finally {
      await other.database.destroy();
    }
  });

  it('is in the OpenAPI document, with its own bearer scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/back/api/docs/json' })).json();
    expect(doc.paths[METRICS_URL].get.security).toEqual([{ metricsToken: [] }]);
    expect(doc.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/back/api/health/ready'].get.responses['503']).toBeDefined();
  });
});

describe('docs/prometheus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t.close());

  it('scrapes /back/api/metrics with the bearer token', () => {
    const config = parse(readFileSync(path.join(docs, 'prometheus.yml'), 'utf8'));
    const job = config.scrape_configs.find((c: { job_name: string }) => c.job_name === 'puntoverde');
    expect(job).toMatchObject({ metrics_path: METRICS_URL, authorization: { type: 'Bearer' } });
    expect(config.rule_files).toContain('alerts.yml');
  });

  it('alerts only on metrics the server exposes', async () => {
    const alerts = parse(readFileSync(path.join(docs, 'alerts.yml'), 'utf8'));
    const rules = alerts.groups.flatMap((g: { rules: unknown[] }) => g.rules) as Array<Record<string, unknown>>;
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'PuntoVerdeHighErrorRate',
        'PuntoVerdeSlowRequests',
        'PuntoVerdeNotificationBacklog',
        'PuntoVerdeOutboxLag',
      ]),
    );
    // Every series the rules name appears once the server has answered a request and a 429.
    await t.app.inject({ method: 'GET', url: '/back/api/v1/config' });
    const { body } = await t.app.inject({
      method: 'GET',
      url: METRICS_URL,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const exposed = new Set(
      body
        .split('\n')
        .filter((l) => l.startsWith('# TYPE '))
        .map((l) => l.split(' ')[2]),
    );
    const named = rules.flatMap((r) => String(r.expr).match(/\b(?:puntoverde|nodejs|process)_\w+/g) ?? []);
    expect(named.length).toBeGreaterThan(4);
    for (const rule of rules) {
      expect(rule, String(rule.alert)).toMatchObject({
        expr: expect.any(String),
        labels: { severity: expect.any(String) },
      });
      expect((rule.annotations as Record<string, string>).summary).toBeTruthy();
    }
    // SQLite has no connection pool (one synchronous connection): its series exist on PostgreSQL only.
    const expected = named.filter((name) => dialectUnderTest === 'postgres' || !name.startsWith('puntoverde_db_pool_'));
    const unknown = expected.filter((name) => !exposed.has(name.replace(/_(bucket|count|sum)$/, '')));
    expect(unknown).toEqual([]);
  });
});

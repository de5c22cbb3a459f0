import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { createUser, loginAs } from '../../../test/factories/users.js';

const REMOTE = '203.0.113.9';
const API = '/back/api/dev/outbox';
const PAGE = '/dev/outbox';
const SMS = '/back/api/dev/sms-outbox';

/** Every outbox address (e-mail JSON, the page, SMS JSON), as `who` asks for them. */
async function readBoth(t: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> }) {
  return Promise.all(
    [API, PAGE, SMS].map((url) =>
      t.app.inject({ method: 'GET', url, remoteAddress: options.remoteAddress, headers: options.headers }),
    ),
  );
}

async function sendResetMail(t: TestApp) {
  await t.app.mailer.send({
    to: 'victima@example.com',
    subject: 'Restablece tu contraseña',
    text: 'http://x/auth/reset?token=secreto',
  });
  await t.app.sms.send({ to: '+573001234567', body: 'PuntoVerde: tu código de verificación es 424242.' });
}

describe('the local e-mail outbox in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    await sendResetMail(t);
  });
  afterAll(() => t.close());

  it('answers an anonymous visitor from another machine as if it did not exist', async () => {
    for (const res of await readBoth(t, { remoteAddress: REMOTE })) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secreto');
      expect(res.body).not.toContain('424242');
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/back/api/dev/nothing-here', remoteAddress: REMOTE });
    const hidden = await t.app.inject({ method: 'GET', url: API, remoteAddress: REMOTE });
    expect(hidden.json()).toEqual(unknown.json());
  });

  it('answers a signed-in household from another machine with 404', async () => {
    const household = await createUser(t.app, { tc_id: 2 });
    const headers = await loginAs(t.app, household);
    for (const res of await readBoth(t, { remoteAddress: REMOTE, headers })) expect(res.statusCode).toBe(404);
  });

  it('lets a signed-in staff account read it from anywhere', async () => {
    const staff = await createUser(t.app, { is_admin: true });
    const headers = await loginAs(t.app, staff);
    const [api, page, sms] = await readBoth(t, { remoteAddress: REMOTE, headers });
    expect(api!.statusCode).toBe(200);
    expect(api!.headers['cache-control']).toBe('no-store');
    expect(api!.json().data[0]).toMatchObject({ to: 'victima@example.com' });
    expect(page!.statusCode).toBe(200);
    expect(page!.body).toContain('victima@example.com');
    expect(page!.body).toContain('424242');
    expect(sms!.statusCode).toBe(200);
    expect(sms!.json().data[0]).toMatchObject({ to: '+573001234567' });
  });

  it('lets someone on this machine read it (IPv4 and IPv6 loopback)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const [api, page] = await readBoth(t, { remoteAddress });
      expect(api!.statusCode).toBe(200);
      expect(api!.json().data).toHaveLength(1);
      expect(page!.statusCode).toBe(200);
      expect(page!.headers['content-type']).toContain('text/html');
    }
  });

  it('ignores an X-Forwarded-For naming loopback when the request comes from elsewhere', async () => {
    for (const res of await readBoth(t, { remoteAddress: REMOTE, headers: { 'x-forwarded-for': '127.0.0.1' } })) {
      expect(res.statusCode).toBe(404);
    }
  });

  it('refuses a remote client forwarded by a proxy on this machine', async () => {
    const forwardings: Record<string, string>[] = [
      { 'x-forwarded-for': REMOTE },
      { 'x-forwarded-for': `127.0.0.1, ${REMOTE}` },
      { forwarded: `for=${REMOTE}` },
      { 'x-real-ip': REMOTE },
    ];
    for (const headers of forwardings) {
      for (const res of await readBoth(t, { remoteAddress: '127.0.0.1', headers })) expect(res.statusCode).toBe(404);
    }
  });
});

describe('the local e-mail outbox behind a trusted proxy (TRUST_PROXY=1, demo mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: true, trustProxy: 1 });
    await sendResetMail(t);
  });
  afterAll(() => t.close());

  it('does not take X-Forwarded-For: 127.0.0.1 from a remote address as loopback', async () => {
    // A hop count trusts whoever connects, so Fastify's request.ip is the forged 127.0.0.1 here;
    // the outbox must not believe it.
    const probe = await t.app.inject({
      method: 'GET',
      url: API,
      remoteAddress: REMOTE,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(probe.statusCode).toBe(404);
    const viaProxy = await t.app.inject({
      method: 'GET',
      url: API,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `127.0.0.1, ${REMOTE}` },
    });
    expect(viaProxy.statusCode).toBe(404);
  });

  it('still serves a browser on this machine that went through the local proxy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: API,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the local e-mail outbox outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: false });
    await sendResetMail(t);
  });
  afterAll(() => t.close());

  it('is hidden even from loopback', async () => {
    for (const res of await readBoth(t, { remoteAddress: '127.0.0.1' })) expect(res.statusCode).toBe(404);
  });

  it('is readable by staff', async () => {
    const staff = await createUser(t.app, { is_admin: true });
    const [api] = await readBoth(t, { headers: await loginAs(t.app, staff) });
    expect(api!.statusCode).toBe(200);
  });
});

describe('the local e-mail outbox in production', () => {
  it('is readable by staff when MAIL_TRANSPORT=outbox chose it, and hidden from everyone else', async () => {
    const t = await buildTestApp({ env: 'production', demo: false, mailOutboxOnPurpose: true });
    try {
      await sendResetMail(t);
      const staff = await createUser(t.app, { is_admin: true });
      const [api, page, sms] = await readBoth(t, { remoteAddress: REMOTE, headers: await loginAs(t.app, staff) });
      expect(api!.statusCode).toBe(200);
      expect(api!.json().data[0]).toMatchObject({ to: 'victima@example.com' });
      expect(page!.statusCode).toBe(200);
      expect(sms!.statusCode).toBe(200);
      for (const res of await readBoth(t, { remoteAddress: '127.0.0.1' })) expect(res.statusCode).toBe(404);
      // The development helpers that send mail early stay out of production.
      const sweep = await t.app.inject({
        method: 'POST',
        url: '/back/api/dev/reports/follow-ups',
        remoteAddress: REMOTE,
        headers: await loginAs(t.app, staff),
      });
      expect(sweep.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

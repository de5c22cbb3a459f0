import { IDENTITY_PATHS } from '@puntoverde/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { createUser, TEST_PASSWORD } from '../../../test/factories/users.js';
import { ConfigError, loadConfig } from '../../config.js';
import { LOGIN_THROTTLE } from '../../features/identity/login-throttle.js';

/**
 * TRUST_PROXY decides which client address the rate limits and session records see: the
 * address the nearest untrusted hop reported, read from the right of X-Forwarded-For, never
 * the left-most entry, which the client writes itself.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-trust-proxy-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (TRUST_PROXY?: string) =>
  loadConfig({ TOKEN_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) });

let clients = 0;
/** A client address of its own for each test (the app, and so its limiter, is shared by the file). */
const nextClient = () => `198.51.100.${(clients += 1)}`;

describe('TRUST_PROXY configuration', () => {
  it('trusts no proxy when unset, false or 0', () => {
    for (const value of [undefined, 'false', 'no', '0']) expect(load(value).trustProxy, String(value)).toBe(false);
  });

  it('takes a number of proxies', () => {
    expect(load('1').trustProxy).toBe(1);
    expect(load('2').trustProxy).toBe(2);
  });

  it('takes a comma-separated list of proxy addresses and CIDR ranges', () => {
    expect(load('10.0.0.0/8, 192.168.1.10,fd00::/8 , ::1').trustProxy).toEqual(['10.0.0.0/8', '192.168.1.10', 'fd00::/8', '::1']);
  });

  it('refuses true, which would believe any forged X-Forwarded-For, and says what to set', () => {
    for (const value of ['true', 'yes']) {
      expect(() => load(value)).toThrow(ConfigError);
      expect(() => load(value)).toThrow(/TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8/);
    }
  });

  it('refuses what is neither a number nor addresses', () => {
    for (const value of ['nginx', '10.0.0.0/33', '10.0.0', '1.5', '-1', '10.0.0.1,']) {
      expect(() => load(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('the client address behind proxies', () => {
  const apps: TestApp[] = [];
  const build = async (trustProxy?: string) => {
    const t = await buildTestApp({ trustProxy: load(trustProxy).trustProxy });
    apps.push(t);
    return t;
  };
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  /** Statuses of `count` wrong passwords for one account, each naming a different forged client. */
  async function guessPasswords(t: TestApp, count: number, from: { remoteAddress: string; forwardedFor: (i: number) => string }) {
    const user = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: IDENTITY_PATHS.login,
        remoteAddress: from.remoteAddress,
        headers: { 'x-forwarded-for': from.forwardedFor(i) },
        payload: { username: user.email, password: `mala-${i}` },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  /** The throttle's answer when every failure counts against one address. */
  function expectThrottled(statuses: number[]) {
    const free = LOGIN_THROTTLE.freeFailuresPerAddress;
    expect(statuses.slice(0, free)).toEqual(Array(free).fill(401));
    expect(statuses[free]).toBe(429);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(50);
  }

  describe('TRUST_PROXY=1 (one load balancer that appends the address it saw)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await build('1');
    });

    it('counts guesses against the address the balancer appended, not the forged ones before it', async () => {
      const client = nextClient();
      expectThrottled(await guessPasswords(t, 60, { remoteAddress: '10.0.0.2', forwardedFor: (i) => `203.0.113.${i}, ${client}` }));
    });

    it('records that address on the session', async () => {
      const client = nextClient();
      const user = await createUser(t.app);
      const login = await t.app.inject({
        method: 'POST',
        url: IDENTITY_PATHS.login,
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `203.0.113.77, ${client}` },
        payload: { username: user.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const list = await t.app.inject({
        method: 'GET',
        url: IDENTITY_PATHS.mySessions,
        headers: { authorization: `Bearer ${login.json().data.token}` },
      });
      expect(list.json().data).toEqual([expect.objectContaining({ ip: client })]);
    });
  });

  describe('TRUST_PROXY=2 (a CDN in front of the balancer)', () => {
    it('skips both proxies and no more', async () => {
      const t = await build('2');
      const client = nextClient();
      expectThrottled(
        await guessPasswords(t, 60, { remoteAddress: '10.0.0.2', forwardedFor: (i) => `203.0.113.${i}, ${client}, 10.9.9.9` }),
      );
    });
  });

  describe('TRUST_PROXY=10.0.0.0/8 (the proxies by address)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await build('10.0.0.0/8');
    });

    it('counts guesses against the client a trusted proxy names', async () => {
      const client = nextClient();
      expectThrottled(
        await guessPasswords(t, 60, { remoteAddress: '10.0.0.2', forwardedFor: (i) => `203.0.113.${i}, ${client}, 10.1.2.3` }),
      );
    });

    it('ignores X-Forwarded-For from a client that is not one of the proxies', async () => {
      expectThrottled(await guessPasswords(t, 60, { remoteAddress: nextClient(), forwardedFor: (i) => `203.0.113.${i}` }));
    });
  });

  describe('TRUST_PROXY unset', () => {
    it('ignores X-Forwarded-For altogether', async () => {
      const t = await build();
      expectThrottled(await guessPasswords(t, 60, { remoteAddress: nextClient(), forwardedFor: (i) => `203.0.113.${i}, 10.0.0.1` }));
    });
  });
});

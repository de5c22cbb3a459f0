import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkedAddresses,
  createGuardedAgents,
  inwardRange,
  RefusedAddressError,
  type ResolvedAddress,
} from './address-guard.mjs';
import { createGuardedFetch, isAddressRefused, namesLoopback } from './guarded-fetch.js';

/** DNS without a network: the names the probes used, and a public one. */
const NAMES: Record<string, string[]> = {
  vm: ['127.0.0.1'],
  'localhost.': ['127.0.0.1', '::1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  '10.0.0.1.sslip.io': ['10.0.0.1'],
  'metadata.google.internal': ['169.254.169.254'],
  'instance-data.ec2.internal': ['fd00:ec2::254'],
  // Half public, half inward: one inward address is enough to refuse the name.
  'rebind.example.com': ['93.184.216.34', '192.168.1.1'],
  'fcm.googleapis.com': ['142.250.78.10', '2800:3f0:4005:40b::200a'],
  'stand-in.test': ['127.0.0.1'],
};
let lookups = 0;
async function resolve(hostname: string): Promise<ResolvedAddress[]> {
  lookups++;
  const found = NAMES[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
}

/** The host an endpoint URL connects to, as the WHATWG URL parser (and so every client) reads it. */
const hostOf = (url: string) => new URL(url).hostname;

describe('the address guard', () => {
  // [endpoint, the range it is refused for]
  const refused: [string, string][] = [
    ['https://127.0.0.1/x', 'loopback'],
    ['https://127.255.255.254/x', 'loopback'],
    ['https://2130706433/x', 'loopback'], // decimal
    ['https://0x7f000001/x', 'loopback'], // hex
    ['https://0x7f.0.0.1/x', 'loopback'],
    ['https://0177.0.0.1/x', 'loopback'], // octal
    ['https://127.1/x', 'loopback'], // short form
    ['https://127.0.0.1./x', 'loopback'], // trailing dot
    ['https://[::1]/x', 'loopback'],
    ['https://[::ffff:127.0.0.1]/x', 'loopback'], // IPv4-mapped
    ['https://[::ffff:7f00:1]/x', 'loopback'],
    ['https://[0:0:0:0:0:ffff:10.0.0.1]/x', 'private'],
    ['https://[64:ff9b::10.0.0.1]/x', 'private'], // NAT64 to a private address
    ['https://[64:ff9b::169.254.169.254]/x', 'linkLocal'],
    ['https://vm:4801/x', 'loopback'], // hosts file
    ['https://localhost.:4801/x', 'loopback'],
    ['https://localhost%2e:4801/x', 'loopback'],
    ['https://127.0.0.1.nip.io/x', 'loopback'],
    ['https://10.0.0.1.sslip.io/x', 'private'],
    ['https://metadata.google.internal/computeMetadata/v1/', 'linkLocal'],
    ['https://instance-data.ec2.internal/latest/meta-data/', 'uniqueLocal'],
    ['https://rebind.example.com/x', 'private'],
    ['https://10.1.2.3/x', 'private'],
    ['https://172.16.0.1/x', 'private'],
    ['https://172.31.255.254/x', 'private'],
    ['https://192.168.0.1/x', 'private'],
    ['https://169.254.169.254/latest/meta-data/', 'linkLocal'],
    ['https://[fe80::1]/x', 'linkLocal'],
    ['https://100.64.0.1/', 'carrierGradeNat'],
    ['https://100.127.255.254/', 'carrierGradeNat'],
    ['https://224.0.0.1/', 'multicast'],
    ['https://239.255.255.250/', 'multicast'],
    ['https://[ff02::1]/', 'multicast'],
    ['https://0.0.0.0/', 'unspecified'],
    ['https://0/', 'unspecified'],
    ['https://[::]/', 'unspecified'],
    ['https://255.255.255.255/', 'broadcast'],
    ['https://192.0.2.2:4801/x', 'reserved'], // TEST-NET-1
    ['https://192.0.0.8/', 'reserved'],
    ['https://198.18.0.1/', 'reserved'],
    ['https://198.51.100.7/', 'reserved'],
    ['https://203.0.113.9/', 'reserved'],
    ['https://240.0.0.1/', 'reserved'],
    ['https://[fc00::1]/', 'uniqueLocal'],
    ['https://[fd00::2]/', 'uniqueLocal'],
    ['https://[2001:db8::1]/', 'reserved'],
    ['https://[2002:7f00:1::1]/', '6to4'],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'teredo'],
    ['https://[::7f00:1]/', 'reserved'], // IPv4-compatible (deprecated)
    ['https://[fec0::1]/', 'deprecatedSiteLocal'],
  ];
  it.each(refused)('refuses %s (%s)', async (url, range) => {
    const err = await checkedAddresses(hostOf(url), { resolve }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RefusedAddressError);
    expect(err).toMatchObject({ code: 'ERR_ADDRESS_REFUSED', range });
  });

  it.each([
    ['https://fcm.googleapis.com/fcm/send/x', '142.250.78.10'],
    ['https://8.8.8.8/x', '8.8.8.8'],
    ['https://[2606:4700:4700::1111]/x', '2606:4700:4700::1111'],
    ['https://[64:ff9b::8.8.8.8]/x', '64:ff9b::808:808'], // NAT64 to a public address (DNS64 networks)
    ['https://[::ffff:8.8.8.8]/x', '::ffff:808:808'],
  ])('lets %s through', async (url, address) => {
    const addresses = await checkedAddresses(hostOf(url), { resolve });
    expect(addresses[0]?.address).toBe(address);
  });

  it('lets loopback through when asked, and nothing else inward', async () => {
    const policy = { allowLoopback: true, resolve };
    for (const url of [
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://vm:4801/x',
      'https://2130706433/',
      'https://[::ffff:127.0.0.1]/',
    ]) {
      await expect(checkedAddresses(hostOf(url), policy)).resolves.toBeTruthy();
    }
    for (const url of [
      'https://192.0.2.2:4801/x',
      'https://10.0.0.1/',
      'https://metadata.google.internal/',
      'https://100.64.0.1/',
      'https://[fd00::2]/',
      'https://0.0.0.0/',
    ]) {
      await expect(checkedAddresses(hostOf(url), policy)).rejects.toBeInstanceOf(RefusedAddressError);
    }
  });

  it('classifies addresses as ipaddr.js names the ranges, public ones as null', () => {
    expect(inwardRange('142.250.78.10')).toBeNull();
    expect(inwardRange('::ffff:10.0.0.1')).toBe('private');
    expect(inwardRange('64:ff9b:1::1')).toBe('rfc6052');
    expect(inwardRange('not-an-address')).toBe('invalid');
  });

  it('tells a configured loopback URL (a stand-in) from any other', () => {
    expect(namesLoopback('http://127.0.0.1:4010')).toBe(true);
    expect(namesLoopback('http://localhost:4010')).toBe(true);
    expect(namesLoopback('http://[::1]:4010')).toBe(true);
    expect(namesLoopback('https://api.twilio.com')).toBe(false);
    expect(namesLoopback('https://10.0.0.1')).toBe(false);
  });
});

describe('connections through the guard', () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/redirect') res.writeHead(302, { location: `http://10.0.0.1:${port}/` }).end();
      else res.end('ok');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = (url: string, agent: ReturnType<typeof createGuardedAgents>['http:']) =>
    new Promise<{ status?: number; code?: string }>((done) => {
      const req = request(new URL(url), { agent }, (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode }));
      });
      req.on('error', (err: Error & { code?: string }) => done({ code: err.code }));
      req.end();
    });

  it('never opens a socket to a refused address (http agents)', async () => {
    const agents = createGuardedAgents({ resolve });
    const before = connections;
    for (const host of [
      '127.0.0.1',
      'stand-in.test',
      'vm',
      '[::ffff:127.0.0.1]',
      '2130706433',
      '0x7f000001',
      '127.1',
    ]) {
      expect(await get(`http://${host}:${port}/`, agents['http:'])).toEqual({ code: 'ERR_ADDRESS_REFUSED' });
    }
    expect(connections).toBe(before);
    agents['http:'].destroy();
  });

  it('connects to the address it checked, resolving the name once (no second lookup to rebind)', async () => {
    const agents = createGuardedAgents({ allowLoopback: true, resolve });
    const [before, lookupsBefore] = [connections, lookups];
    // `stand-in.test` exists only in this test's resolver: the socket used its checked answer.
    expect(await get(`http://stand-in.test:${port}/`, agents['http:'])).toEqual({ status: 200 });
    expect(connections - before).toBe(1);
    expect(lookups - lookupsBefore).toBe(1);
    agents['http:'].destroy();
  });

  it('refuses through fetch too, redirects included', async () => {
    const guardedFetch = createGuardedFetch({ resolve });
    const before = connections;
    for (const host of ['127.0.0.1', 'stand-in.test', '[::1]', '2130706433']) {
      const err = await guardedFetch(`http://${host}:${port}/`).catch((e: unknown) => e);
      expect(isAddressRefused(err)).toBe(true);
    }
    expect(connections).toBe(before);

    const loopbackOnly = createGuardedFetch({ allowLoopback: true, resolve });
    expect((await loopbackOnly(`http://stand-in.test:${port}/`)).status).toBe(200);
    const redirected = await loopbackOnly(`http://127.0.0.1:${port}/redirect`).catch((e: unknown) => e);
    expect(isAddressRefused(redirected)).toBe(true);
  });
});

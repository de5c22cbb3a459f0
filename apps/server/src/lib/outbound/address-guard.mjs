// The one gate for outbound connections to an address a user or an integration supplies (Web
// Push endpoints, the FCM, Twilio and OpenID Connect endpoints): a name is resolved here, every
// address it has must be public unicast, and the socket then connects to one of those checked
// addresses. Nothing resolves the name a second time, so a name that answers a public address
// to the check and 127.0.0.1 to the connection (DNS rebinding) cannot slip through.
//
// Plain JavaScript on purpose: the Web Push send threads (web-push-thread.mjs) start without
// the TypeScript loader and use it too. Types: address-guard.d.mts.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Node's error code for a connection this guard refused. */
export const ADDRESS_REFUSED = 'ERR_ADDRESS_REFUSED';

/** A name or address that leads inward (loopback, private, link-local, reserved...). */
export class RefusedAddressError extends Error {
  /**
   * @param {string} hostname
   * @param {string} address
   * @param {string} range
   */
  constructor(hostname, address, range) {
    super(
      hostname === address
        ? `${address} is not a public address (${range})`
        : `${hostname} resolves to ${address}, not a public address (${range})`,
    );
    this.name = 'RefusedAddressError';
    this.code = ADDRESS_REFUSED;
    this.hostname = hostname;
    this.address = address;
    this.range = range;
  }
}

/** NAT64 well-known prefix (RFC 6052): the last 32 bits are the IPv4 address it reaches. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
/** IANA's global unicast IPv6 space; everything outside it is reserved, local or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * The range an IP address belongs to when it is not a public unicast one ('loopback',
 * 'private', 'linkLocal', 'carrierGradeNat', 'multicast', 'reserved', 'uniqueLocal',
 * '6to4', 'teredo'... as ipaddr.js names them), or null for a public address. IPv6 forms that
 * carry an IPv4 address (IPv4-mapped, RFC 6145 translated, NAT64) are judged by that address.
 * @param {string} address
 * @returns {string | null}
 */
export function inwardRange(address) {
  if (!net.isIP(address)) return 'invalid';
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') {
    const range = ip.range();
    return range === 'unicast' ? null : range;
  }
  const v6 = /** @type {ipaddr.IPv6} */ (ip);
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || (range === 'rfc6052' && v6.match(NAT64))) {
    const [high = 0, low = 0] = v6.parts.slice(6);
    return inwardRange(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  if (range !== 'unicast') return range;
  return v6.match(GLOBAL_UNICAST_V6) ? null : 'reserved';
}

/** @param {string} hostname */
function unbracketed(hostname) {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * @param {string} hostname
 * @param {string} address
 * @param {{ allowLoopback?: boolean }} policy
 * @returns {RefusedAddressError | null}
 */
function refusal(hostname, address, policy) {
  const range = inwardRange(address);
  if (range === null || (range === 'loopback' && policy.allowLoopback)) return null;
  return new RefusedAddressError(hostname, address, range);
}

/**
 * Every address of a name, as dns.lookup answers it (the hosts file, then DNS).
 * @param {string} hostname
 * @returns {Promise<{ address: string, family: number }[]>}
 */
export async function systemResolve(hostname) {
  return dns.promises.lookup(hostname, { all: true });
}

/**
 * Resolves a host (a name, or an IP literal, bracketed or not) and checks every address it
 * has: resolves to them when all are public, rejects with RefusedAddressError when one is not.
 * @param {string} hostname
 * @param {{ allowLoopback?: boolean, resolve?: (hostname: string) => Promise<{ address: string, family: number }[]> }} [policy]
 * @returns {Promise<{ address: string, family: number }[]>}
 */
export async function checkedAddresses(hostname, policy = {}) {
  const host = unbracketed(hostname);
  const literal = net.isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await (policy.resolve ?? systemResolve)(host);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
  for (const { address } of addresses) {
    const refused = refusal(host, address, policy);
    if (refused) throw refused;
  }
  return addresses;
}

/**
 * A `lookup` for net.connect / tls.connect (and so for http agents and undici): it answers
 * only with addresses checkedAddresses let through, so the socket connects to what was checked.
 * @param {{ allowLoopback?: boolean, resolve?: (hostname: string) => Promise<{ address: string, family: number }[]> }} [policy]
 */
export function guardedLookup(policy = {}) {
  /**
   * @param {string} hostname
   * @param {{ family?: number | string, all?: boolean } | ((err: Error | null, address?: unknown, family?: number) => void)} options
   * @param {(err: Error | null, address?: unknown, family?: number) => void} [callback]
   */
  return function lookup(hostname, options, callback) {
    const done = typeof options === 'function' ? options : /** @type {NonNullable<typeof callback>} */ (callback);
    const opts = typeof options === 'function' ? {} : (options ?? {});
    checkedAddresses(hostname, policy).then(
      (all) => {
        const family = opts.family === 'IPv4' ? 4 : opts.family === 'IPv6' ? 6 : opts.family;
        const wanted = family === 4 || family === 6 ? all.filter((a) => a.family === family) : all;
        const first = wanted[0];
        if (!first) {
          done(Object.assign(new Error(`${hostname} has no IPv${String(family)} address`), { code: 'ENOTFOUND' }));
        } else if (opts.all) {
          done(null, wanted);
        } else {
          done(null, first.address, first.family);
        }
      },
      (err) => done(err),
    );
  };
}

/**
 * The refusal for a host that is an IP literal (net.connect does not call `lookup` for those),
 * or null: a name is checked by guardedLookup when the socket resolves it.
 * @param {string} host
 * @param {{ allowLoopback?: boolean }} policy
 * @returns {RefusedAddressError | null}
 */
export function literalRefusal(host, policy) {
  const bare = unbracketed(host);
  return net.isIP(bare) ? refusal(bare, bare, policy) : null;
}

/**
 * An http and an https agent whose every connection goes through the guard.
 * @param {{ allowLoopback?: boolean, resolve?: (hostname: string) => Promise<{ address: string, family: number }[]> }} policy
 * @param {http.AgentOptions} [options]
 * @returns {{ 'http:': http.Agent, 'https:': https.Agent }}
 */
export function createGuardedAgents(policy, options = {}) {
  const lookup = guardedLookup(policy);
  /**
   * @template {http.Agent} A
   * @param {A} agent
   * @returns {A}
   */
  const guard = (agent) => {
    const connect = agent.createConnection.bind(agent);
    /** @type {any} */ (agent).createConnection = (/** @type {any} */ connectOptions, /** @type {any} */ callback) => {
      const refused = literalRefusal(String(connectOptions.host ?? 'localhost'), policy);
      if (refused) {
        // The agent hands the error to the request ('error' event) on the next tick.
        callback(refused);
        return undefined;
      }
      return connect(connectOptions, callback);
    };
    return agent;
  };
  return {
    'http:': guard(new http.Agent({ ...options, lookup })),
    'https:': guard(new https.Agent({ ...options, lookup })),
  };
}

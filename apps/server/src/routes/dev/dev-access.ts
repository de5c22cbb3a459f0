import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (plain === '::1' || plain === '0:0:0:0:0:0:0:1') return true;
  const v4 = plain.startsWith('::ffff:') ? plain.slice('::ffff:'.length) : plain;
  return /^127(\.\d{1,3}){3}$/.test(v4);
}

/** Every client address a proxy may have named: X-Forwarded-For, X-Real-IP and Forwarded's `for=`. */
function forwardedAddresses(request: FastifyRequest): string[] {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : (value ?? '');
  };
  const addresses = [...header('x-forwarded-for').split(','), ...header('x-real-ip').split(',')];
  for (const match of header('forwarded').matchAll(/for="?([^";,]*)"?/gi)) addresses.push(match[1] ?? '');
  // `Forwarded: for="[::1]:8080"` and `for=127.0.0.1:8080` carry a port.
  return addresses
    .map((a) => a.trim())
    .filter(Boolean)
    .map((a) => (a.startsWith('[') ? a.slice(1, a.indexOf(']')) : /^[\d.]+:\d+$/.test(a) ? a.split(':')[0]! : a));
}

/**
 * True when the request comes from this machine itself. The TCP peer must be loopback and so
 * must every address a proxy forwarded: behind a reverse proxy on the same host the peer is
 * always 127.0.0.1, and with a TRUST_PROXY hop count Fastify's `request.ip` is whatever a client
 * connecting directly wrote in X-Forwarded-For. Neither alone can be trusted here. The rule
 * holds whatever TRUST_PROXY says, and is never looser than it: `request.ip` is always one of
 * these addresses.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  return forwardedAddresses(request).every(isLoopbackAddress);
}

/**
 * Who may use the development helpers (the e-mail and SMS outboxes hold reset links and
 * verification codes; the follow-up sweep sends e-mails): a signed-in staff account, or, in
 * demo mode only, someone on this machine.
 */
export function mayUseDevRoutes(request: FastifyRequest, config: Pick<Config, 'demo'>): boolean {
  if (request.user?.is_admin) return true;
  return config.demo && isLoopbackRequest(request);
}

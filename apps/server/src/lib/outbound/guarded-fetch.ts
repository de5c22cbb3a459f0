import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { ADDRESS_REFUSED, guardedLookup, literalRefusal, type OutboundPolicy } from './address-guard.mjs';

/**
 * A `fetch` whose connections go through the address guard (address-guard.mjs): the name is
 * resolved once, every address must be public (loopback too with `allowLoopback`), and the
 * socket connects to a checked address. Redirects go through the same guard. Built on undici,
 * the library behind Node's own fetch, whose connector takes the guarded `lookup`.
 */
export function createGuardedFetch(policy: OutboundPolicy): typeof fetch {
  const connectChecked = buildConnector({ lookup: guardedLookup(policy) });
  const dispatcher = new Agent({
    connect: (options, callback) => {
      // An IP literal never reaches `lookup`: it is judged here.
      const refused = literalRefusal(options.hostname, policy);
      if (refused) callback(refused, null);
      else connectChecked(options, callback);
    },
  });
  const guarded = (input: string | URL, init?: RequestInit) =>
    undiciFetch(input, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher });
  // Callers pass a URL or a string (never a Request) and read the answer as a standard Response.
  return guarded as unknown as typeof fetch;
}

/** Whether a fetch failed because the guard refused the address (undici wraps it: `TypeError('fetch failed')`). */
export function isAddressRefused(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === ADDRESS_REFUSED) return true;
  }
  return false;
}

/** Whether a configured URL names loopback itself (a local stand-in), so its guard lets loopback through. */
export function namesLoopback(url: string): boolean {
  const hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return hostname === 'localhost' || literalRefusal(hostname, {})?.range === 'loopback';
}

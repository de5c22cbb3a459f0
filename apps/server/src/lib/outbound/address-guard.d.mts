import type { Agent as HttpAgent, AgentOptions } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';

export type ResolvedAddress = { address: string; family: number };

export type OutboundPolicy = {
  /** Let loopback addresses through (the local stand-ins of tests); every other inward range stays refused. */
  allowLoopback?: boolean;
  /** Name resolution; dns.lookup (hosts file, then DNS) unless a test answers without a network. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
};

export declare const ADDRESS_REFUSED: 'ERR_ADDRESS_REFUSED';

export declare class RefusedAddressError extends Error {
  constructor(hostname: string, address: string, range: string);
  readonly code: typeof ADDRESS_REFUSED;
  readonly hostname: string;
  readonly address: string;
  readonly range: string;
}

export declare function inwardRange(address: string): string | null;
export declare function systemResolve(hostname: string): Promise<ResolvedAddress[]>;
export declare function checkedAddresses(hostname: string, policy?: OutboundPolicy): Promise<ResolvedAddress[]>;
export declare function guardedLookup(policy?: OutboundPolicy): LookupFunction;
export declare function literalRefusal(host: string, policy: OutboundPolicy): RefusedAddressError | null;
export declare function createGuardedAgents(
  policy: OutboundPolicy,
  options?: AgentOptions,
): { 'http:': HttpAgent; 'https:': HttpsAgent };

import { createServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { inwardRange } from '../src/lib/outbound/address-guard.mjs';

/**
 * A TCP listener on every interface that counts the connections it gets, to prove that the
 * outbound guard refused an address before any socket opened (nothing is ever answered).
 */
export type InwardListener = { port: number; connections(): number; close(): Promise<void> };

export async function startInwardListener(): Promise<InwardListener> {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  // Dual stack where there is IPv6, else every IPv4 interface.
  await new Promise<void>((resolve) => {
    server.once('error', () => server.listen(0, '0.0.0.0', resolve));
    server.listen(0, '::', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * This machine's own addresses off loopback that the guard refuses (private, reserved,
 * unique-local...), as URL hosts; link-local ones need a zone and are left out.
 */
export function ownInwardHosts(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((i) => !i.internal && inwardRange(i.address) !== null && inwardRange(i.address) !== 'linkLocal')
    .map((i) => (i.family === 'IPv6' ? `[${i.address}]` : i.address));
}

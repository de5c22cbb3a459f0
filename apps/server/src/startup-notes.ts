import { DEMO_PASSWORD } from '@puntoverde/contract';
import type { Config } from './config.js';
import { DEMO_USERS } from './features/identity/identity.seed.js';

const DEMO_ACCOUNT_KINDS: Record<keyof typeof DEMO_USERS, string> = {
  manager: 'point manager (Responsable del punto)',
  household: 'household (Hogar)',
  company: 'company head (Empresa)',
  branch: 'branch of the demo company (Sucursal)',
  admin: 'staff (back office at /admin)',
};

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * What `npm start` prints once it listens in demo mode: where the local outbox is (readable
 * from this machine only, or by staff) and the demo accounts. Nothing outside demo mode.
 */
export function startupNotes(
  config: Pick<Config, 'demo' | 'publicUrl'>,
  options: { port: number; outbox: boolean },
): string[] {
  if (!config.demo) return [];
  const local = isLoopbackUrl(config.publicUrl) ? config.publicUrl : `http://localhost:${options.port}`;
  const width = Math.max(...Object.values(DEMO_USERS).map((e) => e.length));
  return [
    `PuntoVerde demo mode: ${config.publicUrl}`,
    ...(options.outbox
      ? [`  Local outbox (e-mails and SMS): ${local}/dev/outbox — from this machine only, or as staff`]
      : []),
    `  Demo accounts (password ${DEMO_PASSWORD}):`,
    ...(Object.keys(DEMO_USERS) as (keyof typeof DEMO_USERS)[]).map(
      (key) => `    ${DEMO_USERS[key].padEnd(width)}  ${DEMO_ACCOUNT_KINDS[key]}`,
    ),
  ];
}

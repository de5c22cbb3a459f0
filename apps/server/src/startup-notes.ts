import path from 'node:path';
import { DEMO_PASSWORD } from '@puntoverde/contract';
import type { Config } from './config.js';
import { DEMO_USERS } from './features/identity/identity.seed.js';

const DEMO_ACCOUNT_KINDS: Record<keyof typeof DEMO_USERS, string> = {
  manager: 'point manager (Responsable del punto)',
  household: 'household (Hogar)',
  company: 'company head (Empresa)',
  branch: 'branch of the demo company (Sucursal)',
  admin: 'staff (back office at /admin)',
  ally: 'ally counter staff (Recompensas)',
  recycler: 'recicladora of the demo organisation (Mis pesajes)',
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

/** `host:port/path` of a URL, without its user and password (they never reach a log). */
function withoutCredentials(url: string): string {
  const u = new URL(url);
  return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
}

export type StartFacts = {
  version: string;
  /** Where the server listens (`127.0.0.1:3000`). */
  address: string;
  migrations: { total: number; appliedNow: number; latest: string | null };
  mailTransport: 'smtp' | 'outbox';
};

/**
 * The operator's summary once the server listens, one log line each: version, database and
 * migration state, storage, mail, Redis, demo mode and the public URL. No secret: URLs lose
 * their user and password.
 */
export function startupSummary(
  config: Pick<
    Config,
    | 'publicUrl'
    | 'databaseUrl'
    | 'sqliteFile'
    | 'dataDir'
    | 's3'
    | 'smtpUrl'
    | 'mailFrom'
    | 'redisUrl'
    | 'redisPrefix'
    | 'demo'
    | 'env'
  >,
  facts: StartFacts,
): Array<{ level: 'info' | 'warn'; msg: string }> {
  const { migrations } = facts;
  const database = config.databaseUrl
    ? `PostgreSQL ${withoutCredentials(config.databaseUrl)}`
    : `SQLite ${config.sqliteFile}`;
  const storage = config.s3
    ? `S3 bucket ${config.s3.bucket}${config.s3.prefix ? `, prefix ${config.s3.prefix}/` : ''} at ${config.s3.endpoint ?? `AWS ${config.s3.region}`}`
    : `disk ${path.join(config.dataDir, 'files')}`;
  const mail =
    facts.mailTransport === 'smtp' && config.smtpUrl
      ? `SMTP ${withoutCredentials(config.smtpUrl)}, from ${config.mailFrom}`
      : `outbox, no e-mail is sent: each one is kept in ${path.join(config.dataDir, 'outbox')} (files 0600), staff read them at ${config.publicUrl}/dev/outbox`;
  const redis = config.redisUrl
    ? `${withoutCredentials(config.redisUrl)}, prefix ${config.redisPrefix}`
    : 'none (rate limits and live events in this process only)';
  // An outbox is a choice in production (MAIL_TRANSPORT=outbox), still worth a warning.
  const mailLevel = facts.mailTransport === 'outbox' && config.env === 'production' && !config.demo ? 'warn' : 'info';
  return [
    {
      level: 'info',
      msg: `PuntoVerde ${facts.version} (${config.env}, Node ${process.version}) listening on ${facts.address}, public URL ${config.publicUrl}`,
    },
    {
      level: 'info',
      msg: `database: ${database}; ${migrations.total} migrations, ${migrations.appliedNow} applied at this start, latest ${migrations.latest ?? 'none'}`,
    },
    { level: 'info', msg: `storage: ${storage}` },
    { level: mailLevel, msg: `mail: ${mail}` },
    { level: 'info', msg: `redis: ${redis}` },
    { level: 'info', msg: `demo: ${config.demo ? 'on (demo content and accounts)' : 'off'}` },
  ];
}

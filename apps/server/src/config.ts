import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed once. Nothing else reads process.env.
 * Each one is documented in the README's configuration table.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL (unset = SQLite in DATA_DIR)')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL').optional(),
  /** Put before every Redis key and channel the app writes; see redisPrefixOf below. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,100}$/, 'REDIS_PREFIX must be 1 to 100 characters: letters, digits, ":", ".", "_" and "-"')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET must have at least 32 characters').optional(),
  CORS_ORIGINS: z.string().optional(),
  TILE_URL: z.url().or(z.string().startsWith('/')).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  WEB_DIST_DIR: z.string().optional(),
  DEMO: booleanFromEnv.optional(),
  /** How many proxies stand in front of the server, or their addresses; see parseTrustProxy below. */
  TRUST_PROXY: z.string().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be smtp:// or smtps://').optional(),
  /** Where e-mail goes: SMTP (needs SMTP_URL) or the local outbox; see parseMail below. */
  MAIL_TRANSPORT: z.enum(['smtp', 'outbox'], { error: 'MAIL_TRANSPORT must be smtp or outbox' }).optional(),
  MAIL_FROM: z.string().min(3).default('PuntoVerde <no-responder@puntoverde.co>'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(2000),
  RATE_LIMIT_IP_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /** Bearer token Prometheus sends to GET /back/api/metrics; unset = no metrics (404). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  /** Social sign-in providers, comma separated (`google,apple`); each reads OIDC_<ID>_* below. */
  OIDC_PROVIDERS: z.string().optional(),
  /** Uploaded files in an S3-compatible bucket instead of DATA_DIR/files; see parseS3 below. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3 to 63 characters: a-z, 0-9, "." and "-")')
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,40}$/, 'S3_REGION must be a region name such as us-east-1 (or auto)').default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  S3_PREFIX: z.string().optional(),
  /** SMS (phone verification codes): the local outbox, or Twilio's Messages API; see parseSms below. */
  SMS_PROVIDER: z.enum(['outbox', 'twilio'], { error: 'SMS_PROVIDER must be outbox or twilio' }).default('outbox'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID must be AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'TWILIO_AUTH_TOKEN looks too short').optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      'TWILIO_FROM must be an E.164 number (+1...) or a Messaging Service SID (MG...)',
    )
    .optional(),
  TWILIO_API_URL: z
    .url({ protocol: /^https?$/, error: 'TWILIO_API_URL must be an http:// or https:// URL' })
    .optional(),
  /** Web Push VAPID keys (base64url, as `web-push generate-vapid-keys` prints); unset = generated into DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// URL').optional(),
  /** Run the notification delivery worker in this process (push, e-mail, broadcasts, reminders). */
  NOTIFICATION_WORKER: booleanFromEnv.optional(),
  /** Accept Web Push endpoints on loopback over plain http (a local push service stand-in: tests, benchmarks). */
  PUSH_ALLOW_LOOPBACK: booleanFromEnv.default(false),
  NOTIFICATION_POLL_MS: z.coerce.number().int().min(50).max(60000).default(1000),
  /** Let webhook endpoints be on loopback, over plain http too (a local receiver: tests); other inward addresses stay refused. */
  WEBHOOK_ALLOW_LOOPBACK: booleanFromEnv.default(false),
  /** How long one webhook send waits for the endpoint's answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(60000).default(10000),
  /** Pushes one worker starts per second at most (0 = no limit): headroom for the API on small machines. */
  PUSH_MAX_PER_SECOND: z.coerce.number().int().min(0).max(100000).default(600),
  /** FCM HTTP v1: the service account JSON (inline or a file path); unset = no FCM sends. */
  FCM_SERVICE_ACCOUNT: z.string().optional(),
  /** Overrides for a local stand-in (tests): the v1 API base and the OAuth token endpoint. */
  FCM_API_URL: z.url().optional(),
  FCM_TOKEN_URL: z.url().optional(),
  /** The Android/iOS apps' id (Capacitor `appId`), for App Links and Universal Links. */
  NATIVE_APP_ID: z
    .string()
    .regex(/^[a-zA-Z][\w]*(\.[a-zA-Z][\w]*)+$/, 'NATIVE_APP_ID must be a reverse-domain id like co.puntoverde.app')
    .default('co.puntoverde.app'),
  /** SHA-256 fingerprints of the Android signing certificates (AA:BB:…, comma separated); unset = no assetlinks.json. */
  ANDROID_CERT_SHA256: z
    .string()
    .regex(
      /^([0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31})(\s*,\s*[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31})*$/,
      'ANDROID_CERT_SHA256 must be SHA-256 fingerprints like AB:CD:… (32 pairs), comma separated',
    )
    .optional(),
  /** The Apple developer Team ID (10 characters); unset = no apple-app-site-association. */
  IOS_TEAM_ID: z.string().regex(/^[A-Z0-9]{10}$/, 'IOS_TEAM_ID must be the 10-character Apple Team ID').optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** SQLite file used when databaseUrl is unset; ':memory:' in tests. */
  sqliteFile: string;
  redisUrl: string | undefined;
  /**
   * Before every Redis key and pub/sub channel the app writes (rate limits, live updates): two
   * deployments on one Redis with different prefixes never see each other's counts or events.
   */
  redisPrefix: string;
  publicUrl: string;
  logLevel: string;
  tokenSecret: string;
  corsOrigins: string[];
  tileUrl: string;
  webDistDir: string;
  demo: boolean;
  /** Which proxies' X-Forwarded-For names the client: none, the nearest N hops, or those addresses. */
  trustProxy: TrustProxy;
  shutdownTimeoutMs: number;
  /** After SIGTERM: how long the server keeps serving (health 503) before it stops accepting. */
  shutdownDrainMs: number;
  smtpUrl: string | undefined;
  /** Where e-mail goes: `smtp` (SMTP_URL) or `outbox` (files in DATA_DIR/outbox). */
  mailTransport: 'smtp' | 'outbox';
  /**
   * MAIL_TRANSPORT=outbox was set: the outbox is the operator's choice, not a missing SMTP_URL.
   * A production server without demo data starts on the outbox only then (startup-checks.ts).
   */
  mailOutboxOnPurpose: boolean;
  /** Multiplies the per-IP budgets (sign-up, login...): many users behind one NAT, or e2e runs on loopback. */
  ipRateLimitFactor: number;
  mailFrom: string;
  /** Token of GET /back/api/metrics; undefined = metrics off (the route answers 404). */
  metricsToken: string | undefined;
  /** Social sign-in (OpenID Connect) providers, in button order. */
  oidcProviders: OidcProviderConfig[];
  /** Where uploaded files live: an S3-compatible bucket, or undefined for DATA_DIR/files. */
  s3: S3Config | undefined;
  /** Where SMS (phone verification codes) go. */
  sms: SmsConfig;
  /** Web Push VAPID keys: VAPID_* or generated into DATA_DIR/vapid.json on first start. */
  vapid: VapidConfig;
  /** Whether this process runs the notification delivery worker. */
  notificationWorker: boolean;
  notificationPollMs: number;
  /** Pushes the worker starts per second at most; 0 = as fast as the senders go. */
  pushMaxPerSecond: number;
  /** Web Push endpoints on loopback over http are accepted (local stand-in only). */
  pushAllowLoopback: boolean;
  /** FCM HTTP v1 sender, when FCM_SERVICE_ACCOUNT is set. */
  fcm: FcmConfig | undefined;
  /** Webhook endpoints on loopback (over http too) are accepted and reached (a local receiver only). */
  webhookAllowLoopback: boolean;
  webhookTimeoutMs: number;
  /** Deep links into the Android/iOS apps: what /.well-known/ answers. */
  appLinks: AppLinksConfig;
};

/**
 * false: X-Forwarded-For is ignored. A number: that many proxies stand in front of the server and
 * the client is the address the farthest of them saw. A list of addresses and CIDR ranges: hops
 * from those addresses are skipped, right to left, and the first other one is the client.
 */
export type TrustProxy = false | number | string[];

export type AppLinksConfig = {
  appId: string;
  /** Upper-case SHA-256 fingerprints; empty = Android App Links not verifiable (404). */
  androidCertSha256: string[];
  /** Empty = iOS Universal Links not configured (404). */
  iosTeamId: string;
};

export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

export type FcmConfig = {
  projectId: string;
  clientEmail: string;
  /** PEM (PKCS#8) of the service account. */
  privateKey: string;
  /** `https://fcm.googleapis.com/v1` unless a stand-in is configured. */
  apiUrl: string;
  /** `https://oauth2.googleapis.com/token` (or the service account's token_uri). */
  tokenUrl: string;
};

/** SMS delivery: the local outbox in DATA_DIR (default), or Twilio's Programmable Messaging REST API. */
export type SmsConfig =
  | { provider: 'outbox' }
  | {
      provider: 'twilio';
      accountSid: string;
      authToken: string;
      /** Sender: an E.164 number of the account, or a Messaging Service SID (MG...). */
      from: string;
      /** https://api.twilio.com, or a stand-in (plain http only on loopback). */
      apiUrl: string;
    };

/** An S3-compatible bucket for uploaded files (S3_*). Served through the app, so it need not be public. */
export type S3Config = {
  bucket: string;
  region: string;
  /** Undefined = AWS S3 itself; otherwise MinIO, Cloudflare R2, DigitalOcean Spaces... */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most S3-compatible services want it). */
  forcePathStyle: boolean;
  /** Prepended to every object key, without slashes at either end ('' = none). */
  prefix: string;
};

/** One OpenID Connect provider for social sign-in (OIDC_PROVIDERS + OIDC_<ID>_*). */
export type OidcProviderConfig = {
  /** Path and env id: `google`, `apple`, or any other (`keycloak`). */
  id: string;
  /** Button text "Continuar con {label}". */
  label: string;
  /** Issuer identifier; metadata comes from its /.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  /** Absent = public client (PKCE only, no client authentication). Apple: the signed client-secret JWT. */
  clientSecret: string | undefined;
  scopes: string;
  /** Apple answers by POSTing the form (form_post) when name/e-mail are requested. */
  responseMode: 'query' | 'form_post';
  /**
   * The `prompt` sent when the user signed out of the social session (the web app starts the
   * next sign-in with `reauth=1`), so the provider asks again instead of signing in silently.
   * Null: the provider has no such prompt (Apple always asks).
   */
  reauthPrompt: 'login' | 'select_account' | null;
  /** Plain-http issuer on a loopback address: only the local stand-in of tests and development. */
  allowInsecureRequests: boolean;
};

/** Known providers' defaults; any other id needs OIDC_<ID>_ISSUER. */
type OidcDefaults = Pick<OidcProviderConfig, 'label' | 'issuer' | 'scopes' | 'responseMode' | 'reauthPrompt'>;
const OIDC_DEFAULTS: Record<string, OidcDefaults> = {
  google: {
    label: 'Google',
    issuer: 'https://accounts.google.com',
    scopes: 'openid email profile',
    responseMode: 'query',
    reauthPrompt: 'select_account',
  },
  apple: {
    label: 'Apple',
    issuer: 'https://appleid.apple.com',
    scopes: 'openid email name',
    responseMode: 'form_post',
    reauthPrompt: null,
  },
};

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Reads OIDC_PROVIDERS and, for each id, OIDC_<ID>_{ISSUER,CLIENT_ID,CLIENT_SECRET,LABEL,SCOPES,RESPONSE_MODE,REAUTH_PROMPT}. */
function parseOidcProviders(list: string | undefined, env: Record<string, string | undefined>): { providers: OidcProviderConfig[]; problems: string[] } {
  const providers: OidcProviderConfig[] = [];
  const problems: string[] = [];
  const ids = (list ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const id of new Set(ids)) {
    if (!/^[a-z][a-z0-9]{1,19}$/.test(id)) {
      problems.push(`  OIDC_PROVIDERS: "${id}" is not a valid provider id (a-z, 0-9, 2 to 20 characters)`);
      continue;
    }
    const key = (name: string) => `OIDC_${id.toUpperCase()}_${name}`;
    const defaults = OIDC_DEFAULTS[id];
    const issuer = env[key('ISSUER')] ?? defaults?.issuer;
    const clientId = env[key('CLIENT_ID')];
    if (!issuer) problems.push(`  ${key('ISSUER')}: required for provider "${id}"`);
    if (!clientId) problems.push(`  ${key('CLIENT_ID')}: required for provider "${id}"`);
    let url: URL | null = null;
    try {
      url = issuer ? new URL(issuer) : null;
    } catch {
      problems.push(`  ${key('ISSUER')}: not a URL`);
    }
    const insecure = url?.protocol === 'http:';
    if (url && url.protocol !== 'https:' && !(insecure && isLoopbackHost(url.hostname))) {
      problems.push(`  ${key('ISSUER')}: must be https:// (plain http only on a loopback address, for tests)`);
    }
    const responseMode = env[key('RESPONSE_MODE')] ?? defaults?.responseMode ?? 'query';
    if (responseMode !== 'query' && responseMode !== 'form_post') {
      problems.push(`  ${key('RESPONSE_MODE')}: use query or form_post`);
    }
    const reauth = env[key('REAUTH_PROMPT')] ?? (defaults ? (defaults.reauthPrompt ?? 'none') : 'login');
    if (reauth !== 'login' && reauth !== 'select_account' && reauth !== 'none') {
      problems.push(`  ${key('REAUTH_PROMPT')}: use login, select_account or none`);
    }
    if (!issuer || !clientId || !url) continue;
    providers.push({
      id,
      label: env[key('LABEL')] ?? defaults?.label ?? id.charAt(0).toUpperCase() + id.slice(1),
      issuer,
      clientId,
      clientSecret: env[key('CLIENT_SECRET')],
      scopes: env[key('SCOPES')] ?? defaults?.scopes ?? 'openid email profile',
      responseMode: responseMode === 'form_post' ? 'form_post' : 'query',
      reauthPrompt: reauth === 'login' || reauth === 'select_account' ? reauth : null,
      allowInsecureRequests: insecure,
    });
  }
  return { providers, problems };
}

const S3_VARIABLES = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'];
/** Slash-separated segments of the same characters as storage keys; no `.` or `..`. */
const S3_PREFIX_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/**
 * S3_BUCKET turns the S3 backend on, and then it needs its credentials; any other S3_* variable
 * without S3_BUCKET is a half-done setup. Both fail at start rather than at the first upload.
 */
function parseS3(e: z.infer<typeof ZEnv>, present: Record<string, string | undefined>): { s3: S3Config | undefined; problems: string[] } {
  const problems: string[] = [];
  if (!e.S3_BUCKET) {
    const stray = S3_VARIABLES.filter((name) => present[name] !== undefined);
    if (stray.length) problems.push(`  S3_BUCKET: required when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set`);
    return { s3: undefined, problems };
  }
  if (!e.S3_ACCESS_KEY_ID) problems.push('  S3_ACCESS_KEY_ID: required when S3_BUCKET is set');
  if (!e.S3_SECRET_ACCESS_KEY) problems.push('  S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set');
  const prefix = (e.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && (prefix.length > 100 || !S3_PREFIX_PATTERN.test(prefix) || prefix.split('/').some((s) => s === '.' || s === '..'))) {
    problems.push('  S3_PREFIX: use slash-separated names of letters, digits, ".", "_" and "-" (at most 100 characters)');
  }
  if (problems.length || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) return { s3: undefined, problems };
  return {
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
      prefix,
    },
    problems,
  };
}

/** MAIL_TRANSPORT=smtp needs SMTP_URL; MAIL_TRANSPORT=outbox beside an SMTP_URL is a contradiction. */
function parseMail(e: z.infer<typeof ZEnv>): { mailTransport: 'smtp' | 'outbox'; problems: string[] } {
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) {
    return { mailTransport: 'outbox', problems: ['  SMTP_URL: required when MAIL_TRANSPORT=smtp'] };
  }
  if (e.MAIL_TRANSPORT === 'outbox' && e.SMTP_URL) {
    return {
      mailTransport: 'outbox',
      problems: ['  MAIL_TRANSPORT: outbox keeps e-mail in DATA_DIR/outbox and never uses SMTP_URL; unset one of them'],
    };
  }
  return { mailTransport: e.SMTP_URL ? 'smtp' : 'outbox', problems: [] };
}

const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_API_URL'];

/** SMS_PROVIDER=twilio needs its three credentials; Twilio variables without it are a half-done setup. */
function parseSms(
  e: z.infer<typeof ZEnv>,
  present: Record<string, string | undefined>,
): { sms: SmsConfig; problems: string[] } {
  const problems: string[] = [];
  if (e.SMS_PROVIDER !== 'twilio') {
    const stray = TWILIO_VARIABLES.filter((name) => present[name] !== undefined);
    if (stray.length) problems.push(`  SMS_PROVIDER: set it to twilio to use ${stray.join(', ')}`);
    return { sms: { provider: 'outbox' }, problems };
  }
  for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
    if (!e[name]) problems.push(`  ${name}: required when SMS_PROVIDER=twilio`);
  }
  const apiUrl = (e.TWILIO_API_URL ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const url = new URL(apiUrl);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    problems.push('  TWILIO_API_URL: must be https:// (plain http only on a loopback address, for tests)');
  }
  if (problems.length || !e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM)
    return { sms: { provider: 'outbox' }, problems };
  return {
    sms: {
      provider: 'twilio',
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      from: e.TWILIO_FROM,
      apiUrl,
    },
    problems,
  };
}

/** proxy-addr's names for the loopback, link-local and private ranges. */
const TRUST_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(value: string): boolean {
  if (TRUST_PROXY_RANGES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the client address is read from the right of X-Forwarded-For, past the trusted
 * hops; the left-most entries are whatever the client wrote. `true` (trust every hop) would let
 * anyone pick the address the rate limits and sessions see, so it is refused.
 */
function parseTrustProxy(value: string | undefined): { trustProxy: TrustProxy; problems: string[] } {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'no') return { trustProxy: false, problems: [] };
  if (v === 'true' || v === 'yes') {
    return {
      trustProxy: false,
      problems: [
        '  TRUST_PROXY: true would trust any forged X-Forwarded-For; set the number of proxies in front of the server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8)',
      ],
    };
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 20) return { trustProxy: false, problems: ['  TRUST_PROXY: at most 20 proxies'] };
    return { trustProxy: hops === 0 ? false : hops, problems: [] };
  }
  const entries = v.split(',').map((s) => s.trim());
  const wrong = entries.filter((s) => !isAddressOrRange(s));
  if (wrong.length) {
    return {
      trustProxy: false,
      problems: [
        `  TRUST_PROXY: ${wrong.map((s) => `"${s}"`).join(', ')} is not an IP address or CIDR range; use the number of proxies in front of the server (1) or their addresses, comma separated (10.0.0.0/8,192.168.1.10)`,
      ],
    };
  }
  return { trustProxy: entries, problems: [] };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the signing secret from DATA_DIR, creating it on first start (0600). */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * A P-256 private key as the 32 bytes VAPID wants: OpenSSL drops leading zero bytes (one key in
 * 256), which web-push then refuses. A stored short key is the same key, padded.
 */
export function vapidPrivateKey(raw: Buffer): string {
  return (raw.length < 32 ? Buffer.concat([Buffer.alloc(32 - raw.length), raw]) : raw).toString('base64url');
}

/** Reads the VAPID key pair from DATA_DIR, creating it on first start (0600). */
function loadOrCreateVapid(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: vapidPrivateKey(Buffer.from(stored.privateKey, 'base64url')) };
  }
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: vapidPrivateKey(ecdh.getPrivateKey()),
  };
  writeFileSync(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
  return keys;
}

/** FCM_SERVICE_ACCOUNT: the JSON Google gives for a service account, inline or as a file path. */
function parseFcm(e: z.infer<typeof ZEnv>): { fcm: FcmConfig | undefined; problems: string[] } {
  if (!e.FCM_SERVICE_ACCOUNT) return { fcm: undefined, problems: [] };
  let raw = e.FCM_SERVICE_ACCOUNT.trim();
  try {
    if (!raw.startsWith('{')) raw = readFileSync(raw, 'utf8');
    const json = JSON.parse(raw) as Record<string, unknown>;
    const { project_id: projectId, client_email: clientEmail, private_key: privateKey, token_uri: tokenUri } = json;
    if (typeof projectId !== 'string' || typeof clientEmail !== 'string' || typeof privateKey !== 'string') {
      return { fcm: undefined, problems: ['  FCM_SERVICE_ACCOUNT: needs project_id, client_email and private_key'] };
    }
    return {
      fcm: {
        projectId,
        clientEmail,
        privateKey,
        apiUrl: (e.FCM_API_URL ?? 'https://fcm.googleapis.com/v1').replace(/\/$/, ''),
        tokenUrl: e.FCM_TOKEN_URL ?? (typeof tokenUri === 'string' ? tokenUri : 'https://oauth2.googleapis.com/token'),
      },
      problems: [],
    };
  } catch {
    return { fcm: undefined, problems: ['  FCM_SERVICE_ACCOUNT: not a service account JSON nor a readable file holding one'] };
  }
}

/** A configuration the server refuses; `problems` holds one line per wrong variable (`NAME: what to do`). */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/**
 * The default Redis prefix: `puntoverde:<database name>:` on PostgreSQL — every instance of one
 * deployment shares its database, so they share their rate limits and live updates, and
 * deployments on databases of other names stay apart — and `puntoverde:` on SQLite.
 */
export function redisPrefixOf(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'puntoverde:';
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)).replace(/[^A-Za-z0-9._-]/g, '_');
  return name ? `puntoverde:${name}:` : 'puntoverde:';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable means "not set" (e.g. DATABASE_URL= in a .env file).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const oidc = parseOidcProviders(e.OIDC_PROVIDERS, present);
  const s3 = parseS3(e, present);
  const sms = parseSms(e, present);
  const fcm = parseFcm(e);
  const proxies = parseTrustProxy(e.TRUST_PROXY);
  const mail = parseMail(e);
  const problems = [...oidc.problems, ...s3.problems, ...sms.problems, ...fcm.problems, ...proxies.problems, ...mail.problems];
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    problems.push('  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  if (problems.length) throw new ConfigError(problems.map((p) => p.trim()));
  // A relative DATA_DIR is relative to where the command was typed: npm runs the server's own
  // scripts (db:backup, admin:create, ...) inside apps/server but keeps that directory in INIT_CWD,
  // so `npm start` and `npm run db:backup` from the repository root use the same ./data.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), overrides.dataDir ?? e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  const databaseUrl = 'databaseUrl' in overrides ? overrides.databaseUrl : e.DATABASE_URL;
  const config: Config = {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl,
    sqliteFile: path.join(dataDir, 'puntoverde.sqlite'),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? redisPrefixOf(databaseUrl),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    tokenSecret: e.TOKEN_SECRET ?? '',
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    tileUrl: e.TILE_URL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    // Demo data is on for the embedded quick start, off when a real database is configured.
    demo: e.DEMO ?? databaseUrl === undefined,
    trustProxy: proxies.trustProxy,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: Math.min(e.SHUTDOWN_DRAIN_MS, e.SHUTDOWN_TIMEOUT_MS),
    smtpUrl: e.SMTP_URL,
    mailTransport: mail.mailTransport,
    mailOutboxOnPurpose: e.MAIL_TRANSPORT === 'outbox',
    ipRateLimitFactor: e.RATE_LIMIT_IP_FACTOR,
    mailFrom: e.MAIL_FROM,
    metricsToken: e.METRICS_TOKEN,
    oidcProviders: oidc.providers,
    s3: s3.s3,
    sms: sms.sms,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY ?? '', privateKey: e.VAPID_PRIVATE_KEY ?? '', subject: e.VAPID_SUBJECT ?? 'mailto:soporte@puntoverde.co' },
    // Tests drive the worker themselves (runOnce); elsewhere every instance runs one.
    notificationWorker: e.NOTIFICATION_WORKER ?? e.NODE_ENV !== 'test',
    notificationPollMs: e.NOTIFICATION_POLL_MS,
    pushMaxPerSecond: e.PUSH_MAX_PER_SECOND,
    pushAllowLoopback: e.PUSH_ALLOW_LOOPBACK,
    fcm: fcm.fcm,
    webhookAllowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    appLinks: {
      appId: e.NATIVE_APP_ID,
      androidCertSha256: (e.ANDROID_CERT_SHA256 ?? '')
        .split(',')
        .map((f) => f.trim().toUpperCase())
        .filter(Boolean),
      iosTeamId: e.IOS_TEAM_ID ?? '',
    },
    ...overrides,
  };
  if (!config.tokenSecret) config.tokenSecret = loadOrCreateSecret(dataDir);
  if (!config.vapid.publicKey) config.vapid = { ...config.vapid, ...loadOrCreateVapid(dataDir) };
  return config;
}

import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import pg from 'pg';
import type { Config } from './config.js';
import { createLocalStorage, createS3Storage } from './features/files/storage.js';

/**
 * Settings the server refuses before it opens anything, one line each (`VARIABLE: what to do`):
 * a configuration that parses but would fail its operator quietly.
 */
export function configurationProblems(
  config: Pick<Config, 'env' | 'demo' | 'mailTransport' | 'mailOutboxOnPurpose'>,
): string[] {
  const problems: string[] = [];
  // Without SMTP, password resets and invitations would sit in DATA_DIR/outbox unseen: in
  // production that must be the operator's choice, never a forgotten variable.
  if (config.env === 'production' && !config.demo && config.mailTransport === 'outbox' && !config.mailOutboxOnPurpose) {
    problems.push(
      'SMTP_URL: required in production (NODE_ENV=production, DEMO=false) to send e-mail; set MAIL_TRANSPORT=outbox to keep e-mails in DATA_DIR/outbox on purpose',
    );
  }
  return problems;
}

/** How long each dependency may take to answer at start. */
const CHECK_TIMEOUT_MS = 5000;

/** `host:port` of a URL, without its user and password (they never reach a log). */
function hostOf(url: string, defaultPort: number): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || defaultPort}`;
}

/** What went wrong, in a few words on one line: a system error code, or the service's own message. */
function reasonOf(err: unknown): string {
  const e = err as { code?: unknown; name?: unknown; message?: unknown; errors?: unknown[] };
  // Node's AggregateError (IPv4 and IPv6 both refused) keeps the codes in its errors.
  const inner = Array.isArray(e?.errors) && e.errors.length ? (e.errors[0] as { code?: unknown }) : undefined;
  const code = typeof e?.code === 'string' ? e.code : typeof inner?.code === 'string' ? inner.code : undefined;
  const message = typeof e?.message === 'string' ? e.message.split('\n')[0]!.trim() : '';
  // nodemailer wraps the system error: code ESOCKET, message "connect ECONNREFUSED 127.0.0.1:25".
  const wrapped = code === 'ESOCKET' || code === 'ECONNECTION' ? /\b(E[A-Z]{3,})\b/.exec(message)?.[1] : undefined;
  if (wrapped) return wrapped;
  if (code && /^E[A-Z]+$/.test(code) && !['EAUTH', 'EENVELOPE'].includes(code)) return code;
  return message || code || (typeof e?.name === 'string' ? e.name : 'unknown error');
}

/** Rejects when `promise` has not settled within `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function checkPostgres(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CHECK_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await within(client.query('select 1'), CHECK_TIMEOUT_MS, 'select 1');
    return null;
  } catch (err) {
    return `DATABASE_URL: cannot use PostgreSQL at ${hostOf(url, 5432)} (${reasonOf(err)}); check that the server runs and the URL's host, port, user, password and database name`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** SQLite and local uploads live under DATA_DIR: the server must be able to write there. */
async function checkDataDir(dataDir: string): Promise<string | null> {
  try {
    await mkdir(dataDir, { recursive: true });
    await access(dataDir, constants.W_OK);
    return null;
  } catch (err) {
    return `DATA_DIR: cannot write to ${dataDir} (${reasonOf(err)}); create it and give the server's user write access`;
  }
}

async function checkRedis(url: string): Promise<string | null> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let failure: unknown;
  client.on('error', (err) => (failure ??= err));
  try {
    await within(client.connect(), CHECK_TIMEOUT_MS + 1000, 'connect');
    await within(client.ping(), CHECK_TIMEOUT_MS, 'PING');
    return null;
  } catch (err) {
    return `REDIS_URL: Redis at ${hostOf(url, 6379)} does not answer (${reasonOf(failure ?? err)}); check that Redis runs and REDIS_URL's host, port and password`;
  } finally {
    client.disconnect();
  }
}

/** Writes and deletes one small object where uploads go: the bucket exists and the keys may write. */
async function checkStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<string | null> {
  const { s3 } = config;
  const storage = s3
    ? createS3Storage(s3, { maxAttempts: 1, connectionTimeoutMs: CHECK_TIMEOUT_MS, requestTimeoutMs: CHECK_TIMEOUT_MS })
    : createLocalStorage(path.join(config.dataDir, 'files'));
  // Under incoming/: were the delete lost, the upload recovery removes it like any orphan.
  const key = `incoming/startup-check-${randomBytes(6).toString('hex')}`;
  try {
    await within(storage.put(key, Buffer.from('ok'), 'text/plain'), CHECK_TIMEOUT_MS * 2, 'write');
    await within(storage.delete(key), CHECK_TIMEOUT_MS * 2, 'delete');
    return null;
  } catch (err) {
    if (!s3) {
      return `DATA_DIR: cannot write uploads to ${path.join(config.dataDir, 'files')} (${reasonOf(err)}); give the server's user write access`;
    }
    const where = s3.endpoint ?? `AWS S3 (${s3.region})`;
    const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
    const name = e?.name ?? e?.Code ?? '';
    const status = e?.$metadata?.httpStatusCode;
    if (name === 'NoSuchBucket' || (status === 404 && !s3.prefix)) {
      return `S3_BUCKET: bucket "${s3.bucket}" does not exist at ${where}; create it, or correct S3_BUCKET, S3_ENDPOINT and S3_REGION`;
    }
    if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'Forbidden'].includes(name) || status === 403) {
      return `S3_ACCESS_KEY_ID: the keys may not write to bucket "${s3.bucket}" at ${where} (${name || status}); check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket's policy`;
    }
    if (status === undefined) {
      return `${s3.endpoint ? 'S3_ENDPOINT' : 'S3_REGION'}: cannot reach ${where} (${reasonOf(err)}); check the address and that the service runs`;
    }
    return `S3_BUCKET: cannot write to bucket "${s3.bucket}" at ${where} (${name || status}); check S3_BUCKET, S3_ENDPOINT and the keys`;
  } finally {
    await storage.close();
  }
}

/** Connects, reads the greeting, says EHLO and signs in when the URL carries a user. */
async function checkSmtp(smtpUrl: string): Promise<string | null> {
  // nodemailer reads its timeouts from the URL's query; the operator's own ones win.
  const url = new URL(smtpUrl);
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(CHECK_TIMEOUT_MS));
  }
  const transport = nodemailer.createTransport(url.toString());
  try {
    await within(transport.verify(), CHECK_TIMEOUT_MS * 3, 'SMTP');
    return null;
  } catch (err) {
    return `SMTP_URL: the mail server at ${hostOf(smtpUrl, url.protocol === 'smtps:' ? 465 : 587)} did not accept a connection (${reasonOf(err)}); check SMTP_URL's host, port, user and password`;
  } finally {
    transport.close();
  }
}

/**
 * Each dependency the configuration names, checked once before the server opens its own
 * connections: the database answers, Redis answers, the bucket (or DATA_DIR) takes a write, the
 * mail server greets. One line per failure, naming the variable and what to check; none when
 * all answer. They run side by side, each bounded by a few seconds.
 */
export async function dependencyProblems(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'redisUrl' | 's3' | 'smtpUrl' | 'mailTransport'>,
): Promise<string[]> {
  const checks: Array<Promise<string | null>> = config.databaseUrl
    ? [checkPostgres(config.databaseUrl), checkStorage(config)]
    : // SQLite and, without a bucket, the uploads sit in DATA_DIR: one line when it is not writable.
      [checkDataDir(config.dataDir).then(async (dir) => dir ?? (await checkStorage(config)))];
  if (config.redisUrl) checks.push(checkRedis(config.redisUrl));
  if (config.smtpUrl && config.mailTransport === 'smtp') checks.push(checkSmtp(config.smtpUrl));
  const results = await Promise.all(checks);
  return [...new Set(results.filter((r): r is string => r !== null))];
}

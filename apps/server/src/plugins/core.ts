import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { DatabaseHandle, Db } from '../db/dialect.js';
import { brandedFrom, withBranding } from '../features/branding/branding-surfaces.js';
import { createMailQueue, type MailQueue } from '../features/mail/mail.service.js';
import { createMailer } from '../lib/mailer.js';
import { systemResolve, type ResolvedAddress } from '../lib/outbound/address-guard.mjs';
import { createRateLimiter, type RateLimiter } from '../lib/rate-limiter.js';
import { createSmsSender, type SmsSender } from '../lib/sms.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** Kysely instance (shortcut for database.db). */
    db: Db;
    /**
     * E-mail, through the `mail_queue` table (features/mail): SMTP when SMTP_URL is set, else the
     * local outbox in DATA_DIR.
     */
    mailer: MailQueue;
    /** Shared through Redis when REDIS_URL is set. */
    rateLimiter: RateLimiter;
    /** SMS: Twilio when SMS_PROVIDER=twilio, else the local outbox in DATA_DIR. */
    sms: SmsSender;
    /** Name resolution for the addresses users supply (push endpoints), checked by lib/outbound. */
    resolveHost: (hostname: string) => Promise<ResolvedAddress[]>;
  }
}

/** Makes the config and the database reachable from every plugin and route. */
export const configPlugin = fp(
  async function configPlugin(
    app: FastifyInstance,
    opts: { config: Config; resolveHost?: ((hostname: string) => Promise<ResolvedAddress[]>) | undefined },
  ) {
    app.decorate('config', opts.config);
    app.decorate('resolveHost', opts.resolveHost ?? systemResolve);
  },
  { name: 'config' },
);

export const dbPlugin = fp(
  async function dbPlugin(app: FastifyInstance, opts: { database: DatabaseHandle; ownsDatabase: boolean }) {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    if (opts.ownsDatabase) app.addHook('onClose', () => opts.database.destroy());
  },
  { name: 'db' },
);

export const mailerPlugin = fp(
  async function mailerPlugin(app: FastifyInstance) {
    const { config } = app;
    const brand = () => app.branding.current();
    const mailer = createMailQueue({
      db: app.db,
      dialect: app.database.dialect,
      transport: createMailer({
        smtpUrl: config.mailTransport === 'smtp' ? config.smtpUrl : undefined,
        // The sender in the scheme's name, as it is when the message goes out.
        from: () => brandedFrom(config.mailFrom, brand()),
        dataDir: config.dataDir,
      }),
      log: app.log,
      pollMs: Math.max(config.notificationPollMs, 5000),
    });
    // The brand goes into each message as it is built, before the queue stores it.
    app.decorate('mailer', withBranding(mailer, brand));
    // Retries and the messages of an instance that died: with the notification worker's switch.
    if (config.notificationWorker) app.addHook('onReady', async () => mailer.start());
    app.addHook('onClose', async () => mailer.stop());
  },
  { name: 'mailer', dependencies: ['config', 'db', 'branding'] },
);

export const rateLimiterPlugin = fp(
  async function rateLimiterPlugin(app: FastifyInstance) {
    app.decorate('rateLimiter', createRateLimiter(app.redis));
  },
  { name: 'rate-limiter', dependencies: ['redis'] },
);

export const smsPlugin = fp(
  async function smsPlugin(app: FastifyInstance, opts: { sms?: SmsSender }) {
    app.decorate('sms', opts.sms ?? createSmsSender(app.config.sms, app.config.dataDir));
  },
  { name: 'sms', dependencies: ['config'] },
);

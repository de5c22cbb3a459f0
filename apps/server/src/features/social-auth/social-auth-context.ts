import type { ErrorCode } from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, OidcProviderConfig } from '../../config.js';
import type { Db } from '../../db/dialect.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import type { IdentityService } from '../identity/identity.service.js';
import { createOidcClients, type OidcClients } from './oidc-client.js';

/** What the social sign-in services share: their dependencies, the providers, the e-mails in flight. */

export type SocialAuthDeps = {
  db: Db;
  config: Config;
  identity: IdentityService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Tests inject their own; one per app otherwise. */
  oidcClients?: OidcClients;
};

export type SocialAuthContext = Omit<SocialAuthDeps, 'oidcClients'> & {
  /** The configured providers by id. */
  providers: Map<string, OidcProviderConfig>;
  clients: OidcClients;
  /** E-mails being sent; the service's drain() waits for them. */
  pendingMail: Set<Promise<void>>;
  /** When expired attempts, tickets and pending identities were last purged (ms since the epoch). */
  purge: { lastAt: number };
};

export function createSocialAuthContext(deps: SocialAuthDeps): SocialAuthContext {
  const { oidcClients, ...rest } = deps;
  return {
    ...rest,
    providers: new Map(deps.config.oidcProviders.map((p) => [p.id, p])),
    clients: oidcClients ?? createOidcClients(),
    pendingMail: new Set(),
    purge: { lastAt: 0 },
  };
}

/** Sends an e-mail without waiting for it; a failure is logged. */
export function deliver(ctx: SocialAuthContext, message: MailMessage): void {
  const p = ctx.mailer
    .send(message)
    .catch((err: unknown) => ctx.log.error({ err, subject: message.subject }, 'could not send e-mail'))
    .finally(() => ctx.pendingMail.delete(p));
  ctx.pendingMail.add(p);
}

/** A social sign-in error that ends on the login screen with its message. */
export class SocialFlowError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? code);
  }
}

export function addMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

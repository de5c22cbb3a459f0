import { MESSAGES_ES, TC_ID, type CompleteSocialData, type SessionUser, type SocialTicketInfo } from '@puntoverde/contract';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { accountKindFields, createAccount, EmailInUseError, isUniqueViolation } from '../identity/accounts.service.js';
import {
  companyNitInUse,
  findAccount,
  findAccountByEmail,
  isValidColombianPhone,
  linkDevice,
  toMe,
  type AccountRow,
  type RequestMeta,
} from '../identity/identity.service.js';
import type { SocialAuthContext } from './social-auth-context.js';
import * as repo from './social-auth.repository.js';
import { usableTicket } from './social-tickets.service.js';

/**
 * What the web app does with what the callback handed over: a login code becomes a session; a
 * completion ticket pre-fills the profile form, then creates the account and its session.
 */

function sessionAuthMethod(provider: string): string {
  return `social:${provider}`;
}

async function openSession(
  ctx: SocialAuthContext,
  trx: Db,
  user: AccountRow,
  provider: string,
  meta: RequestMeta,
  playerId?: string,
) {
  const started = await ctx.identity.startSession(trx, user.id, meta, sessionAuthMethod(provider));
  if (playerId) {
    await linkDevice(trx, {
      player_id: playerId,
      user_id: user.id,
      session_id: started.session_id,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      at: nowIso(),
    });
  }
  const { session_id: _sid, ...pair } = started;
  return pair;
}

/** The one-time login code → a normal session (the same `data` as clientes/login). */
export async function exchangeLoginCode(
  ctx: SocialAuthContext,
  code: string,
  browserToken: string | undefined,
  playerId: string | undefined,
  meta: RequestMeta,
): Promise<SessionUser> {
  const { db } = ctx;
  const { tokenHash, identity: identityRow } = await usableTicket(ctx, code, browserToken, 'login', 'social-code-invalid');
  const user = identityRow.user_id != null ? await findAccount(db, identityRow.user_id) : undefined;
  if (!user || user.deleted_at) throw new AppError('social-code-invalid');
  if (!user.active) throw new AppError('social-account-disabled');
  const now = nowIso();
  const pair = await db.transaction().execute(async (trx) => {
    if (!(await repo.consumeTicket(trx, tokenHash, now))) throw new AppError('social-code-invalid');
    await repo.updateIdentity(trx, identityRow.id, { last_login_at: now });
    return openSession(ctx, trx, user, identityRow.provider, meta, playerId);
  });
  return { ...toMe(user), ...pair };
}

/** What the provider told us, to pre-fill complete-client / complete-company. */
export async function ticketInfo(ctx: SocialAuthContext, ticket: string, browserToken: string | undefined): Promise<SocialTicketInfo> {
  const { row, identity: identityRow } = await usableTicket(ctx, ticket, browserToken, 'complete', 'social-ticket-invalid');
  if (identityRow.user_id != null || !identityRow.email) throw new AppError('social-ticket-invalid');
  return {
    provider: identityRow.provider,
    provider_label: ctx.providers.get(identityRow.provider)?.label ?? identityRow.provider,
    email: identityRow.email,
    given_name: identityRow.given_name,
    family_name: identityRow.family_name,
    kind: row.kind === 'company' ? 'company' : 'client',
    expires_at: row.expires_at,
  };
}

/**
 * Creates the account of a first social sign-in with the chosen kind and its required
 * fields, links the identity and starts a session. The ticket is spent only on success.
 */
export async function completeSignUp(
  ctx: SocialAuthContext,
  ticket: string,
  browserToken: string | undefined,
  input: CompleteSocialData,
  meta: RequestMeta,
): Promise<SessionUser> {
  const { db } = ctx;
  const { tokenHash, identity: identityRow } = await usableTicket(ctx, ticket, browserToken, 'complete', 'social-ticket-invalid');
  if (identityRow.user_id != null || !identityRow.email || !identityRow.email_verified) {
    throw new AppError('social-ticket-invalid');
  }
  const email = identityRow.email;
  if (!isValidColombianPhone(input.phone)) throw AppError.field('validation-failed', 'data_user.phone', MESSAGES_ES.phone);
  if (await findAccountByEmail(db, email)) throw new AppError('email-already-in-use');
  const isCompany = input.tc_id === TC_ID.company;
  if (isCompany && (await companyNitInUse(db, input.nit))) {
    throw AppError.field('nit-already-in-use', 'data_user.nit');
  }
  const now = nowIso();
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await repo.consumeTicket(trx, tokenHash, now))) throw new AppError('social-ticket-invalid');
      const user = await createAccount(trx, {
        ...accountKindFields(input),
        tc_id: input.tc_id,
        email,
        // Social-only: no password until the user sets one (forgot password works).
        password: null,
        phone: input.phone,
        city: input.city,
        address: input.address ?? null,
        // The provider vouched for the address (email_verified), so no verification e-mail.
        email_verified: true,
        consent: meta,
      });
      if (!(await repo.linkPendingIdentity(trx, identityRow.id, user.id, now))) throw new AppError('social-ticket-invalid');
      const pair = await openSession(ctx, trx, user, identityRow.provider, meta);
      return { ...toMe(user), ...pair };
    });
  } catch (err) {
    if (err instanceof EmailInUseError || isUniqueViolation(err)) throw new AppError('email-already-in-use');
    throw err;
  }
}

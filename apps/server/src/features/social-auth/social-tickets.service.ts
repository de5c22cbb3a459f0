import type { ErrorCode, SocialAccountKind } from '@puntoverde/contract';
import { nowIso } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken } from '../identity/identity.service.js';
import { addMs, type SocialAuthContext } from './social-auth-context.js';
import { ticketHash } from './social-binding.js';
import * as repo from './social-auth.repository.js';

/**
 * One-time login codes and completion tickets: issued bound to a browser (or the app's
 * verifier), one live per identity and purpose, spent once.
 */

export async function issueTicket(
  ctx: SocialAuthContext,
  identityId: number,
  purpose: repo.SocialTicketPurpose,
  ttlMs: number,
  kind: SocialAccountKind | null,
  browserToken: string,
): Promise<string> {
  const now = nowIso();
  const token = randomToken(32);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.expireTickets(trx, identityId, purpose, now);
    await repo.insertTicket(trx, {
      token_hash: ticketHash(token, browserToken),
      purpose,
      identity_id: identityId,
      kind,
      created_at: now,
      expires_at: addMs(now, ttlMs),
      used_at: null,
    });
  });
  return token;
}

/** A usable (unused, unexpired) ticket or code and its identity. */
export async function usableTicket(
  ctx: SocialAuthContext,
  token: string,
  browserToken: string | undefined,
  purpose: repo.SocialTicketPurpose,
  code: ErrorCode,
) {
  if (!browserToken) throw new AppError(code);
  const tokenHash = ticketHash(token, browserToken);
  const row = await repo.findTicket(ctx.db, tokenHash, purpose);
  if (!row || row.used_at || row.expires_at <= nowIso()) throw new AppError(code);
  const identityRow = await repo.findIdentityById(ctx.db, row.identity_id);
  if (!identityRow) throw new AppError(code);
  return { row, tokenHash, identity: identityRow };
}

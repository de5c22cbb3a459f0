import { SOCIAL_FRAGMENT, SOCIAL_LOGIN_CODE_TTL_MS, SOCIAL_TICKET_TTL_MS, SOCIAL_WEB_ROUTES, type SocialAccountKind } from '@puntoverde/contract';
import type { OidcProviderConfig } from '../../config.js';
import { nowIso } from '../../db/dialect.js';
import { findAccount, findAccountByEmail, type AccountRow } from '../identity/identity.service.js';
import type { ProviderIdentity } from './oidc-client.js';
import { deliver, SocialFlowError, type SocialAuthContext } from './social-auth-context.js';
import { identityLinkedMessage } from './social-auth.emails.js';
import * as repo from './social-auth.repository.js';
import type { SocialIdentityRow } from './social-auth.repository.js';
import { completionRoute, fragment } from './social-binding.js';
import { issueTicket } from './social-tickets.service.js';

/**
 * From a checked provider identity to an account: a known identity signs in to its account; a
 * new one is linked to the account with the same verified e-mail, or kept pending until the
 * person completes a profile. The answer is the web route that carries the login code or the
 * completion ticket.
 */

/** The one-time login code of a linked, usable account, as the web route that carries it. */
async function loginRedirect(
  ctx: SocialAuthContext,
  identityRow: SocialIdentityRow,
  user: AccountRow | undefined,
  browserToken: string,
): Promise<string> {
  if (!user || user.deleted_at) throw new SocialFlowError('social-login-failed', 'identity of a deleted account');
  if (!user.active) throw new SocialFlowError('social-account-disabled');
  const code = await issueTicket(ctx, identityRow.id, 'login', SOCIAL_LOGIN_CODE_TTL_MS, null, browserToken);
  return fragment(SOCIAL_WEB_ROUTES.login, SOCIAL_FRAGMENT.code, code);
}

/**
 * An identity without an account yet: link it to the account with the same verified e-mail,
 * or keep it pending and send the browser to complete the profile.
 */
async function linkOrComplete(
  ctx: SocialAuthContext,
  provider: OidcProviderConfig,
  found: ProviderIdentity,
  pending: SocialIdentityRow | undefined,
  kind: SocialAccountKind,
  browserToken: string,
): Promise<string> {
  const { db, config } = ctx;
  if (!found.email || !found.emailVerified) throw new SocialFlowError('social-email-unverified');
  const now = nowIso();
  const claims = {
    email: found.email,
    email_verified: 1,
    given_name: found.givenName,
    family_name: found.familyName,
    updated_at: now,
  };
  const existing = await findAccountByEmail(db, found.email);
  if (existing) {
    // An account nobody proved the e-mail of may have been pre-registered by someone else:
    // linking it would hand them this person's sign-in (account pre-hijacking).
    if (!existing.email_verified_at) throw new SocialFlowError('social-account-unverified');
    if (!existing.active || existing.deleted_at) throw new SocialFlowError('social-account-disabled');
    let row: SocialIdentityRow;
    if (pending) {
      await repo.updateIdentity(db, pending.id, { ...claims, user_id: existing.id, linked_at: now });
      row = { ...pending, ...claims, user_id: existing.id, linked_at: now };
    } else {
      row = await repo.insertIdentity(db, {
        provider: provider.id,
        subject: found.subject,
        user_id: existing.id,
        ...claims,
        created_at: now,
        linked_at: now,
        last_login_at: null,
      });
    }
    deliver(ctx, identityLinkedMessage(existing.email, existing.name, provider.label, `${config.publicUrl}${SOCIAL_WEB_ROUTES.login}`));
    return loginRedirect(ctx, row, existing, browserToken);
  }
  let row: SocialIdentityRow;
  if (pending) {
    await repo.updateIdentity(db, pending.id, claims);
    row = { ...pending, ...claims };
  } else {
    row = await repo.insertIdentity(db, {
      provider: provider.id,
      subject: found.subject,
      user_id: null,
      ...claims,
      created_at: now,
      linked_at: null,
      last_login_at: null,
    });
  }
  const ticket = await issueTicket(ctx, row.id, 'complete', SOCIAL_TICKET_TTL_MS, kind, browserToken);
  return fragment(completionRoute(kind), SOCIAL_FRAGMENT.ticket, ticket);
}

/** Where the browser goes with a checked provider identity (see the module comment). */
export async function resolveIdentity(
  ctx: SocialAuthContext,
  provider: OidcProviderConfig,
  found: ProviderIdentity,
  kind: SocialAccountKind,
  browserToken: string,
): Promise<string> {
  const known = await repo.findIdentity(ctx.db, provider.id, found.subject);
  if (known?.user_id != null) {
    // The account is found by (provider, subject), never again by e-mail.
    return loginRedirect(ctx, known, await findAccount(ctx.db, known.user_id), browserToken);
  }
  return linkOrComplete(ctx, provider, found, known, kind, browserToken);
}

import { EMAIL_VERIFICATION_TTL_MS, MESSAGES_ES, TC_ID, type SessionUser, type SignupData, type TokenPair } from '@puntoverde/contract';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { enforceRateLimit } from '../../lib/rate-limiter.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { accountKindFields, createAccount, EmailInUseError } from './accounts.service.js';
import { verifyEmailMessage } from './emails.js';
import { userInputsOf, type IdentityContext, type RequestMeta } from './identity-context.js';
import * as repo from './identity.repository.js';
import type { UserRow } from './identity.repository.js';
import { hashPassword, isWeakPassword } from './passwords.js';
import { isValidColombianPhone } from './phone.js';
import { toMe } from './user-view.js';

/** Verification re-sends per user per hour. */
const RESEND_PER_USER = { limit: 3, windowMs: 60 * 60 * 1000 };

type StartSession = (trx: Db, userId: number, meta: RequestMeta) => Promise<TokenPair & { session_id: string }>;

/** Sign-up (the account, its consent and the session it opens, in one transaction) and e-mail verification. */
export function createSignUpService(ctx: IdentityContext, startSession: StartSession) {
  const { db, rateLimiter, deliver } = ctx;

  return {
    async register(input: SignupData, meta: RequestMeta): Promise<SessionUser> {
      const isCompany = input.tc_id === TC_ID.company;
      const inputs = isCompany
        ? userInputsOf([input.email, input.company_name, input.contact_name, input.nit])
        : userInputsOf([input.email, input.first_name, input.last_name, input.document_number]);
      if (!isValidColombianPhone(input.phone)) throw AppError.field('validation-failed', 'data_user.phone', MESSAGES_ES.phone);
      if (isWeakPassword(input.password, inputs)) throw AppError.field('weak-password', 'data_user.password');
      if (await repo.emailExists(db, input.email)) throw AppError.field('email-already-in-use', 'data_user.email');
      if (isCompany && (await repo.companyNitExists(db, input.nit))) {
        throw AppError.field('nit-already-in-use', 'data_user.nit');
      }
      const passwordHash = await hashPassword(input.password);
      let created: { user: UserRow; tokens: TokenPair; verifyUrl: string };
      try {
        created = await db.transaction().execute(async (trx) => {
          const user = await createAccount(trx, {
            ...accountKindFields(input),
            tc_id: input.tc_id,
            email: input.email,
            password_hash: passwordHash,
            phone: input.phone,
            city: input.city,
            address: input.address ?? null,
            email_verified: false,
            consent: meta,
          });
          const { session_id: _sid, ...tokens } = await startSession(trx, user.id, meta);
          const verifyUrl = await ctx.createLink(trx, user, 'verify-email', EMAIL_VERIFICATION_TTL_MS);
          return { user, tokens, verifyUrl };
        });
      } catch (err) {
        // Two sign-ups racing for the same e-mail: the loser gets the same 409 as above.
        if (err instanceof EmailInUseError) throw AppError.field('email-already-in-use', 'data_user.email');
        throw err;
      }
      deliver(verifyEmailMessage(created.user.email, created.user.name, created.verifyUrl));
      return { ...toMe(created.user), ...created.tokens };
    },

    async verifyEmail(token: string): Promise<{ email: string; email_verified_at: string }> {
      const { row, user } = await ctx.usableLink(token, 'verify-email');
      const now = nowIso();
      const verifiedAt = user.email_verified_at ?? now;
      await db.transaction().execute(async (trx) => {
        if (!(await repo.consumeAuthToken(trx, row.id, now))) throw AppError.field('invalid-token', 'token');
        await repo.updateUser(trx, user.id, { email_verified_at: verifiedAt, updated_at: now });
        await repo.expireAuthTokens(trx, user.id, 'verify-email', now);
      });
      return { email: user.email, email_verified_at: verifiedAt };
    },

    async resendVerification(auth: AuthUser): Promise<{ sent: boolean; email: string }> {
      const user = await ctx.activeUser(auth.id);
      if (user.email_verified_at) return { sent: false, email: user.email };
      await enforceRateLimit(rateLimiter, `resend:${user.id}`, RESEND_PER_USER.limit, RESEND_PER_USER.windowMs);
      const url = await ctx.createLink(db, user, 'verify-email', EMAIL_VERIFICATION_TTL_MS);
      deliver(verifyEmailMessage(user.email, user.name, url));
      return { sent: true, email: user.email };
    },
  };
}

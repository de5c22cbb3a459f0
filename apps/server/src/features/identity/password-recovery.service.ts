import { FORGOT_PASSWORD_MESSAGE_ES, PASSWORD_RESET_TTL_MS } from '@puntoverde/contract';
import { nowIso } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { passwordChangedMessage, resetPasswordMessage } from './emails.js';
import { userInputsOf, type IdentityContext } from './identity-context.js';
import * as repo from './identity.repository.js';
import { createLoginThrottle } from './login-throttle.js';
import { hashPassword, isWeakPassword } from './passwords.js';

/** Recovery e-mails per address per hour; beyond it the answer stays the same but nothing is sent. */
const RECOVERY_PER_EMAIL = { limit: 3, windowMs: 60 * 60 * 1000 };

/** «¿Olvidaste tu contraseña?»: the answer, the reset link sent in the background, and the reset itself. */
export function createPasswordRecoveryService(ctx: IdentityContext) {
  const { db, config, rateLimiter, log, deliver } = ctx;
  const throttle = createLoginThrottle(rateLimiter);

  return {
    /**
     * The answer to «¿Olvidaste tu contraseña?»: always the same, and computed without touching
     * the account, so its cost cannot tell a known address from an unknown one. The work is
     * queueRecovery, started once the answer is on its way.
     */
    forgotPasswordAnswer(): { sent: true; message: string } {
      return { sent: true, message: FORGOT_PASSWORD_MESSAGE_ES };
    },

    /**
     * After the answer: a link only when the account exists and the per-address budget allows.
     * Runs in the background (drained on close, like the e-mails it sends).
     */
    queueRecovery(email: string): void {
      ctx.track(
        (async () => {
          const budget = await rateLimiter.hit(`forgot:${email}`, RECOVERY_PER_EMAIL.limit, RECOVERY_PER_EMAIL.windowMs);
          if (!budget.allowed) return;
          const user = await repo.findUserByEmail(db, email);
          if (!user?.active) return;
          const url = await ctx.createLink(db, user, 'reset-password', PASSWORD_RESET_TTL_MS);
          deliver(resetPasswordMessage(user.email, user.name, url));
        })().catch((err: unknown) => log.error({ err }, 'could not prepare a password reset link')),
      );
    },

    /** Sets the new password, spends the link and ends every session of the user. */
    async resetPassword(token: string, password: string): Promise<{ reset: true; email: string }> {
      const { row, user } = await ctx.usableLink(token, 'reset-password');
      if (isWeakPassword(password, userInputsOf([user.email, user.name, user.first_name, user.last_name]))) {
        throw AppError.field('weak-password', 'password');
      }
      const passwordHash = await hashPassword(password);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        if (!(await repo.consumeAuthToken(trx, row.id, now))) throw AppError.field('invalid-token', 'token');
        // Following the link proved the mailbox is theirs.
        await repo.updateUser(trx, user.id, {
          password_hash: passwordHash,
          must_change_password: 0,
          email_verified_at: user.email_verified_at ?? now,
          updated_at: now,
        });
        await repo.expireAuthTokens(trx, user.id, 'reset-password', now);
        await repo.revokeSessions(trx, { userId: user.id }, 'password-reset', now);
      });
      await throttle.startAfresh(user.email);
      deliver(passwordChangedMessage(user.email, user.name, `${config.publicUrl}/auth/login`));
      return { reset: true, email: user.email };
    },
  };
}

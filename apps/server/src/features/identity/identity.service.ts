import { DATA_POLICY_VERSION } from '@puntoverde/contract';
import { nowIso, type Db } from '../../db/dialect.js';
import { createIdentityContext, type IdentityDeps, type RequestMeta } from './identity-context.js';
import * as repo from './identity.repository.js';
import { createPasswordRecoveryService } from './password-recovery.service.js';
import { createPersonalDataService } from './personal-data.service.js';
import { createProfileService } from './profile.service.js';
import { createSessionsService } from './sessions.service.js';
import { createSignUpService } from './sign-up.service.js';

/**
 * The identity service the app decorates as `app.identity`: one object composed of its parts,
 * each in its own file —
 * - sessions.service.ts: login (with login-throttle.ts), refresh, logout, sessions and devices;
 * - sign-up.service.ts: sign-up and e-mail verification;
 * - password-recovery.service.ts: «¿Olvidaste tu contraseña?» and the reset;
 * - profile.service.ts: reading and changing the account, e-mail and password;
 * - personal-data.service.ts: download my data, delete my account;
 * - identity-context.ts: what they share (e-mail delivery, IP budgets, one-time links).
 */
export type { IdentityDeps, IpBudget, RequestMeta } from './identity-context.js';

export type IdentityService = ReturnType<typeof createIdentityService>;

export function createIdentityService(deps: IdentityDeps) {
  const ctx = createIdentityContext(deps);
  const sessions = createSessionsService(ctx);
  return {
    enforceIpBudget: ctx.enforceIpBudget,
    /** Waits for e-mails still being sent (app close, tests). */
    drain: ctx.drain,
    ...sessions,
    ...createSignUpService(ctx, sessions.startSession),
    ...createPasswordRecoveryService(ctx),
    ...createProfileService(ctx),
    ...createPersonalDataService(ctx, sessions),
  };
}

// ---- for other features (branch invitations set a password and end a branch's sessions) ----

export { hashPassword, isWeakPassword } from './passwords.js';
export { hashToken, randomToken } from './secrets.js';
export { toMe } from './user-view.js';
/** Social sign-in links the push device of a login code exchange like clientes/login does. */
export async function linkDevice(db: Db, values: Parameters<typeof repo.linkDevice>[1]): Promise<void> {
  await repo.linkDevice(db, values);
}
/** The numbering-plan check sign-up applies, for social sign-in's completion. */
export { isValidColombianPhone } from './phone.js';

/** Records the acceptance of the personal-data policy (proof kept: Decreto 1377 de 2013 art. 8). */
export async function recordDataPolicyConsent(db: Db, userId: number, meta: RequestMeta): Promise<void> {
  await repo.insertConsent(db, {
    user_id: userId,
    kind: 'data-policy',
    version: DATA_POLICY_VERSION,
    accepted_at: nowIso(),
    withdrawn_at: null,
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
  });
}

/** Ends every live session of a user (a deactivated branch); returns how many ended. */
export function revokeUserSessions(db: Db, userId: number, reason: string): Promise<number> {
  return repo.revokeSessions(db, { userId }, reason, nowIso());
}

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

// ---- accounts, for features that show who did something or manage branch accounts ----

export type AccountRow = repo.UserRow;

/** One account by id (deleted ones included: a record keeps naming who wrote it). */
export function findAccount(db: Db, id: number): Promise<AccountRow | undefined> {
  return repo.findUserById(db, id);
}

/** Accounts by id in one query, keyed by id (pages of other features name their authors). */
export async function accountsByIds(
  db: Db,
  ids: Iterable<number | null | undefined>,
): Promise<Map<number, AccountRow>> {
  const unique = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  const rows = await repo.findUsersByIds(db, unique);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Staff who may be handed work: active admins, not deleted, by name (id, name and e-mail). */
export function listActiveStaffAccounts(db: Db): Promise<Pick<AccountRow, 'id' | 'name' | 'email'>[]> {
  return repo.listActiveAdmins(db);
}

/** The account holding an e-mail (deleted accounts are anonymised, so a match is a live account). */
export function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return repo.findUserHoldingEmail(db, email);
}

/** Whether a company head (not a branch) is already registered with this NIT. */
export function companyNitInUse(db: Db, nit: string): Promise<boolean> {
  return repo.companyNitExists(db, nit);
}

/** Whether the account may still act: active and not deleted. */
export function isAccountActive(db: Db, id: number): Promise<boolean> {
  return repo.isUserActive(db, id);
}

/** The branch offices (accounts) of a company head. */
export function listBranchAccountsOf(db: Db, headId: number): Promise<AccountRow[]> {
  return repo.listBranchesOf(db, headId);
}

/** Every account under a company head (id and name; deleted ones included, they keep their figures), by name. */
export function listAccountsOfCompany(db: Db, headId: number): Promise<Pick<AccountRow, 'id' | 'name'>[]> {
  return repo.listAccountsOfCompany(db, headId);
}

/** Whether any account (deleted ones included) has this e-mail. */
export function emailInUse(db: Db, email: string): Promise<boolean> {
  return repo.emailExists(db, email);
}

/** Changes columns of an account another feature manages (a branch's name, state or password). */
export async function updateAccount(db: Db, id: number, values: Parameters<typeof repo.updateUser>[2]): Promise<void> {
  await repo.updateUser(db, id, values);
}

/** Ends every live session of a user (a deactivated branch); returns how many ended. */
export function revokeUserSessions(db: Db, userId: number, reason: string): Promise<number> {
  return repo.revokeSessions(db, { userId }, reason, nowIso());
}

import {
  TC_ID,
  BRANCH_INVITATION_TTL_MS,
  BRANCH_INVITATION_WEB_ROUTE,
  DATA_POLICY_VERSION,
  type Branch,
  type BranchInvitationPreview,
  type CreateBranchData,
  type SessionUser,
  type UpdateBranchRequest,
} from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { createAccount, EmailInUseError } from '../identity/accounts.service.js';
import {
  hashPassword,
  hashToken,
  isWeakPassword,
  randomToken,
  recordDataPolicyConsent,
  revokeUserSessions,
  findAccount,
  listBranchAccountsOf,
  emailInUse,
  updateAccount,
  type AccountRow,
  toMe,
  type IdentityService,
  type RequestMeta,
} from '../identity/identity.service.js';
import type { RealtimeBus } from '../realtime/realtime.service.js';
import { collectedKgOfRequesters } from '../requests/requests.service.js';
import { branchInvitationMessage } from './branch-emails.js';
import * as repo from './branches.repository.js';
import type { InvitationRow } from './branches.repository.js';

/**
 * Branch offices (sucursales). A branch is a user with tc_id 3 and id_empresa = its
 * head (spec §1, §3). Only a company head (tc_id 3 without id_empresa) manages branches, and
 * only its own. A new branch has no password: it gets an e-mailed link, single use, valid
 * 7 days, to set one; accepting it logs the branch in. A deactivated branch cannot log in (its
 * sessions end at once) and its requests and kilograms stay.
 */

export type BranchesDeps = {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  identity: Pick<IdentityService, 'startSession'>;
  bus: RealtimeBus;
  log?: FastifyBaseLogger;
};

function requireHead(user: AuthUser): void {
  if (user.tc_id !== TC_ID.company || user.id_empresa !== null) throw new AppError('not-company-head');
}

function addMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

function invitationState(user: AccountRow, invitation: InvitationRow | undefined, now: string): Branch['invitation'] {
  if (user.password_hash) return 'aceptada';
  if (!invitation || invitation.used_at || invitation.expires_at <= now) return 'vencida';
  return 'pendiente';
}

function toBranch(user: AccountRow, invitation: InvitationRow | undefined, collectedKg: number, now: string): Branch {
  const state = invitationState(user, invitation, now);
  return {
    id: user.id,
    id_empresa: user.id_empresa!,
    name: user.name,
    email: user.email,
    phone: user.phone,
    address: user.address,
    city: user.city,
    contact_name: user.contact_name,
    lat: user.lat,
    lng: user.lng,
    active: user.active === 1,
    invitation: state,
    invitation_expires_at: state === 'pendiente' ? invitation!.expires_at : null,
    collected_kg: Math.round(collectedKg * 100) / 100,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

async function branchesView(db: Db, users: AccountRow[]): Promise<Branch[]> {
  const ids = users.map((u) => u.id);
  const [invitations, kg] = await Promise.all([repo.latestInvitations(db, ids), collectedKgOfRequesters(db, ids)]);
  const now = nowIso();
  return users.map((u) => toBranch(u, invitations.get(u.id), kg.get(u.id) ?? 0, now));
}

/** One of the head's branches, or 404 (another company's branch is not the caller's business). */
async function ownBranch(db: Db, head: AuthUser, id: number): Promise<AccountRow> {
  const branch = await findAccount(db, id);
  if (!branch || branch.deleted_at || branch.tc_id !== TC_ID.company || branch.id_empresa !== head.id) {
    throw new AppError('branch-not-found');
  }
  return branch;
}

const dateFormat = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** Creates a fresh invitation (earlier links stop working) and e-mails it. */
async function invite(deps: BranchesDeps, head: AccountRow, branch: AccountRow): Promise<string> {
  const now = nowIso();
  const token = randomToken(32);
  const expiresAt = addMs(now, BRANCH_INVITATION_TTL_MS);
  await repo.expireInvitations(deps.db, branch.id, now);
  await repo.insertInvitation(deps.db, {
    branch_id: branch.id,
    token_hash: hashToken(token),
    expires_at: expiresAt,
    used_at: null,
    created_by: head.id,
    created_at: now,
  });
  const url = `${deps.config.publicUrl}${BRANCH_INVITATION_WEB_ROUTE}?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send(
      branchInvitationMessage({
        to: branch.email,
        contactName: branch.contact_name ?? branch.name,
        branchName: branch.name,
        companyName: head.company_name ?? head.name,
        url,
        expiresOn: dateFormat.format(new Date(expiresAt)),
      }),
    );
  } catch (err) {
    // The branch exists; the head can send the invitation again from the list.
    deps.log?.error({ err }, 'could not send the branch invitation');
  }
  return expiresAt;
}

export async function listBranches(db: Db, head: AuthUser): Promise<Branch[]> {
  requireHead(head);
  return branchesView(db, await listBranchAccountsOf(db, head.id));
}

export async function getBranch(db: Db, head: AuthUser, id: number): Promise<Branch> {
  requireHead(head);
  const [view] = await branchesView(db, [await ownBranch(db, head, id)]);
  return view!;
}

export async function createBranch(deps: BranchesDeps, head: AuthUser, input: CreateBranchData): Promise<Branch> {
  requireHead(head);
  const headRow = await findAccount(deps.db, head.id);
  if (!headRow) throw new AppError('unauthorized');
  if (await emailInUse(deps.db, input.email)) throw AppError.field('email-already-in-use', 'email');
  let branch: AccountRow;
  try {
    branch = await createAccount(deps.db, {
      tc_id: TC_ID.company,
      id_empresa: head.id,
      email: input.email,
      // The branch sets its password from the invitation.
      password: null,
      name: input.name,
      company_name: headRow.company_name ?? headRow.name,
      contact_name: input.contact_name,
      phone: input.phone,
      address: input.address,
      city: input.city,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      email_verified: false,
    });
  } catch (err) {
    if (err instanceof EmailInUseError) throw AppError.field('email-already-in-use', 'email');
    throw err;
  }
  await invite(deps, headRow, branch);
  return getBranch(deps.db, head, branch.id);
}

export async function updateBranch(
  deps: BranchesDeps,
  head: AuthUser,
  id: number,
  patch: UpdateBranchRequest,
): Promise<Branch> {
  requireHead(head);
  const branch = await ownBranch(deps.db, head, id);
  const values: Parameters<typeof updateAccount>[2] = { updated_at: nowIso() };
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.phone !== undefined) values.phone = patch.phone;
  if (patch.address !== undefined) values.address = patch.address;
  if (patch.city !== undefined) values.city = patch.city;
  if (patch.contact_name !== undefined) values.contact_name = patch.contact_name;
  if (patch.lat !== undefined) values.lat = patch.lat ?? null;
  if (patch.lng !== undefined) values.lng = patch.lng ?? null;
  if (patch.active !== undefined) values.active = patch.active ? 1 : 0;
  await updateAccount(deps.db, branch.id, values);
  if (patch.active === false && branch.active === 1) {
    // Effective at once: no refresh, and the bearer check already refuses inactive accounts.
    await revokeUserSessions(deps.db, branch.id, 'branch-deactivated');
  }
  await deps.bus.publish([head.id, branch.id], { type: 'branch.updated', branch_id: branch.id }).catch(() => undefined);
  return getBranch(deps.db, head, branch.id);
}

/** Sends a new invitation link to a branch that has not set its password yet. */
export async function resendInvitation(
  deps: BranchesDeps,
  head: AuthUser,
  id: number,
): Promise<{ sent: true; expires_at: string }> {
  requireHead(head);
  const branch = await ownBranch(deps.db, head, id);
  if (branch.password_hash) throw new AppError('branch-invitation-already-accepted');
  if (!branch.active) {
    throw new AppError('conflict', {
      message: 'La sucursal está desactivada: actívala antes de enviar de nuevo la invitación.',
    });
  }
  const headRow = await findAccount(deps.db, head.id);
  return { sent: true, expires_at: await invite(deps, headRow!, branch) };
}

/** The invitation behind a token, if it can still be used; else 400 invalid-token. */
async function usableInvitation(
  db: Db,
  token: string,
): Promise<{ invitation: InvitationRow; branch: AccountRow; head: AccountRow }> {
  const invitation = await repo.findInvitation(db, hashToken(token));
  const now = nowIso();
  if (!invitation || invitation.used_at || invitation.expires_at <= now) throw AppError.field('invalid-token', 'token');
  const branch = await findAccount(db, invitation.branch_id);
  if (!branch || branch.deleted_at || !branch.active || branch.id_empresa === null)
    throw AppError.field('invalid-token', 'token');
  if (branch.password_hash) throw new AppError('branch-invitation-already-accepted');
  const head = await findAccount(db, branch.id_empresa);
  if (!head || head.deleted_at) throw AppError.field('invalid-token', 'token');
  return { invitation, branch, head };
}

export async function previewInvitation(db: Db, token: string): Promise<BranchInvitationPreview> {
  const { invitation, branch, head } = await usableInvitation(db, token);
  return {
    email: branch.email,
    branch_name: branch.name,
    company_name: head.company_name ?? head.name,
    expires_at: invitation.expires_at,
  };
}

/**
 * Sets the branch's password from its invitation (single use: two racing submissions, one
 * wins), counts the e-mail as verified (the link reached it), records the data-policy
 * acceptance, and logs the branch in.
 */
export async function acceptInvitation(
  deps: BranchesDeps,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<SessionUser> {
  const { invitation, branch, head } = await usableInvitation(deps.db, input.token);
  if (isWeakPassword(input.password, [branch.email, branch.name, branch.contact_name, head.name])) {
    throw AppError.field('weak-password', 'password');
  }
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  const session = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.useInvitation(trx, invitation.id, now))) throw AppError.field('invalid-token', 'token');
    await updateAccount(trx, branch.id, {
      password_hash: passwordHash,
      email_verified_at: branch.email_verified_at ?? now,
      data_policy_version: DATA_POLICY_VERSION,
      data_policy_accepted_at: now,
      updated_at: now,
    });
    await recordDataPolicyConsent(trx, branch.id, meta);
    return deps.identity.startSession(trx, branch.id, meta);
  });
  const updated = await findAccount(deps.db, branch.id);
  await deps.bus.publish([head.id], { type: 'branch.updated', branch_id: branch.id }).catch(() => undefined);
  const { session_id: _sid, ...tokens } = session;
  return { ...toMe(updated!), ...tokens };
}

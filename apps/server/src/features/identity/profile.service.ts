import {
  EMAIL_VERIFICATION_TTL_MS,
  MESSAGES_ES,
  TC_ID,
  isValidDocumentNumber,
  type DocumentType,
  type Me,
  type ZChangeEmailRequest,
  type ZChangePasswordRequest,
  type ZUpdateProfileRequest,
} from '@puntoverde/contract';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../db/dialect.js';
import type { UsersTable } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { isUniqueViolation } from './accounts.service.js';
import { emailChangedMessage, passwordChangedMessage, verifyEmailMessage } from './emails.js';
import { userInputsOf, type IdentityContext } from './identity-context.js';
import * as repo from './identity.repository.js';
import { hashPassword, isWeakPassword } from './passwords.js';
import { isValidColombianPhone } from './phone.js';
import { expirePhoneCodes } from './phone-verification.repository.js';
import { personName, toMe } from './user-view.js';

export type ProfileInput = z.output<typeof ZUpdateProfileRequest>;
export type ChangeEmailInput = z.output<typeof ZChangeEmailRequest>;
export type ChangePasswordInput = z.output<typeof ZChangePasswordRequest>;

/** Reading an account (the user's own, or one a company head or admin may see) and changing it. */
export function createProfileService(ctx: IdentityContext) {
  const { db, config, deliver, activeUser, createLink, reauthenticate } = ctx;

  return {
    // ---- reading users ----

    async me(auth: AuthUser): Promise<Me> {
      return toMe(await activeUser(auth.id));
    },

    /** clientes/lista: the user themself, a company head for its own branches, admins; 403 otherwise. */
    async customer(auth: AuthUser, id: number): Promise<Me> {
      const target = await repo.findUserById(db, id);
      if (!target || target.deleted_at) throw new AppError('user-not-found');
      const isSelf = target.id === auth.id;
      const isOwnBranch = auth.tc_id === TC_ID.company && auth.id_empresa === null && target.id_empresa === auth.id;
      // Someone else's account: the same 404 as an id that does not exist.
      if (!isSelf && !isOwnBranch && !auth.is_admin) throw new AppError('user-not-found');
      return toMe(target);
    },

    // ---- profile ----

    async updateProfile(auth: AuthUser, input: ProfileInput): Promise<Me> {
      const user = await activeUser(auth.id);
      const isCompany = user.tc_id === TC_ID.company;
      const isBranch = isCompany && user.id_empresa !== null;
      const allowed: Array<keyof ProfileInput> = isCompany
        ? ['company_name', 'contact_name', 'phone', 'city', 'address', ...(isBranch ? [] : (['nit'] as const))]
        : ['first_name', 'last_name', 'document_type', 'document_number', 'phone', 'city', 'address'];
      const fields: Record<string, string> = {};
      for (const key of Object.keys(input) as Array<keyof ProfileInput>) {
        if (input[key] !== undefined && !allowed.includes(key)) fields[key] = 'Este dato no aplica a tu tipo de cuenta.';
      }
      if (Object.keys(fields).length) {
        throw new AppError('validation-failed', { message: `Revisa: ${Object.keys(fields).join(', ')}.`, fields });
      }
      if (input.phone !== undefined && !isValidColombianPhone(input.phone)) {
        throw AppError.field('validation-failed', 'phone', MESSAGES_ES.phone);
      }
      const docType = (input.document_type ?? user.document_type) as DocumentType | null;
      const docNumber = input.document_number ?? user.document_number;
      if (
        !isCompany &&
        (input.document_type !== undefined || input.document_number !== undefined) &&
        (!docType || !docNumber || !isValidDocumentNumber(docType, docNumber))
      ) {
        throw AppError.field('validation-failed', 'document_number', 'Revisa el número de documento.');
      }
      if (input.nit !== undefined && (await repo.companyNitExists(db, input.nit, user.id))) {
        throw AppError.field('nit-already-in-use', 'nit');
      }
      const changes: Updateable<UsersTable> = { updated_at: nowIso() };
      if (input.first_name !== undefined) changes.first_name = input.first_name;
      if (input.last_name !== undefined) changes.last_name = input.last_name;
      if (input.document_type !== undefined) changes.document_type = input.document_type;
      if (input.document_number !== undefined) changes.document_number = input.document_number;
      if (input.company_name !== undefined) changes.company_name = input.company_name;
      if (input.contact_name !== undefined) changes.contact_name = input.contact_name;
      if (input.nit !== undefined) {
        changes.document_type = 'NIT';
        changes.document_number = input.nit;
      }
      if (input.phone !== undefined && input.phone !== user.phone) {
        // Another number: it has to be confirmed again, and codes sent to the old one stop working.
        changes.phone = input.phone;
        changes.phone_verified_at = null;
        await expirePhoneCodes(db, user.id, changes.updated_at as string);
      }
      if (input.city !== undefined) changes.city = input.city;
      if (input.address !== undefined) changes.address = input.address;
      if (isCompany && input.company_name !== undefined) changes.name = input.company_name;
      if (!isCompany && (input.first_name !== undefined || input.last_name !== undefined)) {
        changes.name =
          personName(input.first_name ?? user.first_name, input.last_name ?? user.last_name) || user.name;
      }
      await repo.updateUser(db, user.id, changes);
      return toMe(await activeUser(user.id));
    },

    /** New login e-mail after re-authenticating; it must be verified again. */
    async changeEmail(auth: AuthUser, input: ChangeEmailInput): Promise<Me> {
      const user = await activeUser(auth.id);
      await reauthenticate(user, input.current_password, 'current_password');
      if (input.email === user.email) return toMe(user);
      if (await repo.emailExists(db, input.email, user.id)) throw AppError.field('email-already-in-use', 'email');
      const now = nowIso();
      let url: string;
      try {
        url = await db.transaction().execute(async (trx) => {
          await repo.updateUser(trx, user.id, { email: input.email, email_verified_at: null, updated_at: now });
          await repo.expireAuthTokens(trx, user.id, 'reset-password', now);
          return createLink(trx, { id: user.id, email: input.email }, 'verify-email', EMAIL_VERIFICATION_TTL_MS);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.field('email-already-in-use', 'email');
        throw err;
      }
      deliver(verifyEmailMessage(input.email, user.name, url));
      deliver(emailChangedMessage(user.email, user.name, input.email));
      return toMe(await activeUser(user.id));
    },

    /** Re-authenticates, sets the new password and ends every other session at once. */
    async changePassword(auth: AuthUser, input: ChangePasswordInput): Promise<{ changed: true; other_sessions_ended: number }> {
      const user = await activeUser(auth.id);
      await reauthenticate(user, input.current_password, 'current_password');
      if (isWeakPassword(input.new_password, userInputsOf([user.email, user.name, user.first_name, user.last_name]))) {
        throw AppError.field('weak-password', 'new_password');
      }
      const passwordHash = await hashPassword(input.new_password);
      const now = nowIso();
      const ended = await db.transaction().execute(async (trx) => {
        await repo.updateUser(trx, user.id, { password_hash: passwordHash, must_change_password: 0, updated_at: now });
        await repo.expireAuthTokens(trx, user.id, 'reset-password', now);
        return repo.revokeSessions(trx, { userId: user.id, exceptSessionId: auth.session_id }, 'password-change', now);
      });
      deliver(passwordChangedMessage(user.email, user.name, `${config.publicUrl}/auth/login`));
      return { changed: true, other_sessions_ended: ended };
    },
  };
}

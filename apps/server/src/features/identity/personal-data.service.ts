import { DELETE_ACCOUNT_CONFIRMATION, TC_ID, type DeleteAccountRequest, type PersonalDataExport } from '@puntoverde/contract';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { accountDeletedMessage } from './emails.js';
import type { IdentityContext } from './identity-context.js';
import * as repo from './identity.repository.js';
import { toMe } from './user-view.js';

export type PersonalDataSection = (db: Db, userId: number) => Promise<unknown>;
export type AccountDeletionHook = (trx: Db, userId: number, at: string) => Promise<void>;

/** What the sessions part lists for the export. */
type SessionLists = {
  listSessions: (auth: AuthUser) => Promise<PersonalDataExport['sessions']>;
  listDevices: (auth: AuthUser) => Promise<PersonalDataExport['devices']>;
};

/**
 * The data subject's rights over their account (Ley 1581 de 2012 art. 8): download everything
 * kept about them, and delete the account. Other features register their part of both.
 */
export function createPersonalDataService(ctx: IdentityContext, { listSessions, listDevices }: SessionLists) {
  const { db, deliver, activeUser, reauthenticate } = ctx;
  const exportSections = new Map<string, PersonalDataSection>();
  const deletionHooks: AccountDeletionHook[] = [];

  return {
    /** Other features add their part of "download my data" (Ley 1581 de 2012 art. 8). */
    registerPersonalDataSection(name: string, section: PersonalDataSection): void {
      exportSections.set(name, section);
    },
    /** Other features anonymise or delete their rows of a user inside the deletion transaction. */
    registerAccountDeletionHook(hook: AccountDeletionHook): void {
      deletionHooks.push(hook);
    },

    async exportPersonalData(auth: AuthUser): Promise<PersonalDataExport> {
      const user = await activeUser(auth.id);
      const [consents, sessions, devices] = await Promise.all([
        repo.listConsents(db, user.id),
        listSessions(auth),
        listDevices(auth),
      ]);
      const sections: Record<string, unknown> = {};
      for (const [name, section] of exportSections) sections[name] = await section(db, user.id);
      return {
        generated_at: nowIso(),
        profile: toMe(user),
        consents: consents.map((c) => ({ kind: c.kind, version: c.version, accepted_at: c.accepted_at })),
        sessions,
        devices,
        sections,
      };
    },

    /**
     * Deletes the account (Ley 1581 de 2012 art. 8 e): sessions, devices and links go; the user
     * row stays only as an anonymous shell so records the law obliges to keep (requests, PQR,
     * the proof of consent) keep their reference without identifying the person.
     */
    async deleteAccount(auth: AuthUser, input: DeleteAccountRequest): Promise<void> {
      const user = await activeUser(auth.id);
      if (user.password_hash) {
        if (!input.password) throw AppError.field('wrong-current-password', 'password');
        await reauthenticate(user, input.password, 'password');
      } else if (input.confirm?.trim().toUpperCase() !== DELETE_ACCOUNT_CONFIRMATION) {
        throw AppError.field('validation-failed', 'confirm', `Escribe ${DELETE_ACCOUNT_CONFIRMATION} para confirmar.`);
      }
      if (user.tc_id === TC_ID.company && user.id_empresa === null && (await repo.countActiveBranches(db, user.id)) > 0) {
        throw new AppError('company-has-branches');
      }
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        for (const hook of deletionHooks) await hook(trx, user.id, now);
        await repo.deleteIdentityData(trx, user.id, now);
        await repo.updateUser(trx, user.id, {
          email: `eliminado-${user.id}@anonimo.invalid`,
          password_hash: null,
          name: 'Cuenta eliminada',
          first_name: null,
          last_name: null,
          company_name: null,
          contact_name: null,
          document_type: null,
          document_number: null,
          phone: null,
          phone_verified_at: null,
          address: null,
          city: null,
          lat: null,
          lng: null,
          email_verified_at: null,
          active: 0,
          updated_at: now,
          deleted_at: now,
        });
      });
      deliver(accountDeletedMessage(user.email, user.name));
    },
  };
}

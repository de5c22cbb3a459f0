import { DATA_POLICY_VERSION, TC_ID, ZEmail, isValidNit, normalizeNit } from '@puntoverde/contract';
import { nowIso, type Executor } from '../../db/dialect.js';
import { emailExists, findUserById, insertConsent, insertUser, type UserRow } from './identity.repository.js';
import { hashPassword } from './passwords.js';
import { isValidColombianPhone } from './phone.js';
import { personName } from './user-view.js';

export class AccountInputError extends Error {}

/** Another account already has this e-mail (found before the insert, or by the unique index). */
export class EmailInUseError extends AccountInputError {}

/** Who accepted the personal-data policy, for the consent record (no IP for the demo seed). */
export type ConsentMeta = { ip: string | null; userAgent: string | null };

export type NewAccount = {
  tc_id: 1 | 2 | 3;
  email: string;
  /** Hashed here with argon2id; null (or absent) for an account that sets it later by a link. */
  password?: string | null;
  /** Already hashed (sign-up hashes before its transaction); wins over `password`. */
  password_hash?: string;
  /** Full name (people) or razón social (companies). */
  name: string;
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  contact_name?: string | null;
  document_type?: string | null;
  document_number?: string | null;
  nit?: string | null;
  phone?: string | null;
  city?: string | null;
  address?: string | null;
  lat?: number | null;
  lng?: number | null;
  /** The company head's id: makes a tc_id 3 account a branch. */
  id_empresa?: number | null;
  is_admin?: boolean;
  /** Counted as verified unless false (sign-up and branches verify by a link). */
  email_verified?: boolean;
  active?: boolean;
  /**
   * The person accepted the personal-data policy now: the version goes on the row and the proof
   * in `consents` (Decreto 1377 de 2013 art. 8), in the same transaction as the account.
   */
  consent?: ConsentMeta;
};

/** What a sign-up form (with or without a social identity) says about a company or a person. */
export type AccountKindInput =
  | { tc_id: typeof TC_ID.company; company_name: string; contact_name: string; nit: string }
  | {
      tc_id: typeof TC_ID.manager | typeof TC_ID.household;
      first_name: string;
      last_name: string;
      document_type: string;
      document_number: string;
    };

/** The name and document columns of a company (NIT, razón social) or of a person. */
export function accountKindFields(
  input: AccountKindInput,
): Pick<
  NewAccount,
  'name' | 'company_name' | 'contact_name' | 'first_name' | 'last_name' | 'document_type' | 'document_number'
> {
  if (input.tc_id === TC_ID.company) {
    return {
      name: input.company_name,
      company_name: input.company_name,
      contact_name: input.contact_name,
      first_name: null,
      last_name: null,
      document_type: 'NIT',
      document_number: input.nit,
    };
  }
  return {
    name: personName(input.first_name, input.last_name),
    company_name: null,
    contact_name: null,
    first_name: input.first_name,
    last_name: input.last_name,
    document_type: input.document_type,
    document_number: input.document_number,
  };
}

/** SQLite and PostgreSQL both report a unique-constraint violation their own way. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return (
    e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(String(e?.message))
  );
}

/**
 * The one way a `users` row is written: sign-up, social sign-in, branches, the back office,
 * the CLIs and the demo seed. The e-mail is checked, the password hashed with argon2id; by
 * default the e-mail counts as verified. Callers check their own form first (with field
 * errors); an AccountInputError here means input no form should have let through, except
 * EmailInUseError, which a race between two sign-ups can reach.
 */
export async function createAccount(db: Executor, input: NewAccount): Promise<UserRow> {
  const parsedEmail = ZEmail.safeParse(input.email);
  if (!parsedEmail.success) throw new AccountInputError(`Correo no válido: ${input.email}`);
  const email = parsedEmail.data;
  if (![TC_ID.manager, TC_ID.household, TC_ID.company].includes(input.tc_id)) {
    throw new AccountInputError(`Tipo de usuario no válido: ${String(input.tc_id)} (usa 1, 2 o 3)`);
  }
  if (await emailExists(db, email)) throw new EmailInUseError(`Ya existe una cuenta con el correo ${email}`);
  if (input.id_empresa != null) {
    const head = await findUserById(db, input.id_empresa);
    if (input.tc_id !== TC_ID.company || !head || head.tc_id !== TC_ID.company || head.id_empresa !== null) {
      throw new AccountInputError('Solo una cuenta de empresa (tipo 3) puede ser sucursal de otra empresa (tipo 3).');
    }
  }
  if (input.phone && !isValidColombianPhone(input.phone))
    throw new AccountInputError(`Teléfono no válido: ${input.phone}`);
  let documentType = input.document_type ?? null;
  let documentNumber = input.document_number ?? null;
  if (input.nit) {
    if (!isValidNit(input.nit)) throw new AccountInputError(`NIT no válido: ${input.nit}`);
    documentType = 'NIT';
    documentNumber = normalizeNit(input.nit);
  }
  const now = nowIso();
  const name = input.name.trim() || personName(input.first_name, input.last_name) || email;
  const passwordHash = input.password_hash ?? (input.password ? await hashPassword(input.password) : null);
  let user: UserRow;
  try {
    user = await insertUser(db, {
      email,
      password_hash: passwordHash,
      tc_id: input.tc_id,
      id_empresa: input.id_empresa ?? null,
      is_admin: input.is_admin ? 1 : 0,
      name,
      first_name: input.first_name ?? null,
      last_name: input.last_name ?? null,
      company_name: input.company_name ?? null,
      contact_name: input.contact_name ?? null,
      document_type: documentType,
      document_number: documentNumber,
      phone: input.phone ?? null,
      address: input.address ?? null,
      city: input.city ?? null,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      email_verified_at: input.email_verified === false ? null : now,
      data_policy_version: input.consent ? DATA_POLICY_VERSION : null,
      data_policy_accepted_at: input.consent ? now : null,
      active: input.active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new EmailInUseError(`Ya existe una cuenta con el correo ${email}`);
    throw err;
  }
  if (input.consent) {
    await insertConsent(db, {
      user_id: user.id,
      kind: 'data-policy',
      version: DATA_POLICY_VERSION,
      accepted_at: now,
      withdrawn_at: null,
      ip: input.consent.ip,
      user_agent: input.consent.userAgent?.slice(0, 300) ?? null,
    });
  }
  return user;
}

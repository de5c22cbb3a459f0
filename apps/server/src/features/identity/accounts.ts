import { TC_ID, ZEmail, isValidNit, normalizeNit } from '@puntoverde/contract';
import type { Db } from '../../db/dialect.js';
import { nowIso } from '../../db/dialect.js';
import { emailExists, findUserById, insertUser, type UserRow } from './identity.repository.js';
import { hashPassword } from './passwords.js';
import { isValidColombianPhone } from './phone.js';
import { personName } from './user-view.js';

export class AccountInputError extends Error {}

export type NewAccount = {
  tc_id: 1 | 2 | 3;
  email: string;
  password: string | null;
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
  /** The company head's id: makes a tc_id 3 account a branch. */
  id_empresa?: number | null;
  is_admin?: boolean;
  email_verified?: boolean;
  active?: boolean;
};

/**
 * Creates an account directly (admin CLIs, demo seed, test factories): the e-mail is checked,
 * the password hashed with argon2id, the e-mail counted as verified. Sign-up goes through the
 * identity service instead (consent, strength check, session).
 */
export async function createAccount(db: Db, input: NewAccount): Promise<UserRow> {
  const parsedEmail = ZEmail.safeParse(input.email);
  if (!parsedEmail.success) throw new AccountInputError(`Correo no válido: ${input.email}`);
  const email = parsedEmail.data;
  if (![TC_ID.manager, TC_ID.household, TC_ID.company].includes(input.tc_id)) {
    throw new AccountInputError(`Tipo de usuario no válido: ${String(input.tc_id)} (usa 1, 2 o 3)`);
  }
  if (await emailExists(db, email)) throw new AccountInputError(`Ya existe una cuenta con el correo ${email}`);
  if (input.id_empresa != null) {
    const head = await findUserById(db, input.id_empresa);
    if (input.tc_id !== TC_ID.company || !head || head.tc_id !== TC_ID.company || head.id_empresa !== null) {
      throw new AccountInputError('Solo una cuenta de empresa (tipo 3) puede ser sucursal de otra empresa (tipo 3).');
    }
  }
  if (input.phone && !isValidColombianPhone(input.phone)) throw new AccountInputError(`Teléfono no válido: ${input.phone}`);
  let documentType = input.document_type ?? null;
  let documentNumber = input.document_number ?? null;
  if (input.nit) {
    if (!isValidNit(input.nit)) throw new AccountInputError(`NIT no válido: ${input.nit}`);
    documentType = 'NIT';
    documentNumber = normalizeNit(input.nit);
  }
  const now = nowIso();
  const name = input.name.trim() || personName(input.first_name, input.last_name) || email;
  return insertUser(db, {
    email,
    password_hash: input.password === null ? null : await hashPassword(input.password),
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
    lat: null,
    lng: null,
    email_verified_at: input.email_verified === false ? null : now,
    data_policy_version: null,
    data_policy_accepted_at: null,
    active: input.active === false ? 0 : 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  });
}

import type { Me } from '@puntoverde/contract';
import type { UserRow } from './identity.repository.js';

/** The contract's view of a user row (GET /v1/me, clientes/lista): never the password hash. */
export function toMe(row: UserRow): Me {
  return {
    id: row.id,
    tc_id: row.tc_id,
    id_empresa: row.id_empresa ?? null,
    email: row.email,
    name: row.name,
    is_admin: row.is_admin === 1,
    first_name: row.first_name,
    last_name: row.last_name,
    company_name: row.company_name,
    contact_name: row.contact_name,
    document_type: row.document_type,
    document_number: row.document_number,
    nit: row.document_type === 'NIT' ? row.document_number : null,
    phone: row.phone,
    city: row.city,
    address: row.address,
    email_verified: row.email_verified_at !== null,
    email_verified_at: row.email_verified_at,
    phone_verified: row.phone_verified_at !== null,
    phone_verified_at: row.phone_verified_at,
    data_policy_version: row.data_policy_version,
    data_policy_accepted_at: row.data_policy_accepted_at,
    has_password: row.password_hash !== null,
    must_change_password: row.must_change_password === 1,
    created_at: row.created_at,
  };
}

/** People's display name is their full name; companies' is the razón social. */
export function personName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last].filter(Boolean).join(' ').trim();
}

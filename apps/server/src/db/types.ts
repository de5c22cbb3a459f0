import type { Generated } from 'kysely';

/**
 * Table types of the whole database. Timestamps are ISO 8601 UTC text and booleans are
 * integers 0/1 on both SQLite and PostgreSQL, so the same queries run on both.
 * Each feature adds its tables here next to its migration.
 */
export interface Database {
  app_setting: AppSettingTable;
  users: UsersTable;
  files: FilesTable;
}

export interface AppSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  /** Lower-cased; unique. */
  email: string;
  /** argon2id PHC string; null for social-only accounts. */
  password_hash: string | null;
  /** 1 point manager, 2 household, 3 company (spec §1). */
  tc_id: number;
  /** The company head's user id for a branch; null otherwise. */
  id_empresa: number | null;
  is_admin: Generated<number>;
  /** Display name: person's full name or razón social. */
  name: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  contact_name: string | null;
  /** CC | CE | PP | NIT */
  document_type: string | null;
  document_number: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  lat: number | null;
  lng: number | null;
  email_verified_at: string | null;
  data_policy_version: string | null;
  data_policy_accepted_at: string | null;
  /** 0 = deactivated (cannot log in; history stays). */
  active: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface FilesTable {
  id: Generated<number>;
  /** Public random id used in URLs (never the sequential one). */
  public_id: string;
  owner_id: number | null;
  /** image | document */
  kind: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  /** Key inside the storage backend. */
  storage_key: string;
  /** 1 = anyone may read it (campaign images, logos); 0 = owner and staff only. */
  is_public: Generated<number>;
  created_at: string;
}

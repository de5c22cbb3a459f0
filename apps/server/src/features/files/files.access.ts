import type { Db } from '../../db/dialect.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { FileRow } from './files.repository.js';

/**
 * Who may read a private file. Its owner and admins always may; other features add rules
 * (e.g. the point manager who handles a pickup request may see its photos) with
 * {@link registerFileAccessRule} when their module loads.
 */
export type FileAccessRule = (db: Db, file: FileRow, user: AuthUser) => Promise<boolean>;

const rules: FileAccessRule[] = [];

export function registerFileAccessRule(rule: FileAccessRule): void {
  if (!rules.includes(rule)) rules.push(rule);
}

export async function canReadFile(db: Db, file: FileRow, user: AuthUser | null): Promise<boolean> {
  if (file.is_public) return true;
  if (!user) return false;
  if (user.is_admin || file.owner_id === user.id) return true;
  for (const rule of rules) {
    if (await rule(db, file, user)) return true;
  }
  return false;
}

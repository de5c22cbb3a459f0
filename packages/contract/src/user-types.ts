import { z } from 'zod';

/**
 * User kinds by the numeric `tc_id` field (spec §1, §3).
 * 0 means "no user" (the logged-out state of the session store, spec §4).
 */
export const TC_ID = {
  none: 0,
  manager: 1,
  household: 2,
  company: 3,
} as const;
export type TcId = (typeof TC_ID)[keyof typeof TC_ID];

export const ZTcId = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** The user-type label shown as the menu header (spec §1, §2). */
export type UserKind = 'manager' | 'household' | 'company' | 'branch';

export const USER_KIND_LABELS_ES: Record<UserKind, string> = {
  manager: 'Responsable del punto',
  household: 'Hogar',
  company: 'Empresa',
  branch: 'Sucursal',
};

/** A company user linked to a company (`id_empresa` set) is a branch (spec §1). */
export function userKindOf(user: { tc_id: number; id_empresa?: number | string | null }): UserKind | null {
  switch (user.tc_id) {
    case TC_ID.manager:
      return 'manager';
    case TC_ID.household:
      return 'household';
    case TC_ID.company:
      return user.id_empresa === null || user.id_empresa === undefined || user.id_empresa === '' ? 'company' : 'branch';
    default:
      return null;
  }
}

/** Sessions of every user kind, shaped like the stored `currentUser` (spec §3). */
import type { CurrentUser } from '../lib/session';

export const managerUser: CurrentUser = {
  id: 7,
  tc_id: 1,
  id_empresa: null,
  token: 'token-manager',
  name: 'Gestor Demo',
};
export const householdUser: CurrentUser = {
  id: 8,
  tc_id: 2,
  id_empresa: null,
  token: 'token-household',
  name: 'Hogar Demo',
};
export const companyHeadUser: CurrentUser = {
  id: 9,
  tc_id: 3,
  id_empresa: null,
  token: 'token-company',
  name: 'Empresa Demo',
};
export const branchUser: CurrentUser = {
  id: 10,
  tc_id: 3,
  id_empresa: 9,
  token: 'token-branch',
  name: 'Sucursal Demo',
};
export const staffUser: CurrentUser = {
  id: 11,
  tc_id: 2,
  id_empresa: null,
  token: 'token-staff',
  name: 'Admin Demo',
  is_admin: true,
};

import type { AdminUser } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../test/translate';
import { kindLabel } from '../components/admin/admin-users';

const t = (key: string) => translate(key);
const account = (patch: Partial<AdminUser>) => ({ tc_id: 2, id_empresa: null, is_admin: false, ...patch }) as AdminUser;

describe("the users list's account label", () => {
  it('calls a staff account "Administración", not "Hogar"', () => {
    expect(kindLabel(t, account({ is_admin: true }))).toBe('Administración');
  });

  it('keeps the spec labels for everyone else', () => {
    expect(kindLabel(t, account({}))).toBe('Hogar');
    expect(kindLabel(t, account({ tc_id: 1 }))).toBe('Responsable del punto');
    expect(kindLabel(t, account({ tc_id: 3, id_empresa: 4 }))).toBe('Sucursal');
  });
});

import { USER_KIND_LABELS_ES } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_USER } from '../../lib/session';
import { branchUser, companyHeadUser, householdUser, managerUser, staffUser } from '../../test/fixtures';
import { translate } from '../../test/translate';
import { buildMenu, menuHeaderKey } from '../menu';

describe('menu header', () => {
  it.each([
    ['logged out', null, 'Menú'],
    ['the empty user', EMPTY_USER, 'Menú'],
    ['a point manager', managerUser, 'Responsable del punto'],
    ['a household', householdUser, 'Hogar'],
    ['a company head', companyHeadUser, 'Empresa'],
    ['a branch', branchUser, 'Sucursal'],
    ['staff (is_admin, whatever its tc_id)', staffUser, 'Administración'],
    ['staff logged out', { ...staffUser, tc_id: 0 }, 'Menú'],
  ])('reads the right label for %s', (_who, user, label) => {
    expect(translate(menuHeaderKey(user))).toBe(label);
    expect(translate(buildMenu(user).headerKey)).toBe(label);
  });

  it('uses the contract labels for every kind', () => {
    for (const [kind, label] of Object.entries(USER_KIND_LABELS_ES)) {
      expect(translate(`userKind.${kind}`)).toBe(label);
    }
  });

  it('has English labels', () => {
    expect(translate(menuHeaderKey(null), 'en')).toBe('Menu');
    expect(translate(menuHeaderKey(managerUser), 'en')).toBe('Point manager');
    expect(translate(menuHeaderKey(branchUser), 'en')).toBe('Branch');
  });
});

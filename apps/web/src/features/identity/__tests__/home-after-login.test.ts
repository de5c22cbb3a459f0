import { describe, expect, it } from 'vitest';
import { branchUser, companyHeadUser, householdUser, managerUser, staffUser } from '../../../test/fixtures';
import { homeAfterLogin } from '../routes';

describe('the start page after login', () => {
  it('is the back office for staff', () => {
    expect(homeAfterLogin(staffUser)).toBe('/admin');
    expect(homeAfterLogin({ ...managerUser, is_admin: 1 })).toBe('/admin');
  });

  it('is the landing page for every spec user type', () => {
    for (const user of [
      managerUser,
      householdUser,
      companyHeadUser,
      branchUser,
      { ...householdUser, is_admin: false },
    ]) {
      expect(homeAfterLogin(user)).toBe('/index');
    }
  });
});

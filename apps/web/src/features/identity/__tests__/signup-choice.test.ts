import { describe, expect, it } from 'vitest';
import { translate } from '../../../test/translate';

/**
 * The sign-up chooser promises what each kind of account can do: pickups, incident reports,
 * Mis cifras and PQRs for households; branch offices, company-wide kilos and certificates for
 * companies — each of them built (Reportes holds reports, figures and certificates).
 */
describe('the sign-up chooser', () => {
  it('names what a household can do', () => {
    expect(translate('identity.signup.householdText')).toMatch(/recoj/);
    expect(translate('identity.signup.householdText')).toMatch(/reporta/);
    expect(translate('identity.signup.householdText')).toMatch(/cuánto reciclas/);
  });

  it('names what a company can do', () => {
    expect(translate('identity.signup.companyText')).toMatch(/sucursales/);
    expect(translate('identity.signup.companyText')).toMatch(/certificados/);
    expect(translate('identity.signup.companyText', 'en')).toMatch(/certificates/);
  });
});

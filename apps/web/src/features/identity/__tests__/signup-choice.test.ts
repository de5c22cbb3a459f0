import { describe, expect, it } from 'vitest';
import { translate } from '../../../test/translate';

/**
 * The sign-up chooser promises only what the app does today: pickups and their follow-up, PQRs,
 * branch offices and their kilos. Incident reports, statistics and certificates are not built
 * yet (app/tabs/reports says so): the chooser must not promise them.
 */
describe('the sign-up chooser', () => {
  const texts = (lang: 'es' | 'en') =>
    [translate('identity.signup.householdText', lang), translate('identity.signup.companyText', lang)].join(' ');

  it('promises no feature that does not exist yet', () => {
    expect(texts('es')).not.toMatch(/report|certificad|estad[ií]stic|cuánto reciclas/i);
    expect(texts('en')).not.toMatch(/report|certificate|statistic|how much you recycle/i);
  });

  it('names what each kind of account can do now', () => {
    expect(translate('identity.signup.householdText')).toMatch(/recoj|recolecc/);
    expect(translate('identity.signup.companyText')).toMatch(/sucursales/);
  });
});

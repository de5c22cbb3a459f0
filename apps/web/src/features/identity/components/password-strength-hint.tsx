/** The live strength hint under a new-password field (polite live region, not an error). */
import { useTranslation } from 'react-i18next';
import { passwordStrength } from '../forms/password-strength';
import type { PasswordStrength } from '../forms/password-strength';

const LEVEL: Record<PasswordStrength, number> = { empty: 0, 'too-short': 1, weak: 1, fair: 2, good: 3, strong: 4 };

export function PasswordStrengthHint({ password, personal = [] }: { password: string; personal?: readonly string[] }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password, personal);
  return (
    <div className="pv-strength" data-level={LEVEL[strength]}>
      <div className="pv-strength-bar" aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
      </div>
      <p className="pv-hint" aria-live="polite">
        {t(`identity.strength.${strength}`)}
      </p>
    </div>
  );
}

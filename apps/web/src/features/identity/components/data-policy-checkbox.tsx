/** Consent to the personal-data policy (Ley 1581 de 2012): unticked by default, with a link to read it. */
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CheckboxField } from '../../../components/form-fields';
import { DATA_POLICY_PATH } from '../routes';

export function DataPolicyCheckbox({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation();
  return (
    <CheckboxField registration={registration} error={error}>
      {t('identity.dataPolicyConsent.before')}{' '}
      {/* A new tab keeps what the user already typed in this form. */}
      <a href={DATA_POLICY_PATH} target="_blank" rel="noopener">
        {t('identity.dataPolicyConsent.link')}
      </a>
      {t('identity.dataPolicyConsent.after')}
    </CheckboxField>
  );
}

/**
 * What the household and the company sign-up forms share: the form, its alert, the section that
 * names the account holder (the caller's fields), contact, password and consent, the submit button.
 */
import type { BaseSyntheticEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-fields';
import { SignupContactFieldset, SignupPasswordAndConsent, type FieldGroupProps } from './account-field-groups';

type SharedKeys = 'email' | 'phone' | 'city' | 'address' | 'password' | 'accept_data_policy';

export interface SignupFormFrameProps extends FieldGroupProps<SharedKeys> {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  formError: string | null;
  isSubmitting: boolean;
  /** The legend of the holder's section and its fields. */
  legend: string;
  holder: ReactNode;
  addressOptional: boolean;
  password: string;
  /** Names and e-mail the password must not contain. */
  personal: readonly string[];
  submitLabel: string;
}

export function SignupFormFrame({
  register,
  errors,
  onSubmit,
  formError,
  isSubmitting,
  legend,
  holder,
  addressOptional,
  password,
  personal,
  submitLabel,
}: SignupFormFrameProps) {
  const { t } = useTranslation();
  return (
    <form className="pv-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <FormAlert message={formError} />
      <fieldset>
        <legend>{legend}</legend>
        {holder}
      </fieldset>
      <SignupContactFieldset register={register} errors={errors} addressOptional={addressOptional} />
      <SignupPasswordAndConsent register={register} errors={errors} password={password} personal={personal} />
      <div className="pv-actions">
        <button type="submit" className="pv-button" disabled={isSubmitting}>
          {isSubmitting ? t('identity.signup.submitting') : submitLabel}
        </button>
      </div>
    </form>
  );
}

/**
 * What the household and the company sign-up forms share: the form, its alert, the section that
 * names the account holder (the caller's fields), contact, password and consent, the submit button.
 */
import type { SessionUser, SignupData } from '@puntoverde/contract';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/field-shell';
import { useApiFormSubmit } from '../../../lib/use-api-form';
import { useSignup } from '../api/signup';
import { SignupContactFieldset, SignupPasswordAndConsent, type FieldGroupProps } from './account-field-groups';
import { ApiForm } from '../../../components/api-form';
import { SubmitButton } from '../../../components/submit-button';

type SharedKeys = 'email' | 'phone' | 'city' | 'address' | 'password' | 'accept_data_policy';
const SHARED_FIELDS: readonly SharedKeys[] = ['email', 'phone', 'city', 'address', 'password', 'accept_data_policy'];

/** The shared fields' starting values, spread into each form's defaults. */
export const SIGNUP_SHARED_DEFAULTS = {
  email: '',
  phone: '',
  city: '',
  address: '',
  password: '',
  // Unticked until the person or company chooses to accept (Ley 1581 de 2012: consent is explicit).
  accept_data_policy: false as unknown as true,
};

/**
 * Wires a sign-up form to the frame: sends the values and logs in; a refusal's field messages go
 * onto the holder's fields (`holderFields`) or the shared ones, anything else above the form.
 */
export function useSignupFrame<T extends FieldValues, TValid extends SignupData>(
  form: UseFormReturn<T, unknown, TValid>,
  /** The holder's fields a server error may name, and those holding names (not in the password). */
  { holderFields, nameFields }: { holderFields: readonly Path<T>[]; nameFields: readonly Path<T>[] },
  onSignedUp: (user: SessionUser) => void,
) {
  const signupMutation = useSignup();
  const { onSubmit, formError } = useApiFormSubmit(
    form,
    [...holderFields, ...SHARED_FIELDS],
    async (values) => onSignedUp(await signupMutation.mutateAsync(values)),
    { prefix: 'data_user.' },
  );
  // Both schemas declare the shared names; a generic T cannot show it to the compiler.
  const [password, ...personal] = form.watch(['password', ...nameFields, 'email'] as Path<T>[]) as (
    string | undefined
  )[];
  return {
    register: form.register as unknown as SignupFormFrameProps['register'],
    errors: form.formState.errors as SignupFormFrameProps['errors'],
    onSubmit,
    formError,
    isSubmitting: form.formState.isSubmitting,
    password: password ?? '',
    personal: personal.map((value) => value ?? ''),
  };
}

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
  /** Called when a field first takes focus: starts loading the form's validation (lazyResolver). */
  onFocus?: () => void;
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
  onFocus,
}: SignupFormFrameProps) {
  const { t } = useTranslation();
  return (
    <ApiForm onSubmit={onSubmit} busy={isSubmitting} onFocus={onFocus}>
      <FormAlert message={formError} />
      <fieldset>
        <legend>{legend}</legend>
        {holder}
      </fieldset>
      <SignupContactFieldset register={register} errors={errors} addressOptional={addressOptional} />
      <SignupPasswordAndConsent register={register} errors={errors} password={password} personal={personal} />
      <div className="pv-actions">
        <SubmitButton className="pv-button" busy={isSubmitting}>
          {isSubmitting ? t('identity.signup.submitting') : submitLabel}
        </SubmitButton>
      </div>
    </ApiForm>
  );
}

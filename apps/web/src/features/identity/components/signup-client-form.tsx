/** Household sign-up (tc_id 2): POST clientes/registro { data_user } (spec §7). */
import { zodResolver } from '@hookform/resolvers/zod';
import { DOCUMENT_TYPES, TC_ID, ZHouseholdSignupData } from '@puntoverde/contract';
import type { HouseholdSignupForm, SessionUser } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert, PasswordField, SelectField, TextField } from '../../../components/form-fields';
import { useSignup } from '../api/signup';
import { errorMessage } from '../forms/error-message';
import { applyServerFieldErrors, isFieldErrorSource } from '../forms/server-errors';
import { CityField } from './city-field';
import { DataPolicyCheckbox } from './data-policy-checkbox';
import './identity.css';
import { PasswordStrengthHint } from './password-strength-hint';

const FIELDS: readonly Path<HouseholdSignupForm>[] = [
  'first_name',
  'last_name',
  'document_type',
  'document_number',
  'email',
  'phone',
  'city',
  'address',
  'password',
  'accept_data_policy',
];

export function SignupClientForm({ onSignedUp }: { onSignedUp: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  const signupMutation = useSignup();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZHouseholdSignupData),
    defaultValues: {
      tc_id: TC_ID.household,
      first_name: '',
      last_name: '',
      document_type: 'CC',
      document_number: '',
      email: '',
      phone: '',
      city: '',
      address: '',
      password: '',
      // Unticked until the person chooses to accept (Ley 1581 de 2012: consent is explicit).
      accept_data_policy: false as unknown as true,
    },
  });
  const [password = '', firstName = '', lastName = '', email = ''] = watch(['password', 'first_name', 'last_name', 'email']);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSignedUp(await signupMutation.mutateAsync(values));
    } catch (error) {
      if (isFieldErrorSource(error) && applyServerFieldErrors(error, setError, FIELDS, 'data_user.')) return;
      setFormError(errorMessage(t, error));
    }
  });

  return (
    <form className="pv-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <FormAlert message={formError} />
      <fieldset>
        <legend>{t('identity.signup.personSection')}</legend>
        <TextField
          label={t('identity.fields.firstName')}
          autoComplete="given-name"
          registration={register('first_name')}
          error={errors.first_name?.message}
        />
        <TextField
          label={t('identity.fields.lastName')}
          autoComplete="family-name"
          registration={register('last_name')}
          error={errors.last_name?.message}
        />
        <SelectField
          label={t('identity.fields.documentType')}
          registration={register('document_type')}
          error={errors.document_type?.message}
          options={DOCUMENT_TYPES.map((value) => ({ value, label: t(`identity.documentTypes.${value}`) }))}
        />
        <TextField
          label={t('identity.fields.documentNumber')}
          autoComplete="off"
          registration={register('document_number')}
          error={errors.document_number?.message}
        />
      </fieldset>
      <fieldset>
        <legend>{t('identity.signup.contactSection')}</legend>
        <TextField
          label={t('identity.fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          label={t('identity.fields.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          hint={t('identity.hints.phone')}
          registration={register('phone')}
          error={errors.phone?.message}
        />
        <CityField registration={register('city')} error={errors.city?.message} />
        <TextField
          label={t('identity.fields.address')}
          optional
          autoComplete="street-address"
          registration={register('address')}
          error={errors.address?.message}
        />
      </fieldset>
      <PasswordField
        label={t('identity.fields.password')}
        autoComplete="new-password"
        registration={register('password')}
        error={errors.password?.message}
        below={<PasswordStrengthHint password={password} personal={[firstName, lastName, email]} />}
      />
      <DataPolicyCheckbox registration={register('accept_data_policy')} error={errors.accept_data_policy?.message} />
      <div className="pv-actions">
        <button type="submit" className="pv-button" disabled={isSubmitting}>
          {isSubmitting ? t('identity.signup.submitting') : t('identity.signup.submit')}
        </button>
      </div>
    </form>
  );
}

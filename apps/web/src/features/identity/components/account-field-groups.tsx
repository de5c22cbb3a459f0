/**
 * The field groups the sign-up and profile forms share: the person's names and document, the
 * company's razón social, NIT and contact, and phone/city/address. Each group takes the form's
 * `register` and `errors`, so one label, autocomplete hint and error wiring serves every form.
 */
import { DOCUMENT_TYPES } from '@puntoverde/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField, SelectField, TextField } from '../../../components/form-fields';
import { CityField } from './city-field';
import { DataPolicyCheckbox } from './data-policy-checkbox';
import { NitField } from './nit-field';
import { PasswordStrengthHint } from './password-strength-hint';

/** What a group needs of a react-hook-form form whose values include the fields `K`. */
export interface FieldGroupProps<K extends string> {
  register: (name: K) => UseFormRegisterReturn;
  errors: Partial<Record<K, { message?: string }>>;
}

/** An e-mail input, labelled «Correo electrónico» unless `label` says otherwise. */
export function EmailField({
  registration,
  error,
  label,
  autoComplete = 'email',
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  label?: string;
  /** `username` where it is the login name, so password managers pair it with the password. */
  autoComplete?: 'email' | 'username';
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label ?? t('identity.fields.email')}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      registration={registration}
      error={error}
    />
  );
}

type PersonField = 'first_name' | 'last_name' | 'document_type' | 'document_number';

export function PersonFields({
  register,
  errors,
  documentNumberAutoComplete,
}: FieldGroupProps<PersonField> & { documentNumberAutoComplete?: 'off' }) {
  const { t } = useTranslation();
  return (
    <>
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
        autoComplete={documentNumberAutoComplete}
        registration={register('document_number')}
        error={errors.document_number?.message}
      />
    </>
  );
}

export function CompanyFields({ register, errors }: FieldGroupProps<'company_name' | 'nit' | 'contact_name'>) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('identity.fields.companyName')}
        autoComplete="organization"
        registration={register('company_name')}
        error={errors.company_name?.message}
      />
      <NitField registration={register('nit')} error={errors.nit?.message} />
      <TextField
        label={t('identity.fields.contactName')}
        autoComplete="name"
        registration={register('contact_name')}
        error={errors.contact_name?.message}
      />
    </>
  );
}

/** Phone, city and address; the address is optional for households only. */
export function LocationFields({
  register,
  errors,
  addressOptional,
}: FieldGroupProps<'phone' | 'city' | 'address'> & { addressOptional: boolean }) {
  const { t } = useTranslation();
  return (
    <>
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
        optional={addressOptional}
        autoComplete="street-address"
        registration={register('address')}
        error={errors.address?.message}
      />
    </>
  );
}

/** The sign-up contact section: e-mail, then phone, city and address. */
export function SignupContactFieldset({
  register,
  errors,
  addressOptional,
}: FieldGroupProps<'email' | 'phone' | 'city' | 'address'> & { addressOptional: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('identity.signup.contactSection')}</legend>
      <EmailField registration={register('email')} error={errors.email?.message} />
      <LocationFields register={register} errors={errors} addressOptional={addressOptional} />
    </fieldset>
  );
}

/** The new password with its live strength hint, then the data-policy consent. */
export function SignupPasswordAndConsent({
  register,
  errors,
  password,
  personal,
}: FieldGroupProps<'password' | 'accept_data_policy'> & { password: string; personal: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('identity.fields.password')}
        autoComplete="new-password"
        registration={register('password')}
        error={errors.password?.message}
        below={<PasswordStrengthHint password={password} personal={personal} />}
      />
      <DataPolicyCheckbox registration={register('accept_data_policy')} error={errors.accept_data_policy?.message} />
    </>
  );
}

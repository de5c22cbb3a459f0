/** Edit own profile data (PATCH v1/me): people edit names and document; companies their razón social, NIT and contact. */
import { zodResolver } from '@hookform/resolvers/zod';
import { DOCUMENT_TYPES, TC_ID, ZUpdateProfileRequest, formatNit } from '@puntoverde/contract';
import type { Me, UpdateProfileRequest } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert, SelectField, TextField } from '../../../components/form-fields';
import { useUpdateProfile } from '../api/update-profile';
import { errorMessage } from '../forms/error-message';
import { applyServerFieldErrors, isFieldErrorSource } from '../forms/server-errors';
import { CityField } from './city-field';
import './identity.css';
import { NitField } from './nit-field';

type ProfileForm = UpdateProfileRequest;

const PERSON_FIELDS: readonly Path<ProfileForm>[] = ['first_name', 'last_name', 'document_type', 'document_number', 'phone', 'city', 'address'];
const COMPANY_FIELDS: readonly Path<ProfileForm>[] = ['company_name', 'nit', 'contact_name', 'phone', 'city', 'address'];

export function isCompanyProfile(me: Pick<Me, 'tc_id'>): boolean {
  return me.tc_id === TC_ID.company;
}

function defaultsFor(me: Me): ProfileForm {
  const common = { phone: me.phone ?? '', city: me.city ?? '', address: me.address ?? '' };
  if (isCompanyProfile(me)) {
    return { company_name: me.company_name ?? '', nit: me.nit ? formatNit(me.nit) : '', contact_name: me.contact_name ?? '', ...common };
  }
  const documentType = DOCUMENT_TYPES.find((type) => type === me.document_type) ?? 'CC';
  return {
    first_name: me.first_name ?? '',
    last_name: me.last_name ?? '',
    document_type: documentType,
    document_number: me.document_number ?? '',
    ...common,
  };
}

export function ProfileDetailsForm({ me, onSaved }: { me: Me; onSaved: () => void }) {
  const { t } = useTranslation();
  const mutation = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const company = isCompanyProfile(me);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(ZUpdateProfileRequest), defaultValues: defaultsFor(me) });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await mutation.mutateAsync(values);
      reset(defaultsFor(saved));
      onSaved();
    } catch (error) {
      if (isFieldErrorSource(error) && applyServerFieldErrors(error, setError, company ? COMPANY_FIELDS : PERSON_FIELDS)) return;
      setFormError(errorMessage(t, error));
    }
  });

  return (
    <form className="pv-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <FormAlert message={formError} />
      {company ? (
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
      ) : (
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
            registration={register('document_number')}
            error={errors.document_number?.message}
          />
        </>
      )}
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
        optional={!company}
        autoComplete="street-address"
        registration={register('address')}
        error={errors.address?.message}
      />
      <div className="pv-actions">
        <button type="submit" className="pv-button" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? t('identity.profile.saving') : t('identity.profile.save')}
        </button>
      </div>
    </form>
  );
}

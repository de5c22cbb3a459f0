/** complete-company: the company head's fields (NIT with its DIAN check digit), no e-mail or password. */
import { zodResolver } from '@hookform/resolvers/zod';
import { TC_ID, ZCompleteCompanyData } from '@puntoverde/contract';
import type { CompleteCompanyForm as CompanyFormValues, SessionUser, SocialTicketInfo } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCompleteSocialProfile } from '../api/complete-social-profile';
import { socialErrorMessage } from '../social-messages';
import type { CompletionFieldKit } from './completion-field-kit';
import { placeFieldErrors } from './server-field-errors';

const FIELDS: readonly Path<CompanyFormValues>[] = [
  'company_name',
  'nit',
  'contact_name',
  'phone',
  'city',
  'address',
  'accept_data_policy',
];

export interface CompleteCompanyFormProps {
  ticket: string;
  info: SocialTicketInfo;
  kit: CompletionFieldKit;
  onCompleted: (user: SessionUser) => void;
}

export function CompleteCompanyForm({ ticket, info, kit, onCompleted }: CompleteCompanyFormProps) {
  const { t } = useTranslation();
  const { TextField, NitField, CityField, DataPolicyCheckbox, FormAlert } = kit;
  const completion = useCompleteSocialProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZCompleteCompanyData),
    defaultValues: {
      tc_id: TC_ID.company,
      company_name: '',
      nit: '',
      // The person who signed in is the natural contact.
      contact_name: [info.given_name, info.family_name].filter(Boolean).join(' '),
      phone: '',
      city: '',
      address: '',
      // Unticked until the company chooses to accept (Ley 1581 de 2012: consent is explicit).
      accept_data_policy: false as unknown as true,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onCompleted(await completion.mutateAsync({ ticket, data_user: values }));
    } catch (error) {
      if (placeFieldErrors(error, setError, FIELDS)) return;
      setFormError(socialErrorMessage(t, error));
    }
  });

  return (
    <form className="pv-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <FormAlert message={formError} />
      <fieldset>
        <legend>{t('socialAuth.complete.companySection')}</legend>
        <TextField
          label={t('socialAuth.fields.companyName')}
          autoComplete="organization"
          registration={register('company_name')}
          error={errors.company_name?.message}
        />
        <NitField registration={register('nit')} error={errors.nit?.message} />
        <TextField
          label={t('socialAuth.fields.contactName')}
          autoComplete="name"
          registration={register('contact_name')}
          error={errors.contact_name?.message}
        />
      </fieldset>
      <fieldset>
        <legend>{t('socialAuth.complete.contactSection')}</legend>
        <TextField
          label={t('socialAuth.fields.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          hint={t('socialAuth.hints.phone')}
          registration={register('phone')}
          error={errors.phone?.message}
        />
        <CityField registration={register('city')} error={errors.city?.message} />
        <TextField
          label={t('socialAuth.fields.address')}
          autoComplete="street-address"
          registration={register('address')}
          error={errors.address?.message}
        />
      </fieldset>
      <DataPolicyCheckbox registration={register('accept_data_policy')} error={errors.accept_data_policy?.message} />
      <div className="pv-actions">
        <button type="submit" className="pv-button" disabled={isSubmitting}>
          {isSubmitting ? t('socialAuth.complete.submitting') : t('socialAuth.complete.submitCompany')}
        </button>
      </div>
    </form>
  );
}

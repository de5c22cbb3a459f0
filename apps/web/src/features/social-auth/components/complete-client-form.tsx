/** complete-client: a household's fields (names, document, phone, city), no e-mail or password. */
import { zodResolver } from '@hookform/resolvers/zod';
import { DOCUMENT_TYPES, TC_ID, ZCompleteClientData } from '@puntoverde/contract';
import type { CompleteClientForm as ClientFormValues, SessionUser, SocialTicketInfo } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCompleteSocialProfile } from '../api/complete-social-profile';
import { socialErrorMessage } from '../social-messages';
import type { CompletionFieldKit } from './completion-field-kit';
import { placeFieldErrors } from './server-field-errors';

const FIELDS: readonly Path<ClientFormValues>[] = [
  'first_name',
  'last_name',
  'document_type',
  'document_number',
  'phone',
  'city',
  'address',
  'accept_data_policy',
];

export interface CompleteClientFormProps {
  ticket: string;
  info: SocialTicketInfo;
  kit: CompletionFieldKit;
  onCompleted: (user: SessionUser) => void;
}

export function CompleteClientForm({ ticket, info, kit, onCompleted }: CompleteClientFormProps) {
  const { t } = useTranslation();
  const { TextField, SelectField, CityField, DataPolicyCheckbox, FormAlert } = kit;
  const completion = useCompleteSocialProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZCompleteClientData),
    defaultValues: {
      tc_id: TC_ID.household,
      // What the provider knows, editable.
      first_name: info.given_name ?? '',
      last_name: info.family_name ?? '',
      document_type: 'CC',
      document_number: '',
      phone: '',
      city: '',
      address: '',
      // Unticked until the person chooses to accept (Ley 1581 de 2012: consent is explicit).
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

  const documentOptions = DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`socialAuth.documentTypes.${type}`) }));

  return (
    <form className="pv-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <FormAlert message={formError} />
      <fieldset>
        <legend>{t('socialAuth.complete.personSection')}</legend>
        <TextField
          label={t('socialAuth.fields.firstName')}
          autoComplete="given-name"
          registration={register('first_name')}
          error={errors.first_name?.message}
        />
        <TextField
          label={t('socialAuth.fields.lastName')}
          autoComplete="family-name"
          registration={register('last_name')}
          error={errors.last_name?.message}
        />
        <SelectField
          label={t('socialAuth.fields.documentType')}
          options={documentOptions}
          registration={register('document_type')}
          error={errors.document_type?.message}
        />
        <TextField
          label={t('socialAuth.fields.documentNumber')}
          autoComplete="off"
          registration={register('document_number')}
          error={errors.document_number?.message}
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
          optional
          registration={register('address')}
          error={errors.address?.message}
        />
      </fieldset>
      <DataPolicyCheckbox registration={register('accept_data_policy')} error={errors.accept_data_policy?.message} />
      <div className="pv-actions">
        <button type="submit" className="pv-button" disabled={isSubmitting}>
          {isSubmitting ? t('socialAuth.complete.submitting') : t('socialAuth.complete.submitClient')}
        </button>
      </div>
    </form>
  );
}

/** complete-client: a household's fields (names, document, phone, city), no e-mail or password. */
import { zodResolver } from '../../../lib/zod-resolver';
import { DOCUMENT_TYPES, TC_ID, ZCompleteClientData } from '@puntoverde/contract';
import type { CompleteClientForm as ClientFormValues } from '@puntoverde/contract';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CompletionForm, SHARED_DEFAULT_VALUES, useCompletionForm } from './completion-form';
import type { SocialCompletionFormProps } from './completion-form';

/** The fields of its own a server error may name. */
const OWN_FIELDS: readonly Path<ClientFormValues>[] = ['first_name', 'last_name', 'document_type', 'document_number'];

export type CompleteClientFormProps = SocialCompletionFormProps;

export function CompleteClientForm({ ticket, info, kit, onCompleted }: CompleteClientFormProps) {
  const { t } = useTranslation();
  const { TextField, SelectField } = kit;
  const form = useForm({
    resolver: zodResolver(ZCompleteClientData),
    defaultValues: {
      tc_id: TC_ID.household,
      // What the provider knows, editable.
      first_name: info.given_name ?? '',
      last_name: info.family_name ?? '',
      document_type: 'CC',
      document_number: '',
      ...SHARED_DEFAULT_VALUES,
    },
  });

  const {
    register,
    formState: { errors },
  } = form;
  const completion = useCompletionForm(form, { ticket, kit, onCompleted }, OWN_FIELDS);
  const documentOptions = DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`socialAuth.documentTypes.${type}`) }));

  return (
    <CompletionForm {...completion} submitLabel={t('socialAuth.complete.submitClient')} addressOptional>
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
    </CompletionForm>
  );
}

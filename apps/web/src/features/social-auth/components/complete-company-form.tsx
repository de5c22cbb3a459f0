/** complete-company: the company head's fields (NIT with its DIAN check digit), no e-mail or password. */
import { zodResolver } from '../../../lib/zod-resolver';
import { TC_ID, ZCompleteCompanyData } from '@puntoverde/contract';
import type { CompleteCompanyForm as CompanyFormValues } from '@puntoverde/contract';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CompletionForm, SHARED_DEFAULT_VALUES, useCompletionForm } from './completion-form';
import type { SocialCompletionFormProps } from './completion-form';

/** The fields of its own a server error may name. */
const OWN_FIELDS: readonly Path<CompanyFormValues>[] = ['company_name', 'nit', 'contact_name'];

export type CompleteCompanyFormProps = SocialCompletionFormProps;

export function CompleteCompanyForm({ ticket, info, kit, onCompleted }: CompleteCompanyFormProps) {
  const { t } = useTranslation();
  const { TextField, NitField } = kit;
  const form = useForm({
    resolver: zodResolver(ZCompleteCompanyData),
    defaultValues: {
      tc_id: TC_ID.company,
      company_name: '',
      nit: '',
      // The person who signed in is the natural contact.
      contact_name: [info.given_name, info.family_name].filter(Boolean).join(' '),
      ...SHARED_DEFAULT_VALUES,
    },
  });

  const {
    register,
    formState: { errors },
  } = form;
  const completion = useCompletionForm(form, { ticket, kit, onCompleted }, OWN_FIELDS);

  return (
    <CompletionForm {...completion} submitLabel={t('socialAuth.complete.submitCompany')}>
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
    </CompletionForm>
  );
}

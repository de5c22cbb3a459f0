/** Company sign-up (tc_id 3, company head): POST clientes/registro { data_user } (spec §7). */
import { zodResolver } from '@hookform/resolvers/zod';
import { TC_ID, ZCompanySignupData } from '@puntoverde/contract';
import type { CompanySignupForm, SessionUser } from '@puntoverde/contract';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSignup } from '../api/signup';
import { CompanyFields } from './account-field-groups';
import { SignupFormFrame } from './signup-form-frame';
import './identity.css';
import { useApiFormSubmit } from '../../../lib/use-api-form';

const FIELDS: readonly Path<CompanySignupForm>[] = [
  'company_name',
  'nit',
  'contact_name',
  'email',
  'phone',
  'city',
  'address',
  'password',
  'accept_data_policy',
];

export function SignupCompanyForm({ onSignedUp }: { onSignedUp: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  const signupMutation = useSignup();
  const form = useForm({
    resolver: zodResolver(ZCompanySignupData),
    defaultValues: {
      tc_id: TC_ID.company,
      company_name: '',
      nit: '',
      contact_name: '',
      email: '',
      phone: '',
      city: '',
      address: '',
      password: '',
      // Unticked until the company chooses to accept (Ley 1581 de 2012: consent is explicit).
      accept_data_policy: false as unknown as true,
    },
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const [password = '', companyName = '', contactName = '', email = ''] = watch([
    'password',
    'company_name',
    'contact_name',
    'email',
  ]);

  const { onSubmit, formError } = useApiFormSubmit(
    form,
    FIELDS,
    async (values) => onSignedUp(await signupMutation.mutateAsync(values)),
    { prefix: 'data_user.' },
  );

  return (
    <SignupFormFrame
      register={register}
      errors={errors}
      onSubmit={onSubmit}
      formError={formError}
      isSubmitting={isSubmitting}
      legend={t('identity.signup.companySection')}
      holder={<CompanyFields register={register} errors={errors} />}
      addressOptional={false}
      password={password}
      personal={[companyName, contactName, email]}
      submitLabel={t('identity.signup.submitCompany')}
    />
  );
}

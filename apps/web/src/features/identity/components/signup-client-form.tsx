/** Household sign-up (tc_id 2): POST clientes/registro { data_user } (spec §7). */
import { zodResolver } from '@hookform/resolvers/zod';
import { TC_ID, ZHouseholdSignupData } from '@puntoverde/contract';
import type { HouseholdSignupForm, SessionUser } from '@puntoverde/contract';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSignup } from '../api/signup';
import { PersonFields } from './account-field-groups';
import { SignupFormFrame } from './signup-form-frame';
import './identity.css';
import { useApiFormSubmit } from '../../../lib/use-api-form';

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
  const form = useForm({
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
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const [password = '', firstName = '', lastName = '', email = ''] = watch([
    'password',
    'first_name',
    'last_name',
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
      legend={t('identity.signup.personSection')}
      holder={<PersonFields register={register} errors={errors} documentNumberAutoComplete="off" />}
      addressOptional
      password={password}
      personal={[firstName, lastName, email]}
      submitLabel={t('identity.signup.submit')}
    />
  );
}

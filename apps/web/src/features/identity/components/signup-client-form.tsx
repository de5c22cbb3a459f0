/** Household sign-up (tc_id 2): POST clientes/registro { data_user } (spec §7). */
import { zodResolver } from '@hookform/resolvers/zod';
import { TC_ID, ZHouseholdSignupData } from '@puntoverde/contract';
import type { HouseholdSignupForm, SessionUser } from '@puntoverde/contract';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-fields';
import { useSignup } from '../api/signup';
import { PersonFields, SignupContactFieldset, SignupPasswordAndConsent } from './account-field-groups';
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
    {
      prefix: 'data_user.',
    },
  );

  return (
    <form className="pv-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <FormAlert message={formError} />
      <fieldset>
        <legend>{t('identity.signup.personSection')}</legend>
        <PersonFields register={register} errors={errors} documentNumberAutoComplete="off" />
      </fieldset>
      <SignupContactFieldset register={register} errors={errors} addressOptional />
      <SignupPasswordAndConsent
        register={register}
        errors={errors}
        password={password}
        personal={[firstName, lastName, email]}
      />
      <div className="pv-actions">
        <button type="submit" className="pv-button" disabled={isSubmitting}>
          {isSubmitting ? t('identity.signup.submitting') : t('identity.signup.submit')}
        </button>
      </div>
    </form>
  );
}

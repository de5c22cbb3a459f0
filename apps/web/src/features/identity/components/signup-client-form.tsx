/** Household sign-up (tc_id 2): POST clientes/registro { data_user } (spec §7). */
import { TC_ID } from '@puntoverde/contract';
import type { HouseholdSignupForm, SessionUser } from '@puntoverde/contract';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PersonFields } from './account-field-groups';
import { SIGNUP_SHARED_DEFAULTS, SignupFormFrame, useSignupFrame } from './signup-form-frame';
import './identity.css';
import { lazyResolver } from '../../../lib/lazy-resolver';

// Validation (zod and the schema) loads when the visitor first focuses a field, not with the page.
const resolver = lazyResolver(() => import('./identity-form-schemas').then((m) => m.householdSignupResolver));

/** The holder's fields a server error may name; the shared ones are added by the frame. */
const HOLDER_FIELDS: readonly Path<HouseholdSignupForm>[] = [
  'first_name',
  'last_name',
  'document_type',
  'document_number',
];

export function SignupClientForm({ onSignedUp }: { onSignedUp: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver,
    defaultValues: {
      tc_id: TC_ID.household,
      first_name: '',
      last_name: '',
      document_type: 'CC',
      document_number: '',
      ...SIGNUP_SHARED_DEFAULTS,
    },
  });
  const frame = useSignupFrame(
    form,
    { holderFields: HOLDER_FIELDS, nameFields: ['first_name', 'last_name'] },
    onSignedUp,
  );

  return (
    <SignupFormFrame
      {...frame}
      onFocus={resolver.preload}
      legend={t('identity.signup.personSection')}
      holder={<PersonFields register={form.register} errors={form.formState.errors} documentNumberAutoComplete="off" />}
      addressOptional
      submitLabel={t('identity.signup.submit')}
    />
  );
}

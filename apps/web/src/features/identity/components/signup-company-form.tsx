/** Company sign-up (tc_id 3, company head): POST clientes/registro { data_user } (spec §7). */
import { TC_ID } from '@puntoverde/contract';
import type { CompanySignupForm, SessionUser } from '@puntoverde/contract';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CompanyFields } from './account-field-groups';
import { SIGNUP_SHARED_DEFAULTS, SignupFormFrame, useSignupFrame } from './signup-form-frame';
import './identity.css';
import { lazyResolver } from '../../../lib/lazy-resolver';

// Validation (zod and the schema) loads when the visitor first focuses a field, not with the page.
const resolver = lazyResolver(() => import('./identity-form-schemas').then((m) => m.companySignupResolver));

/** The holder's fields a server error may name; the shared ones are added by the frame. */
const HOLDER_FIELDS: readonly Path<CompanySignupForm>[] = ['company_name', 'nit', 'contact_name'];

export function SignupCompanyForm({ onSignedUp }: { onSignedUp: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver,
    defaultValues: {
      tc_id: TC_ID.company,
      company_name: '',
      nit: '',
      contact_name: '',
      ...SIGNUP_SHARED_DEFAULTS,
    },
  });
  const frame = useSignupFrame(
    form,
    { holderFields: HOLDER_FIELDS, nameFields: ['company_name', 'contact_name'] },
    onSignedUp,
  );

  return (
    <SignupFormFrame
      {...frame}
      onFocus={resolver.preload}
      legend={t('identity.signup.companySection')}
      holder={<CompanyFields register={form.register} errors={form.formState.errors} />}
      addressOptional={false}
      submitLabel={t('identity.signup.submitCompany')}
    />
  );
}

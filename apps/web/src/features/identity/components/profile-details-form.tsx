/** Edit own profile data (PATCH v1/me): people edit names and document; companies their razón social, NIT and contact. */
import { DOCUMENT_TYPES, TC_ID, formatNit } from '@puntoverde/contract';
import type { Me, UpdateProfileRequest } from '@puntoverde/contract';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';

// Validation (zod and the schema) loads when a field first takes focus, not with the page.
const resolver = lazyResolver(() => import('./identity-form-schemas').then((m) => m.profileDetailsResolver));
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/field-shell';
import { useUpdateProfile } from '../api/update-profile';
import { CompanyFields, LocationFields, PersonFields } from './account-field-groups';
import './identity.css';
import { useApiFormSubmit } from '../../../lib/use-api-form';
import { ApiForm } from '../../../components/api-form';
import { SubmitButton } from '../../../components/submit-button';

type ProfileForm = UpdateProfileRequest;

const PERSON_FIELDS: readonly Path<ProfileForm>[] = [
  'first_name',
  'last_name',
  'document_type',
  'document_number',
  'phone',
  'city',
  'address',
];
const COMPANY_FIELDS: readonly Path<ProfileForm>[] = [
  'company_name',
  'nit',
  'contact_name',
  'phone',
  'city',
  'address',
];

export function isCompanyProfile(me: Pick<Me, 'tc_id'>): boolean {
  return me.tc_id === TC_ID.company;
}

function defaultsFor(me: Me): ProfileForm {
  const common = { phone: me.phone ?? '', city: me.city ?? '', address: me.address ?? '' };
  if (isCompanyProfile(me)) {
    return {
      company_name: me.company_name ?? '',
      nit: me.nit ? formatNit(me.nit) : '',
      contact_name: me.contact_name ?? '',
      ...common,
    };
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
  const company = isCompanyProfile(me);
  const form = useForm({ resolver, defaultValues: defaultsFor(me) });
  const {
    register,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  const { onSubmit, formError } = useApiFormSubmit(form, company ? COMPANY_FIELDS : PERSON_FIELDS, async (values) => {
    const saved = await mutation.mutateAsync(values);
    reset(defaultsFor(saved));
    onSaved();
  });

  return (
    <ApiForm onSubmit={onSubmit} busy={isSubmitting} onFocus={resolver.preload}>
      <FormAlert message={formError} />
      {company ? (
        <CompanyFields register={register} errors={errors} />
      ) : (
        <PersonFields register={register} errors={errors} />
      )}
      <LocationFields register={register} errors={errors} addressOptional={!company} />
      <div className="pv-actions">
        <SubmitButton className="pv-button" busy={isSubmitting || !isDirty}>
          {isSubmitting ? t('identity.profile.saving') : t('identity.profile.save')}
        </SubmitButton>
      </div>
    </ApiForm>
  );
}

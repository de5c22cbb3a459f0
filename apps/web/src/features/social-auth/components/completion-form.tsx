/**
 * What the two completion forms (household and company) share: sending the data with the
 * ticket, the contact fieldset, the data-policy consent and the submit button. Each form keeps
 * its own schema, defaults and first fieldset.
 */
import type { CompleteSocialData, SessionUser, SocialTicketInfo } from '@puntoverde/contract';
import { useState } from 'react';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCompleteSocialProfile } from '../api/complete-social-profile';
import { socialErrorMessage } from '../social-messages';
import type { CompletionFieldKit } from './completion-controls';
import { applyApiError } from '../../../lib/api-errors';
import { SubmitButton } from '../../../components/submit-button';

/** What both completion forms are given. */
export interface SocialCompletionFormProps {
  ticket: string;
  info: SocialTicketInfo;
  kit: CompletionFieldKit;
  onCompleted: (user: SessionUser) => void;
}

/** A registered control and its message. */
interface RegisteredField {
  registration: UseFormRegisterReturn;
  error?: string;
}

/** The fields both the client and the company schema declare. */
type SharedFieldName = 'phone' | 'city' | 'address' | 'accept_data_policy';
const SHARED_FIELD_NAMES: readonly SharedFieldName[] = ['phone', 'city', 'address', 'accept_data_policy'];

/** The shared fields' starting values, spread into each form's defaults. */
export const SHARED_DEFAULT_VALUES = {
  phone: '',
  city: '',
  address: '',
  // Unticked until the person or company chooses to accept (Ley 1581 de 2012: consent is explicit).
  accept_data_policy: false as unknown as true,
};

export interface CompletionFormProps {
  kit: CompletionFieldKit;
  formError: string | null;
  isSubmitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  shared: Record<SharedFieldName, RegisteredField>;
  submitLabel: string;
  /** Households may leave the address empty; companies may not. */
  addressOptional?: boolean;
  /** The form's own fieldset, drawn before the contact one. */
  children: ReactNode;
}

/**
 * Wires a completion form: sends the values with the ticket, puts a failure on the fields it
 * names (or else shows it as the form-level message), and registers the shared fields.
 */
export function useCompletionForm<T extends FieldValues, TValues extends CompleteSocialData>(
  form: UseFormReturn<T, unknown, TValues>,
  { ticket, kit, onCompleted }: Omit<SocialCompletionFormProps, 'info'>,
  /** The form's own fields a server error may name; the shared ones are added here. */
  ownFieldNames: readonly Path<T>[],
): Omit<CompletionFormProps, 'submitLabel' | 'addressOptional' | 'children'> {
  const { t } = useTranslation();
  const completion = useCompleteSocialProfile();
  const [formError, setFormError] = useState<string | null>(null);
  // Both schemas declare the shared names; a generic T cannot show it to the compiler.
  const sharedPaths = SHARED_FIELD_NAMES as readonly Path<T>[];
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onCompleted(await completion.mutateAsync({ ticket, data_user: values }));
    } catch (error) {
      if (applyApiError(t, error, form.setError, [...ownFieldNames, ...sharedPaths], { prefix: 'data_user.' }).placed) return;
      setFormError(socialErrorMessage(t, error));
    }
  });
  const field = (name: SharedFieldName): RegisteredField => {
    const path = name as Path<T>;
    return { registration: form.register(path), error: form.getFieldState(path, form.formState).error?.message };
  };
  return {
    kit,
    formError,
    isSubmitting: form.formState.isSubmitting,
    onSubmit: (event) => void onSubmit(event),
    shared: {
      phone: field('phone'),
      city: field('city'),
      address: field('address'),
      accept_data_policy: field('accept_data_policy'),
    },
  };
}

/** The form around the form's own fieldset: message, contact fieldset, consent and submit. */
export function CompletionForm({
  kit,
  formError,
  isSubmitting,
  onSubmit,
  shared,
  submitLabel,
  addressOptional,
  children,
}: CompletionFormProps) {
  const { t } = useTranslation();
  const { TextField, CityField, DataPolicyCheckbox, FormAlert } = kit;
  const { phone, city, address, accept_data_policy: dataPolicy } = shared;
  return (
    <form className="pv-form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
      <FormAlert message={formError} />
      {children}
      <fieldset>
        <legend>{t('socialAuth.complete.contactSection')}</legend>
        <TextField
          label={t('socialAuth.fields.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          hint={t('socialAuth.hints.phone')}
          registration={phone.registration}
          error={phone.error}
        />
        <CityField registration={city.registration} error={city.error} />
        <TextField
          label={t('socialAuth.fields.address')}
          autoComplete="street-address"
          optional={addressOptional}
          registration={address.registration}
          error={address.error}
        />
      </fieldset>
      <DataPolicyCheckbox registration={dataPolicy.registration} error={dataPolicy.error} />
      <div className="pv-actions">
        <SubmitButton className="pv-button" busy={isSubmitting}>
          {isSubmitting ? t('socialAuth.complete.submitting') : submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}

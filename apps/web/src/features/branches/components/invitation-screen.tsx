/**
 * A new branch accepts its invitation: the link's token names the branch and its company; the
 * person sets the password (twice), accepts the data policy, and is logged in as the branch.
 */
import { zodResolver } from '../../../lib/zod-resolver';
import { ZAcceptBranchInvitationForm, type SessionUser } from '@puntoverde/contract';
import type { z } from 'zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { ApiError } from '../../../lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/invitation-preview';
import { apiErrorMessage, applyApiError } from '../../../lib/api-errors';
import { CheckboxField, TextField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';
import '../../../components/actions.css';
import '../branches.css';
import { dateTimeFormat } from '../../../lib/intl-format';
import { SubmitButton } from '../../../components/submit-button';

type FormValues = z.input<typeof ZAcceptBranchInvitationForm>;

export function InvitationScreen({
  token,
  dataPolicyPath,
  onAccepted,
}: {
  token: string | null;
  dataPolicyPath: string;
  onAccepted: (user: SessionUser) => void;
}) {
  const { t, i18n } = useTranslation();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [message, setMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(ZAcceptBranchInvitationForm),
    // Unticked until the person ticks it; the schema only accepts `true`.
    defaultValues: { password: '', password_confirmation: '', accept_data_policy: false as unknown as true },
  });

  if (!token) {
    return (
      <div className="pv-callout pv-callout-error" role="alert">
        <p>{t('requests.invitation.noToken')}</p>
      </div>
    );
  }
  if (preview.isPending) {
    return (
      <p role="status" aria-busy="true">
        {t('requests.invitation.checking')}
      </p>
    );
  }
  if (preview.isError) {
    return (
      <div className="br pv-callout pv-callout-error" role="alert">
        <p>{preview.error instanceof ApiError ? apiErrorMessage(t, preview.error) : t('requests.branches.error')}</p>
        <p>{t('requests.invitation.askAgain')}</p>
        <AppLink to="/auth/login">{t('requests.invitation.login')}</AppLink>
      </div>
    );
  }
  const p = preview.data;
  const expires = dateTimeFormat(i18n.language.startsWith('en') ? 'en-US' : 'es-CO', {
    timeZone: 'America/Bogota',
    dateStyle: 'long',
  }).format(new Date(p.expires_at));

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      const user = await accept.mutateAsync({ token, password: values.password, accept_data_policy: true });
      onAccepted(user);
    } catch (err) {
      const { formMessage, fieldsOutside } = applyApiError(t, err, setError, ['password', 'accept_data_policy']);
      setMessage(Object.values(fieldsOutside)[0] ?? formMessage);
    }
  });

  return (
    <section className="br" aria-labelledby="br-invite-title">
      <h2 id="br-invite-title">{t('requests.invitation.title', { branch: p.branch_name })}</h2>
      <p>{t('requests.invitation.lead', { company: p.company_name, email: p.email })}</p>
      <p className="br-muted">{t('requests.invitation.expires', { date: expires })}</p>
      <form className="br-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormAlert message={message} />
        <input type="email" name="username" value={p.email} autoComplete="username" readOnly hidden />
        <TextField
          label={t('requests.invitation.password')}
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password?.message}
          hint={t('requests.invitation.passwordHint')}
        />
        <TextField
          label={t('requests.invitation.confirm')}
          type="password"
          autoComplete="new-password"
          registration={register('password_confirmation')}
          error={errors.password_confirmation?.message}
        />
        <CheckboxField registration={register('accept_data_policy')} error={errors.accept_data_policy?.message}>
          {t('requests.invitation.policy')} <AppLink to={dataPolicyPath}>{t('requests.invitation.policyLink')}</AppLink>
        </CheckboxField>
        <div className="pv-action-bar">
          <SubmitButton className="pv-button" busy={isSubmitting}>
            {t('requests.invitation.submit')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

/** The profile (auth/profile/{id_user}): own data, e-mail, password, sessions and devices, my data, delete account. */
import { userKindOf } from '@puntoverde/contract';
import type { Me } from '@puntoverde/contract';
import { memo, useDeferredValue, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../../lib/session';
import { useMe } from '../api/me';
import { formatDate } from '../forms/format';
import { useNotify } from '../../../components/use-notify';
import { WhenVisible } from '../../../components/when-visible';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountSection } from './delete-account-section';
import { DevicesList } from './devices-list';
import { ListSkeleton } from './list-skeleton';
import { MyDataSection } from './my-data-section';
import { PhoneVerification } from './phone-verification';
import { ProfileDetailsForm } from './profile-details-form';
import { ResendVerificationButton } from './resend-verification-button';
import { SessionsList } from './sessions-list';
import './identity.css';
import { apiErrorMessage } from '../../../lib/api-errors';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="pv-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function AccountSummary({ me }: { me: Me }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [editingEmail, setEditingEmail] = useState(false);
  const kind = userKindOf(me);
  return (
    <>
      <dl className="pv-definition-list">
        <dt>{t('identity.profile.accountType')}</dt>
        <dd>{kind ? t(`userKind.${kind}`) : '—'}</dd>
        <dt>{t('identity.fields.email')}</dt>
        <dd>
          {me.email}{' '}
          <span className="pv-hint">
            ({me.email_verified ? t('identity.profile.emailVerified') : t('identity.profile.emailNotVerified')})
          </span>
        </dd>
        <dt>{t('identity.profile.memberSince')}</dt>
        <dd>{formatDate(me.created_at, i18n.language)}</dd>
      </dl>
      {!me.email_verified ? (
        <div className="pv-actions">
          <ResendVerificationButton />
        </div>
      ) : null}
      {me.has_password ? (
        editingEmail ? (
          <>
            <h3>{t('identity.profile.changeEmail')}</h3>
            <ChangeEmailForm
              me={me}
              onCancel={() => setEditingEmail(false)}
              onChanged={(updated) => {
                setEditingEmail(false);
                notify(t('identity.profile.emailChanged', { email: updated.email }));
              }}
            />
          </>
        ) : (
          <p>
            <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={() => setEditingEmail(true)}>
              {t('identity.profile.changeEmail')}
            </button>
          </p>
        )
      ) : null}
    </>
  );
}

/**
 * `children` (the page's own sections, e.g. the notification settings) come after the
 * profile's and only once it has loaded: shown under the loading skeleton, they would be in
 * view until the profile's seven sections arrived above them and pushed them out of it (the
 * page's layout shift was 0.3).
 */
export function ProfileScreen({ userId, children }: { userId: number; children?: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe(userId);
  // The account comes from the query's store, an update React renders in one piece: the three
  // sections and the details form were one task of 36-55 ms unthrottled when it arrived (on a
  // phone, four times that). Deferred, that render is a transition, in slices between which the
  // browser paints and answers input; the urgent render keeps what is on screen (the skeleton
  // the first time; the memoized sections, unchanged, when it is fetched again).
  const data = useDeferredValue(me.data);

  if (me.isError) {
    return (
      <div className="pv-notice pv-notice-error" role="alert">
        <p>{apiErrorMessage(t, me.error)}</p>
        <div className="pv-actions">
          <button type="button" className="pv-button pv-button-small" onClick={() => void me.refetch()}>
            {t('identity.form.retry')}
          </button>
        </div>
      </div>
    );
  }
  // Loading, or loaded and its render not begun yet.
  if (!data) return <ListSkeleton label={t('identity.profile.loading')} rows={3} />;
  return <ProfileSections data={data}>{children}</ProfileSections>;
}

const ProfileSections = memo(function ProfileSections({ data, children }: { data: Me; children?: ReactNode }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const personal = [data.email, data.first_name ?? '', data.last_name ?? '', data.company_name ?? '', data.contact_name ?? ''];

  return (
    <>
      <Section title={t('identity.profile.accountSection')}>
        <AccountSummary me={data} />
      </Section>
      <Section title={data.phone_verified ? t('phone.sectionTitle') : t('phone.title')}>
        <PhoneVerification me={data} />
      </Section>
      <Section title={t('identity.profile.detailsSection')}>
        <ProfileDetailsForm me={data} onSaved={() => notify(t('identity.profile.saved'))} />
      </Section>
      {/* The rest (password, sessions and devices, my data, deleting the account, the page's own
          sections) is below the fold on every screen: it renders once it is reached or after
          start-up (components/when-visible), so its forms are not part of the page's first task. */}
      <WhenVisible placeholder={<div style={{ minHeight: '100vh' }} />}>
        <Section title={t('identity.profile.passwordSection')}>
          {data.has_password ? (
            <ChangePasswordForm
              personal={personal}
              onChanged={(result) => notify(t('identity.profile.passwordChanged', { count: result.other_sessions_ended }))}
            />
          ) : (
            <p>{t('identity.profile.noPassword')}</p>
          )}
        </Section>
        <Section title={t('identity.profile.sessionsSection')}>
          <p>{t('identity.sessions.lead')}</p>
          <SessionsList />
          <h3>{t('identity.devices.title')}</h3>
          <DevicesList />
        </Section>
        <Section title={t('identity.profile.myDataSection')}>
          <MyDataSection me={data} />
        </Section>
        <Section title={t('identity.profile.deleteSection')}>
          <DeleteAccountSection
            me={data}
            onDeleted={() => {
              notify(t('identity.deleteAccount.deleted'));
              void logout();
            }}
          />
        </Section>
        {children}
      </WhenVisible>
    </>
  );
});

/** Open sessions (where the account is logged in) with a button to end each one. */
import type { SessionInfo } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/field-shell';
import { logout } from '../../../lib/session';
import { useSessions } from '../api/list-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { describeUserAgent, formatDateTime } from '../forms/format';
import './identity.css';
import { ListSkeleton } from './list-skeleton';
import { apiErrorMessage } from '../../../lib/api-errors';

function deviceName(t: (key: string, options?: Record<string, unknown>) => string, userAgent: string | null): string {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return t('identity.sessions.browserOn', { browser, os });
  return browser ?? os ?? t('identity.sessions.unknownDevice');
}

function SessionItem({ session }: { session: SessionInfo }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeSession();
  const name = deviceName(t, session.user_agent);
  return (
    <li className="pv-item">
      <div className="pv-item-text">
        <strong>
          {name}
          {session.current ? <span className="pv-tag">{t('identity.sessions.current')}</span> : null}
        </strong>
        <span>{t('identity.sessions.lastUsed', { date: formatDateTime(session.last_used_at, i18n.language) })}</span>
        <span className="pv-hint">
          {t('identity.sessions.started', { date: formatDateTime(session.created_at, i18n.language) })}
          {session.ip ? ` · ${t('identity.sessions.ip', { ip: session.ip })}` : ''}
        </span>
        {revoke.isError ? <FormAlert message={apiErrorMessage(t, revoke.error)} /> : null}
      </div>
      {session.current ? (
        <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={() => void logout()}>
          {t('identity.sessions.logoutHere')}
        </button>
      ) : (
        <button
          type="button"
          className="pv-button pv-button-secondary pv-button-small"
          disabled={revoke.isPending}
          aria-label={t('identity.sessions.revokeNamed', { name })}
          onClick={() => revoke.mutate(session.id)}
        >
          {t('identity.sessions.revoke')}
        </button>
      )}
    </li>
  );
}

export function SessionsList() {
  const { t } = useTranslation();
  const sessions = useSessions();
  if (sessions.isPending) return <ListSkeleton label={t('identity.sessions.loading')} />;
  if (sessions.isError) {
    return (
      <div className="pv-notice pv-notice-error" role="alert">
        <p>{apiErrorMessage(t, sessions.error)}</p>
        <div className="pv-actions">
          <button type="button" className="pv-button pv-button-small" onClick={() => void sessions.refetch()}>
            {t('identity.form.retry')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <ul className="pv-item-list" aria-label={t('identity.sessions.listLabel')}>
      {sessions.data.map((session) => (
        <SessionItem key={session.id} session={session} />
      ))}
    </ul>
  );
}

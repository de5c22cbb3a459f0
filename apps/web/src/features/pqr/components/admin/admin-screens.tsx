/** The back-office PQR screens behind an admin check (the server enforces it too). */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../../components/app-link';
import { isLoggedIn } from '../../../../lib/session';
import { useSession } from '../../../../lib/use-session';
import '../../pqr.css';
import { AdminCalendar } from './admin-calendar';
import { AdminDetail, ADMIN_PQR_PATH } from './admin-detail';
import { AdminInbox } from './admin-inbox';
import { AdminReport } from './admin-report';
import { useNotify } from '../../../../components/use-notify';

function AdminOnly({ next, children }: { next: string; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSession();
  if (!isLoggedIn(user)) {
    return (
      <div className="pqr-notice" role="status">
        <p>{t('pqr.admin.loginRequired')}</p>
        <div className="pqr-actions">
          <AppLink className="pv-button" to={`/auth/login?next=${encodeURIComponent(next)}`}>
            {t('pqr.admin.login')}
          </AppLink>
        </div>
      </div>
    );
  }
  if (user.is_admin !== true) {
    return (
      <div className="pqr-notice pqr-notice-error" role="alert">
        <p>{t('pqr.admin.forbidden')}</p>
        <AppLink to="/help">{t('pqr.admin.goHelp')}</AppLink>
      </div>
    );
  }
  return <>{children}</>;
}

type View = 'inbox' | 'report' | 'calendar';

export function AdminPqrScreen() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [view, setView] = useState<View>('inbox');
  const views: View[] = ['inbox', 'report', 'calendar'];
  return (
    <AdminOnly next={ADMIN_PQR_PATH}>
      <div className="pqr">
        <div role="tablist" aria-label={t('pqr.admin.title')} className="pqr-tabs">
          {views.map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              id={`pqr-admin-tab-${v}`}
              aria-selected={view === v}
              aria-controls={`pqr-admin-panel-${v}`}
              className="pqr-tab"
              onClick={() => setView(v)}
            >
              {t(`pqr.admin.views.${v}`)}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`pqr-admin-panel-${view}`}
          aria-labelledby={`pqr-admin-tab-${view}`}
          className="pqr-panel"
        >
          {view === 'inbox' ? <AdminInbox /> : null}
          {view === 'report' ? <AdminReport /> : null}
          {view === 'calendar' ? <AdminCalendar onDone={(m) => notify(m)} /> : null}
        </div>
      </div>
    </AdminOnly>
  );
}

export function AdminPqrDetailScreen({ radicado }: { radicado: string }) {
  const notify = useNotify();
  return (
    <AdminOnly next={`${ADMIN_PQR_PATH}/${radicado}`}>
      <div className="pqr">
        <AdminDetail radicado={radicado} onDone={(m) => notify(m)} />
      </div>
    </AdminOnly>
  );
}

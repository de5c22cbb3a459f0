/** "Mis PQR": every PQR of the logged-in user with its status, due date and answer. */
import { useTranslation } from 'react-i18next';
import { useMyPqrs } from '../api/my-pqrs';
import { formatDate } from '../format';
import { StatusBadge } from './badges';
import { FormAlert } from '../../../components/field-shell';
import { PqrStatusView } from './pqr-status-view';
import { apiErrorMessage } from '../../../lib/api-errors';

export function MyPqrs({ onFileNew }: { onFileNew: () => void }) {
  const { t, i18n } = useTranslation();
  const mine = useMyPqrs(true);
  if (mine.isPending) {
    return (
      <div role="status" aria-busy="true" className="pqr-list">
        <span className="visually-hidden">{t('pqr.mine.loading')}</span>
        {[0, 1].map((i) => (
          <div key={i} className="pv-card pqr-card" aria-hidden="true">
            <div className="pqr-skeleton" style={{ width: '35%' }} />
            <div className="pqr-skeleton" style={{ width: '75%' }} />
          </div>
        ))}
      </div>
    );
  }
  if (mine.error) return <FormAlert message={apiErrorMessage(t, mine.error)} />;
  if (!mine.data.length) {
    return (
      <div className="pqr-empty">
        <p>{t('pqr.mine.empty')}</p>
        <button type="button" className="pv-button" onClick={onFileNew}>
          {t('pqr.mine.fileFirst')}
        </button>
      </div>
    );
  }
  return (
    <ul className="pqr-list">
      {mine.data.map((pqr) => (
        <li key={pqr.radicado}>
          <details className="pqr-mine-item">
            <summary>
              <span className="pqr-radicado">{pqr.radicado}</span> <StatusBadge status={pqr.status} />
              <span className="pqr-mine-subject">{pqr.subject}</span>
              <span className="pqr-hint">
                {pqr.answer
                  ? t('pqr.mine.answered')
                  : pqr.due_date
                    ? t('pqr.mine.due', { date: formatDate(pqr.due_date, i18n.language) })
                    : t('pqr.view.duePaused')}
              </span>
            </summary>
            <PqrStatusView pqr={pqr} headingLevel={4} />
          </details>
        </li>
      ))}
    </ul>
  );
}

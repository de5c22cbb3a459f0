/** Reports as cards: number, category, status, date and what was reported. */
import type { ReportStatus, ReportSummary } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { formatDay, reportPath } from '../format';

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  return <span className={`rp-badge rp-badge--${status}`}>{t(`reports.status.${status}`)}</span>;
}

export function ReportList({ items, empty }: { items: ReportSummary[]; empty: string }) {
  const { t, i18n } = useTranslation();
  if (!items.length) return <p className="rp-empty">{empty}</p>;
  return (
    <ul className="rp-list">
      {items.map((r) => (
        <li key={r.number} className="rp-card">
          <p className="rp-card-head">
            <AppLink to={reportPath(r.number)}>
              <strong>{r.category_label}</strong> · {r.number}
            </AppLink>
            <ReportStatusBadge status={r.status} />
          </p>
          <p>{r.description.length > 180 ? `${r.description.slice(0, 180)}…` : r.description}</p>
          <p className="rp-hint">
            {formatDay(r.created_at, i18n.language)}
            {r.point ? ` · ${r.point.name}` : ''}
            {r.followers ? ` · ${t('reports.duplicates.followers', { count: r.followers })}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

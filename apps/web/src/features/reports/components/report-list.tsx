/** Reports as cards: number, category, status, date and what was reported. */
import type { ReportStatus, ReportSummary } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge';
import { formatDay, reportPath } from '../format';
import { EmptyState } from '../../../components/empty-state';

const TONES: Record<ReportStatus, BadgeTone> = {
  abierto: 'warning',
  en_revision: 'info',
  programado: 'info',
  resuelto: 'success',
  descartado: 'neutral',
  duplicado: 'neutral',
};

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={TONES[status]}>{t(`reports.status.${status}`)}</StatusBadge>;
}

/** A report card's title line (category and number, linked; status) and its shortened description. */
export function ReportCardHead({
  report: r,
}: {
  report: Pick<ReportSummary, 'number' | 'category_label' | 'status' | 'description'>;
}) {
  return (
    <>
      <p className="rp-card-head">
        <AppLink to={reportPath(r.number)}>
          <strong>{r.category_label}</strong> · {r.number}
        </AppLink>
        <ReportStatusBadge status={r.status} />
      </p>
      <p lang="es">{r.description.length > 180 ? `${r.description.slice(0, 180)}…` : r.description}</p>
    </>
  );
}

export function ReportList({ items, empty }: { items: ReportSummary[]; empty: string }) {
  const { t, i18n } = useTranslation();
  if (!items.length) return <EmptyState title={empty} />;
  return (
    <ul className="rp-list">
      {items.map((r) => (
        <li key={r.number} className="pv-card rp-card">
          <ReportCardHead report={r} />
          <p className="rp-hint">
            {formatDay(r.created_at, i18n.language)}
            {r.point ? (
              <>
                {' · '}
                <span lang="es">{r.point.name}</span>
              </>
            ) : null}
            {r.followers ? ` · ${t('reports.duplicates.followers', { count: r.followers })}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** "Anterior · Página 2 de 7 · Siguiente" under a paged list of reports. */
import { useTranslation } from 'react-i18next';

export function ReportPager({ page, total, pageSize, onPage }: { page: number; total: number; pageSize: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="rp-pager" aria-label={t('reports.pager.label')}>
      <button type="button" className="pv-button pv-button-secondary pv-button-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('reports.pager.previous')}
      </button>
      <span aria-current="page">{t('reports.pager.pageOf', { page, pages })}</span>
      <button type="button" className="pv-button pv-button-secondary pv-button-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('reports.pager.next')}
      </button>
    </nav>
  );
}

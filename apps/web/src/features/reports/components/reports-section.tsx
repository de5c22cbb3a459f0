/**
 * "Reportes de problemas": my reports, reports near me, the ones I follow and the public list
 * (filterable by status and category); point managers and staff also get their inbox.
 */
import { REPORT_CATEGORIES, REPORT_STATUSES, type ReportCategory, type ReportStatus } from '@puntoverde/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { GEOLOCATION_HIGH_ACCURACY, GEOLOCATION_TIMEOUT_MS } from '@puntoverde/contract';
import { useHandlingList } from '../api/handling';
import { useReportList, type ReportListParams } from '../api/list-reports';
import { NEW_REPORT_PATH } from '../format';
import { ReportList } from './report-list';
import '../../../components/actions.css';
import '../reports.css';
import { apiErrorMessage } from '../../../lib/api-errors';

type Scope = 'mine' | 'near' | 'following' | 'public' | 'inbox';

function useNearPosition() {
  const [state, setState] = useState<{ status: 'idle' | 'locating' | 'error' } | { status: 'located'; lat: number; lng: number }>({ status: 'idle' });
  const locate = () => {
    const geo = globalThis.navigator?.geolocation;
    if (!geo) return setState({ status: 'error' });
    setState({ status: 'locating' });
    geo.getCurrentPosition(
      (p) => setState({ status: 'located', lat: Number(p.coords.latitude.toFixed(5)), lng: Number(p.coords.longitude.toFixed(5)) }),
      () => setState({ status: 'error' }),
      { enableHighAccuracy: GEOLOCATION_HIGH_ACCURACY, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  };
  return { state, locate };
}

export function ReportsSection({ canHandle, loggedIn }: { canHandle: boolean; loggedIn: boolean }) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<Scope>(canHandle ? 'inbox' : loggedIn ? 'mine' : 'public');
  const [status, setStatus] = useState<ReportStatus | ''>('');
  const [category, setCategory] = useState<ReportCategory | ''>('');
  const near = useNearPosition();
  const params: ReportListParams = { scope: scope === 'inbox' ? 'public' : scope, status, category };
  if (scope === 'near' && near.state.status === 'located') Object.assign(params, { lat: near.state.lat, lng: near.state.lng });
  const list = useReportList(params, scope !== 'inbox' && (scope !== 'near' || near.state.status === 'located'));
  const inbox = useHandlingList({ status }, canHandle && scope === 'inbox');

  const scopes: Scope[] = loggedIn ? [...(canHandle ? (['inbox'] as const) : []), 'mine', 'near', 'following', 'public'] : ['public', 'near'];
  const shown = scope === 'inbox' ? inbox : list;

  return (
    <section className="rp" aria-labelledby="rp-section-title">
      <div className="rp-toolbar">
        <h2 id="rp-section-title">{t('reports.section.title')}</h2>
        <AppLink to={NEW_REPORT_PATH} className="pv-button">
          {t('reports.section.new')}
        </AppLink>
      </div>
      <div className="rp-segment" role="group" aria-label={t('reports.section.scopes')}>
        {scopes.map((s) => (
          <button key={s} type="button" aria-pressed={scope === s} onClick={() => setScope(s)}>
            {t(`reports.section.scope.${s}`)}
          </button>
        ))}
      </div>
      <div className="rp-filters">
        <label>
          {t('reports.section.status')}
          <select value={status} onChange={(e) => setStatus(e.target.value as ReportStatus | '')}>
            <option value="">{t('reports.section.any')}</option>
            {REPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`reports.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {scope !== 'inbox' ? (
          <label>
            {t('reports.section.category')}
            <select value={category} onChange={(e) => setCategory(e.target.value as ReportCategory | '')}>
              <option value="">{t('reports.section.any')}</option>
              {REPORT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`reports.category.${c}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {scope === 'near' && near.state.status !== 'located' ? (
        <div className="rp-notice">
          <p>{near.state.status === 'error' ? t('reports.section.nearError') : t('reports.section.nearLead')}</p>
          <button type="button" className="pv-button pv-button-secondary" disabled={near.state.status === 'locating'} onClick={near.locate}>
            {near.state.status === 'locating' ? t('reports.section.locating') : t('reports.section.useLocation')}
          </button>
        </div>
      ) : shown.isPending ? (
        <p role="status">{t('reports.section.loading')}</p>
      ) : shown.isError ? (
        <p className="rp-error" role="alert">
          {apiErrorMessage(t, shown.error)}
        </p>
      ) : (
        <>
          <p className="rp-hint" aria-live="polite">
            {t('reports.section.total', { count: shown.data.total })}
          </p>
          <ReportList items={shown.data.items} empty={t(`reports.section.empty.${scope}`)} />
        </>
      )}
    </section>
  );
}

/**
 * "Reportes de problemas": my reports, reports near me, the ones I follow and the public list or
 * map (filterable by status and category, paged); point managers and staff also get their inbox.
 */
import { REPORT_STATUSES, type ReportStatus } from '@puntoverde/contract';
import { useDeferredValue, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { GEOLOCATION_HIGH_ACCURACY, GEOLOCATION_TIMEOUT_MS } from '@puntoverde/contract';
import { useReportCategories } from '../api/categories';
import { HANDLING_PAGE_SIZE, useHandlingList } from '../api/handling';
import { REPORT_LIST_PAGE_SIZE, useReportList, type ReportListParams } from '../api/list-reports';
import { NEW_REPORT_PATH } from '../format';
import { HandlingInbox } from './admin/handling-inbox';
import { ReportList } from './report-list';
import { ReportPager } from './report-pager';
import { ReportsMap } from './reports-map';
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

export function ReportsSection({ canHandle, loggedIn, tileUrl }: { canHandle: boolean; loggedIn: boolean; tileUrl: string }) {
  const { t } = useTranslation();
  const [scope, setScopeState] = useState<Scope>(canHandle ? 'inbox' : loggedIn ? 'mine' : 'public');
  const [status, setStatusState] = useState<ReportStatus | ''>('');
  const [category, setCategoryState] = useState('');
  const [page, setPage] = useState(1);
  const [asMap, setAsMap] = useState(false);
  const categories = useReportCategories();
  // "Usar mi ubicación" stays (busy) until the reports near the person are there, then gives way to
  // them and focus moves to their count: it never falls to the page in between.
  const focusNearResults = useRef(false);
  // A new scope or filter starts again on its first page.
  const setScope = (s: Scope) => {
    focusNearResults.current = false;
    setScopeState(s);
    setPage(1);
  };
  const setStatus = (s: ReportStatus | '') => {
    setStatusState(s);
    setPage(1);
  };
  const setCategory = (c: string) => {
    setCategoryState(c);
    setPage(1);
  };
  const near = useNearPosition();
  const totalRef = useRef<HTMLParagraphElement>(null);
  const showMap = scope === 'public' && asMap;
  const params: ReportListParams = { scope: scope === 'inbox' ? 'public' : scope, status, category, page };
  if (scope === 'near' && near.state.status === 'located') Object.assign(params, { lat: near.state.lat, lng: near.state.lng });
  const list = useReportList(params, scope !== 'inbox' && !showMap && (scope !== 'near' || near.state.status === 'located'));
  const inbox = useHandlingList({ status, category, page }, canHandle && scope === 'inbox');

  const scopes: Scope[] = loggedIn ? [...(canHandle ? (['inbox'] as const) : []), 'mine', 'near', 'following', 'public'] : ['public', 'near'];
  const shown = scope === 'inbox' ? inbox : list;
  // The rows are built in a deferred render React can pause, not in the synchronous re-render the
  // answer triggers (request-list-results.tsx does the same); the loading line stays until then.
  const shownData = useDeferredValue(shown.data);
  const pageSize = scope === 'inbox' ? HANDLING_PAGE_SIZE : REPORT_LIST_PAGE_SIZE;
  const nearWaiting = scope === 'near' && near.state.status === 'located' && shownData === undefined;
  // Before the browser paints the list: focus is never on the page in between.
  useLayoutEffect(() => {
    if (!focusNearResults.current || scope !== 'near' || near.state.status !== 'located' || shownData === undefined) return;
    focusNearResults.current = false;
    totalRef.current?.focus();
  }, [scope, near.state.status, shownData]);

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
        <label>
          {t('reports.section.category')}
          <select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{t('reports.section.any')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {scope === 'public' ? (
        <div className="rp-segment" role="group" aria-label={t('reports.section.views')}>
          <button type="button" aria-pressed={!asMap} onClick={() => setAsMap(false)}>
            {t('reports.section.asList')}
          </button>
          <button type="button" aria-pressed={asMap} onClick={() => setAsMap(true)}>
            {t('reports.section.asMap')}
          </button>
        </div>
      ) : null}
      {showMap ? (
        <ReportsMap status={status} category={category} tileUrl={tileUrl} />
      ) : scope === 'near' && (near.state.status !== 'located' || nearWaiting) ? (
        <div className="rp-notice">
          <p>{near.state.status === 'error' ? t('reports.section.nearError') : t('reports.section.nearLead')}</p>
          <button
            type="button"
            className="pv-button pv-button-secondary"
            aria-disabled={near.state.status === 'locating' || nearWaiting}
            onClick={() => {
              if (near.state.status === 'locating' || nearWaiting) return;
              focusNearResults.current = true;
              near.locate();
            }}
          >
            {near.state.status === 'locating'
              ? t('reports.section.locating')
              : nearWaiting
                ? t('reports.section.loading')
                : t('reports.section.useLocation')}
          </button>
        </div>
      ) : shown.isError ? (
        <p className="rp-error" role="alert">
          {apiErrorMessage(t, shown.error)}
        </p>
      ) : shown.isPending || shownData === undefined ? (
        <p role="status">{t('reports.section.loading')}</p>
      ) : (
        <>
          <p className="rp-hint" aria-live="polite" ref={totalRef} tabIndex={-1}>
            {t('reports.section.total', { count: shownData.total })}
          </p>
          {scope === 'inbox' && inbox.data ? (
            <HandlingInbox key={`${status}|${category}|${page}`} items={inbox.data.items} empty={t('reports.section.empty.inbox')} />
          ) : (
            <ReportList items={shownData.items} empty={t(`reports.section.empty.${scope}`)} />
          )}
          <ReportPager page={page} total={shownData.total} pageSize={pageSize} onPage={setPage} />
        </>
      )}
    </section>
  );
}

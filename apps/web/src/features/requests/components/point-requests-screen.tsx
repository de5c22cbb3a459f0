/**
 * Requests to my point(s) (point managers, tc_id 1): filter by status, pickup day and point;
 * open one to accept, schedule, reject or record the collection; or see the day's route.
 */
import type { RequestStatus } from '@puntoverde/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestList } from '../api/list-requests';
import { useMyPoints } from '../api/my-points';
import { DayRoute } from './day-route';
import { ListSkeleton, RequestList } from './request-list';
import '../../../components/actions.css';
import '../requests.css';

export const POINT_REQUESTS_PATH = '/app/tabs/prequest';

const STATUS_FILTERS: Record<string, RequestStatus[] | undefined> = {
  todo: ['pendiente', 'aceptada', 'programada'],
  pendiente: ['pendiente'],
  aceptada: ['aceptada'],
  programada: ['programada'],
  recogida: ['recogida'],
  closed: ['rechazada', 'cancelada'],
  all: undefined,
};
const PAGE_SIZE = 25;

export function PointRequestsScreen({ tileUrl }: { tileUrl: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'list' | 'day'>('list');
  const [status, setStatus] = useState('todo');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pointId, setPointId] = useState(0);
  const [page, setPage] = useState(1);
  const list = useRequestList(
    { status: STATUS_FILTERS[status], from: from || undefined, to: to || undefined, pointId: pointId || undefined, page, pageSize: PAGE_SIZE },
    tab === 'list',
  );
  const myPoints = useMyPoints();
  const points = (myPoints.data ?? []).map((p) => [p.id, p.name] as const);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <section className="rq" aria-labelledby="rq-point-title">
      <h2 id="rq-point-title">{t('requests.point.title')}</h2>
      <div className="rq-chips" role="tablist" aria-label={t('requests.point.views')}>
        <button type="button" role="tab" className="rq-chip" aria-selected={tab === 'list'} aria-pressed={tab === 'list'} onClick={() => setTab('list')}>
          {t('requests.point.listTab')}
        </button>
        <button type="button" role="tab" className="rq-chip" aria-selected={tab === 'day'} aria-pressed={tab === 'day'} onClick={() => setTab('day')}>
          {t('requests.point.dayTab')}
        </button>
      </div>

      {tab === 'day' ? (
        <DayRoute tileUrl={tileUrl} />
      ) : (
        <>
          <div className="rq-toolbar" role="search" aria-label={t('requests.point.filters')}>
            <div className="rq-field">
              <label className="rq-label" htmlFor="rq-status-filter">
                {t('requests.point.status')}
              </label>
              <select
                id="rq-status-filter"
                className="rq-input"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value);
                  setPage(1);
                }}
              >
                {Object.keys(STATUS_FILTERS).map((key) => (
                  <option key={key} value={key}>
                    {t(`requests.point.statusFilters.${key}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="rq-field">
              <label className="rq-label" htmlFor="rq-from">
                {t('requests.point.from')}
              </label>
              <input id="rq-from" className="rq-input" type="date" value={from} onChange={(e) => { setFrom(e.target.value); setPage(1); }} />
            </div>
            <div className="rq-field">
              <label className="rq-label" htmlFor="rq-to">
                {t('requests.point.to')}
              </label>
              <input id="rq-to" className="rq-input" type="date" value={to} onChange={(e) => { setTo(e.target.value); setPage(1); }} />
            </div>
            {points.length > 1 ? (
              <div className="rq-field">
                <label className="rq-label" htmlFor="rq-point-filter">
                  {t('requests.point.point')}
                </label>
                <select id="rq-point-filter" className="rq-input" value={pointId} onChange={(e) => { setPointId(Number(e.target.value)); setPage(1); }}>
                  <option value={0}>{t('requests.point.allPoints')}</option>
                  {points.map(([id, name]) => (
                    <option key={id} value={id}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </div>
          {list.isPending ? (
            <ListSkeleton label={t('requests.list.loading')} />
          ) : list.isError ? (
            <div className="pv-callout pv-callout-error" role="alert">
              <p>{t('requests.list.error')}</p>
              <button type="button" className="pv-action-button pv-action-button-small" onClick={() => void list.refetch()}>
                {t('requests.list.retry')}
              </button>
            </div>
          ) : list.data.items.length === 0 ? (
            <div className="pv-callout" role="status">
              <p>{status === 'todo' && !from && !to ? t('requests.point.empty') : t('requests.mine.emptyFiltered')}</p>
            </div>
          ) : (
            <>
              <p className="rq-muted" aria-live="polite">
                {t('requests.list.count', { count: list.data.total })}
              </p>
              <RequestList items={list.data.items} basePath={POINT_REQUESTS_PATH} viewer="manager" label={t('requests.point.listLabel')} />
              {pages > 1 ? (
                <div className="pv-action-bar">
                  <button type="button" className="pv-action-button pv-action-button-ghost pv-action-button-small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                    {t('requests.list.previous')}
                  </button>
                  <span>{t('requests.list.page', { page, pages })}</span>
                  <button type="button" className="pv-action-button pv-action-button-ghost pv-action-button-small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                    {t('requests.list.next')}
                  </button>
                </div>
              ) : null}
            </>
          )}
        </>
      )}
    </section>
  );
}

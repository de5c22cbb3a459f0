/**
 * Mis Solicitudes: the caller's pickup requests (a company head also sees its branches', and
 * can filter by branch), newest first, with a button to ask for a new pickup.
 */
import type { RequestStatus } from '@puntoverde/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { useRequestList } from '../api/list-requests';
import { ListSkeleton, RequestList } from './request-list';
import '../../../components/actions.css';
import '../requests.css';

export const MY_REQUESTS_PATH = '/app/tabs/request';

const FILTERS: Record<string, RequestStatus[] | undefined> = {
  all: undefined,
  open: ['pendiente', 'aceptada', 'programada'],
  done: ['recogida'],
  closed: ['rechazada', 'cancelada'],
};
const PAGE_SIZE = 20;

export type BranchOption = { id: number; name: string };

export function MyRequestsScreen({ userId, branches }: { userId: number; branches: BranchOption[] | null }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<keyof typeof FILTERS>('all');
  const [branchId, setBranchId] = useState<number>(0);
  const [page, setPage] = useState(1);
  const list = useRequestList({ status: FILTERS[filter], branchId: branchId || undefined, page, pageSize: PAGE_SIZE });
  const isHead = branches !== null;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <section className="rq" aria-labelledby="rq-mine-title">
      <div className="rq-card-head">
        <h2 id="rq-mine-title">{isHead ? t('requests.mine.titleCompany') : t('requests.mine.title')}</h2>
        <AppLink to={`${MY_REQUESTS_PATH}/new`} className="pv-action-button">
          {t('requests.mine.new')}
        </AppLink>
      </div>
      <div className="rq-toolbar">
        <div className="rq-chips" role="group" aria-label={t('requests.mine.filterLabel')}>
          {Object.keys(FILTERS).map((key) => (
            <button
              key={key}
              type="button"
              className="rq-chip"
              aria-pressed={filter === key}
              onClick={() => {
                setFilter(key);
                setPage(1);
              }}
            >
              {t(`requests.mine.filters.${key}`)}
            </button>
          ))}
        </div>
        {isHead ? (
          <div className="rq-field">
            <label className="rq-label" htmlFor="rq-branch-filter">
              {t('requests.mine.branch')}
            </label>
            <select
              id="rq-branch-filter"
              className="rq-input"
              value={branchId}
              onChange={(e) => {
                setBranchId(Number(e.target.value));
                setPage(1);
              }}
            >
              <option value={0}>{t('requests.mine.allBranches')}</option>
              <option value={userId}>{t('requests.mine.headOnly')}</option>
              {branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
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
          <p>{filter === 'all' && !branchId ? t('requests.mine.empty') : t('requests.mine.emptyFiltered')}</p>
          {filter === 'all' && !branchId ? (
            <AppLink to={`${MY_REQUESTS_PATH}/new`} className="pv-action-button pv-action-button-small">
              {t('requests.mine.new')}
            </AppLink>
          ) : null}
        </div>
      ) : (
        <>
          <p className="rq-muted" aria-live="polite">
            {t('requests.list.count', { count: list.data.total })}
          </p>
          <RequestList items={list.data.items} basePath={MY_REQUESTS_PATH} viewer={isHead ? 'company' : 'requester'} label={t('requests.mine.listLabel')} />
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
    </section>
  );
}

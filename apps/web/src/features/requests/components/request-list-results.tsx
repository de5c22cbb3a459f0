/**
 * The body of a request list screen: a skeleton while loading, an error with a retry, the
 * screen's own empty message, or the count, the cards and the page buttons.
 */
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedRequestList } from '../api/list-requests';
import { ListSkeleton, RequestList } from './request-list';
import '../../../components/actions.css';

export interface RequestListResultsProps {
  results: PagedRequestList;
  basePath: string;
  viewer: 'requester' | 'manager' | 'company';
  /** The list's accessible name. */
  label: string;
  /** What the empty-list callout says (and offers). */
  empty: ReactNode;
}

export function RequestListResults({ results, basePath, viewer, label, empty }: RequestListResultsProps) {
  const { t } = useTranslation();
  const { list, page, setPage, pageSize } = results;
  // The answer arriving re-renders this list at once and without a pause (a query's store
  // update); the cards are built in a deferred render React can pause instead, and until it
  // commits the skeleton (or the previous page) stays.
  const data = useDeferredValue(list.data);
  if (list.isError) {
    return (
      <div className="pv-callout pv-callout-error" role="alert">
        <p>{t('requests.list.error')}</p>
        <button type="button" className="pv-button pv-button-small" onClick={() => void list.refetch()}>
          {t('requests.list.retry')}
        </button>
      </div>
    );
  }
  if (list.isPending || data === undefined) return <ListSkeleton label={t('requests.list.loading')} />;
  if (data.items.length === 0) {
    return (
      <div className="pv-callout" role="status">
        {empty}
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / pageSize));
  return (
    <>
      <p className="rq-muted" aria-live="polite">
        {t('requests.list.count', { count: data.total })}
      </p>
      <RequestList items={data.items} basePath={basePath} viewer={viewer} label={label} />
      {pages > 1 ? (
        <div className="pv-action-bar">
          <button
            type="button"
            className="pv-button pv-button-secondary pv-button-small"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            {t('requests.list.previous')}
          </button>
          <span>{t('requests.list.page', { page, pages })}</span>
          <button
            type="button"
            className="pv-button pv-button-secondary pv-button-small"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('requests.list.next')}
          </button>
        </div>
      ) : null}
    </>
  );
}

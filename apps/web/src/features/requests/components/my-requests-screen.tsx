/**
 * Mis Solicitudes: the caller's pickup requests (a company head also sees its branches', and
 * can filter by branch), newest first, with a button to ask for a new pickup.
 */
import type { RequestStatus } from '@puntoverde/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { usePagedRequestList } from '../api/list-requests';
import { FilterSelect } from './filter-select';
import { RequestListResults } from './request-list-results';
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
  const results = usePagedRequestList({ status: FILTERS[filter], branchId: branchId || undefined }, PAGE_SIZE);
  const { setPage } = results;
  const isHead = branches !== null;
  const unfiltered = filter === 'all' && !branchId;

  return (
    <section className="rq" aria-labelledby="rq-mine-title">
      <div className="rq-card-head">
        <h2 id="rq-mine-title">{isHead ? t('requests.mine.titleCompany') : t('requests.mine.title')}</h2>
        <AppLink to={`${MY_REQUESTS_PATH}/new`} className="pv-button">
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
          <FilterSelect
            id="rq-branch-filter"
            label={t('requests.mine.branch')}
            value={branchId}
            options={[
              { value: 0, label: t('requests.mine.allBranches') },
              { value: userId, label: t('requests.mine.headOnly') },
              ...branches.map((b) => ({ value: b.id, label: b.name })),
            ]}
            onChange={(value) => {
              setBranchId(Number(value));
              setPage(1);
            }}
          />
        ) : null}
      </div>

      <RequestListResults
        results={results}
        basePath={MY_REQUESTS_PATH}
        viewer={isHead ? 'company' : 'requester'}
        label={t('requests.mine.listLabel')}
        empty={
          <>
            <p>{unfiltered ? t('requests.mine.empty') : t('requests.mine.emptyFiltered')}</p>
            {unfiltered ? (
              <AppLink to={`${MY_REQUESTS_PATH}/new`} className="pv-button pv-button-small">
                {t('requests.mine.new')}
              </AppLink>
            ) : null}
          </>
        }
      />
    </section>
  );
}

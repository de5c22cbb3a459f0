/**
 * Requests to my point(s) (point managers, tc_id 1): filter by status, pickup day and point;
 * open one to accept, schedule, reject or record the collection; or see the day's route.
 */
import type { RequestStatus } from '@puntoverde/contract';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedRequestList } from '../api/list-requests';
import { useMyPoints } from '../api/my-points';
import { DayRoute } from './day-route';
import { FilterSelect } from './filter-select';
import { LabelledField } from './labelled-field';
import { RequestListResults } from './request-list-results';
import '../../../components/actions.css';
import '../requests.css';
import '../../../components/form-fields.css';

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
const TABS = ['list', 'day'] as const;
type Tab = (typeof TABS)[number];

/** `initialStatus`: a status filter asked for in the address (`?status=pendiente`). */
export function PointRequestsScreen({
  tileUrl,
  initialStatus,
}: {
  tileUrl: string;
  initialStatus?: string | undefined;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('list');
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  // The WAI-ARIA tabs pattern: one tab stop; arrows, Home and End move between the tabs.
  const onTabKey = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index + TABS.length - 1) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  const [status, setStatus] = useState(initialStatus && initialStatus in STATUS_FILTERS ? initialStatus : 'todo');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pointId, setPointId] = useState(0);
  const results = usePagedRequestList(
    { status: STATUS_FILTERS[status], from: from || undefined, to: to || undefined, pointId: pointId || undefined },
    PAGE_SIZE,
    tab === 'list',
  );
  const { setPage } = results;
  const myPoints = useMyPoints();
  const points = (myPoints.data ?? []).map((p) => [p.id, p.name] as const);
  const onlyPoint = points.length === 1 ? points[0] : undefined;

  return (
    <section className="rq" aria-labelledby="rq-point-title">
      <h2 id="rq-point-title">{t('requests.point.title')}</h2>
      <div className="rq-chips" role="tablist" aria-label={t('requests.point.views')} onKeyDown={onTabKey}>
        {TABS.map((key) => (
          <button
            key={key}
            ref={(element) => {
              tabRefs.current[key] = element;
            }}
            type="button"
            role="tab"
            id={`rq-tab-${key}`}
            className="rq-chip"
            aria-selected={tab === key}
            aria-controls="rq-tabpanel"
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
          >
            {t(key === 'list' ? 'requests.point.listTab' : 'requests.point.dayTab')}
          </button>
        ))}
      </div>

      <div id="rq-tabpanel" role="tabpanel" aria-labelledby={`rq-tab-${tab}`}>
        {tab === 'day' ? (
          <DayRoute tileUrl={tileUrl} />
        ) : (
          <>
            <div className="rq-toolbar" role="search" aria-label={t('requests.point.filters')}>
              <FilterSelect
                id="rq-status-filter"
                label={t('requests.point.status')}
                value={status}
                options={Object.keys(STATUS_FILTERS).map((key) => ({
                  value: key,
                  label: t(`requests.point.statusFilters.${key}`),
                }))}
                onChange={(value) => {
                  setStatus(value);
                  setPage(1);
                }}
              />
              <LabelledField id="rq-from" label={t('requests.point.from')}>
                <input
                  id="rq-from"
                  className="pv-field-input"
                  type="date"
                  value={from}
                  onChange={(e) => {
                    setFrom(e.target.value);
                    setPage(1);
                  }}
                />
              </LabelledField>
              <LabelledField id="rq-to" label={t('requests.point.to')}>
                <input
                  id="rq-to"
                  className="pv-field-input"
                  type="date"
                  value={to}
                  onChange={(e) => {
                    setTo(e.target.value);
                    setPage(1);
                  }}
                />
              </LabelledField>
              {/* Always there, so the list never moves when the points arrive after it (a
                  manager's points came second and added this row above the list's skeleton):
                  while they load, or with a single point, it shows them and cannot change. */}
              <FilterSelect
                id="rq-point-filter"
                label={t('requests.point.point')}
                value={onlyPoint ? onlyPoint[0] : pointId}
                disabled={points.length <= 1}
                options={
                  onlyPoint
                    ? [{ value: onlyPoint[0], label: onlyPoint[1] }]
                    : [
                        { value: 0, label: t('requests.point.allPoints') },
                        ...points.map(([id, name]) => ({ value: id, label: name })),
                      ]
                }
                onChange={(value) => {
                  setPointId(Number(value));
                  setPage(1);
                }}
              />
            </div>
            <RequestListResults
              results={results}
              basePath={POINT_REQUESTS_PATH}
              viewer="manager"
              label={t('requests.point.listLabel')}
              empty={
                <p>
                  {status === 'todo' && !from && !to ? t('requests.point.empty') : t('requests.mine.emptyFiltered')}
                </p>
              }
            />
          </>
        )}
      </div>
    </section>
  );
}

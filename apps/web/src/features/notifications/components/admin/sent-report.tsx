/**
 * What was sent (the spec's get-notifications): per broadcast and per kind, with the delivery
 * figures (queued, delivered to the push service, failed, opened, pending); a scheduled
 * broadcast can still be cancelled.
 */
import { NOTIFICATION_KINDS, type Broadcast, type DeliveryFigures, type NotificationKind } from '@puntoverde/contract';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterInputField, FilterSelectField } from '../../../../components/filter-fields';
import { formatDateTime } from '../../../../lib/date-format';
import { formatNumber } from '../../../../lib/number-format';
import { useCancelBroadcast, useSentReport, type SentReportFilters } from '../../api/broadcasts';
import { useAudienceLabel } from './broadcast-audience';
import { apiErrorMessage } from '../../../../lib/api-errors';
import { DataTable } from '../../../../components/data-table';

const PAGE_SIZE = 10;

function Figures({ figures }: { figures: DeliveryFigures }) {
  const { i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <>
      <td className="pv-cell-num">{n(figures.queued)}</td>
      <td className="pv-cell-num">{n(figures.delivered)}</td>
      <td className="pv-cell-num">{n(figures.failed)}</td>
      <td className="pv-cell-num">{n(figures.clicked)}</td>
      <td className="pv-cell-num">{n(figures.pending)}</td>
    </>
  );
}

function FigureHeaders() {
  const { t } = useTranslation();
  return (
    <>
      <th scope="col">{t('notifications.admin.queued')}</th>
      <th scope="col">{t('notifications.admin.delivered')}</th>
      <th scope="col">{t('notifications.admin.failed')}</th>
      <th scope="col">{t('notifications.admin.clicked')}</th>
      <th scope="col">{t('notifications.admin.pending')}</th>
    </>
  );
}

/** A table of figures (the design system's table: cards on a phone). */
function FiguresTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <DataTable className="broadcast-table" caption={caption}>
      {children}
    </DataTable>
  );
}

function CancelButton({ broadcast }: { broadcast: Broadcast }) {
  const { t } = useTranslation();
  const cancel = useCancelBroadcast();
  const [asking, setAsking] = useState(false);
  if (broadcast.status !== 'scheduled') return null;
  if (!asking) {
    return (
      <button type="button" className="pv-button pv-button-small pv-button-secondary" onClick={() => setAsking(true)}>
        {t('notifications.admin.cancel')}
      </button>
    );
  }
  return (
    <span className="broadcast-cancel-ask">
      <span>{t('notifications.admin.cancelAsk')}</span>{' '}
      <button
        type="button"
        className="pv-button pv-button-small pv-button-danger"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate(broadcast.id)}
        aria-label={t('notifications.admin.cancelYesNamed', { title: broadcast.title })}
      >
        {t('notifications.admin.cancelYes')}
      </button>{' '}
      <button type="button" className="pv-button pv-button-small pv-button-secondary" onClick={() => setAsking(false)}>
        {t('notifications.admin.cancelNo')}
      </button>
      {cancel.isError ? <span role="alert"> {apiErrorMessage(t, cancel.error)}</span> : null}
    </span>
  );
}

export function SentReport() {
  const { t, i18n } = useTranslation();
  const audienceLabel = useAudienceLabel();
  const [filters, setFilters] = useState<SentReportFilters>({ page: 1, page_size: PAGE_SIZE });
  const report = useSentReport(filters);
  const headingId = useId();
  const set = (patch: Partial<SentReportFilters>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const data = report.data;
  const pages = data ? Math.max(1, Math.ceil(data.broadcasts.total / PAGE_SIZE)) : 1;
  return (
    <section className="pv-section broadcast-report" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('notifications.admin.reportTitle')}</h2>
      <div className="broadcast-filters" role="group" aria-label={t('notifications.admin.filters')}>
        <FilterSelectField
          label={t('notifications.admin.filterKind')}
          value={filters.kind ?? ''}
          onValue={(value) => set({ kind: (value || undefined) as NotificationKind | undefined })}
          options={[
            { value: '', label: t('notifications.admin.any') },
            ...NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`notifications.kinds.${k}`) })),
          ]}
        />
        <FilterSelectField
          label={t('notifications.admin.filterAudience')}
          value={filters.audience ?? ''}
          onValue={(value) => set({ audience: (value || undefined) as SentReportFilters['audience'] })}
          options={[
            { value: '', label: t('notifications.admin.any') },
            { value: 'all', label: t('notifications.admin.audienceAll') },
            { value: 'tc_id', label: t('notifications.admin.byKind') },
            { value: 'city', label: t('notifications.admin.byCity') },
          ]}
        />
        <FilterInputField
          label={t('notifications.admin.from')}
          type="date"
          value={filters.from ?? ''}
          onValue={(value) => set({ from: value || undefined })}
        />
        <FilterInputField
          label={t('notifications.admin.until')}
          type="date"
          value={filters.to ?? ''}
          onValue={(value) => set({ to: value || undefined })}
        />
      </div>
      {report.isPending ? <p role="status">{t('notifications.loading')}</p> : null}
      {report.isError ? (
        <p role="alert">
          {t('notifications.admin.loadError')}{' '}
          <button
            type="button"
            className="pv-button pv-button-small pv-button-secondary"
            onClick={() => void report.refetch()}
          >
            {t('notifications.retry')}
          </button>
        </p>
      ) : null}
      {data ? (
        <>
          <FiguresTable caption={t('notifications.admin.broadcastsCaption')}>
            <thead>
              <tr>
                <th scope="col">{t('notifications.admin.colBroadcast')}</th>
                <th scope="col">{t('notifications.admin.colAudience')}</th>
                <th scope="col">{t('notifications.admin.colWhen')}</th>
                <th scope="col">{t('notifications.admin.colStatus')}</th>
                <th scope="col">{t('notifications.admin.colRecipients')}</th>
                <FigureHeaders />
                <th scope="col">
                  <span className="visually-hidden">{t('notifications.admin.colActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.broadcasts.items.length === 0 ? (
                <tr>
                  <td colSpan={11}>{t('notifications.admin.noBroadcasts')}</td>
                </tr>
              ) : (
                data.broadcasts.items.map((b) => (
                  <tr key={b.id}>
                    <th scope="row">
                      {b.title}
                      <span className="broadcast-row-body">{b.body}</span>
                    </th>
                    <td>{audienceLabel(b.audience)}</td>
                    <td className="pv-cell-nowrap">{formatDateTime(b.send_at, i18n.language)}</td>
                    <td>{t(`notifications.admin.status.${b.status}`)}</td>
                    <td className="pv-cell-num">{formatNumber(b.recipients, i18n.language)}</td>
                    <Figures figures={b.figures} />
                    <td>
                      <CancelButton broadcast={b} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </FiguresTable>
          <nav className="broadcast-pager" aria-label={t('notifications.admin.pagination')}>
            <button
              type="button"
              className="pv-button pv-button-small pv-button-secondary"
              disabled={filters.page <= 1}
              onClick={() => set({ page: filters.page - 1 })}
            >
              {t('notifications.admin.previous')}
            </button>
            <span>{t('notifications.admin.pageOf', { page: filters.page, pages })}</span>
            <button
              type="button"
              className="pv-button pv-button-small pv-button-secondary"
              disabled={filters.page >= pages}
              onClick={() => set({ page: filters.page + 1 })}
            >
              {t('notifications.admin.next')}
            </button>
          </nav>
          <FiguresTable caption={t('notifications.admin.byKindCaption')}>
            <thead>
              <tr>
                <th scope="col">{t('notifications.admin.colKind')}</th>
                <th scope="col">{t('notifications.admin.colRecords')}</th>
                <FigureHeaders />
              </tr>
            </thead>
            <tbody>
              {data.by_kind.length === 0 ? (
                <tr>
                  <td colSpan={7}>{t('notifications.admin.noRecords')}</td>
                </tr>
              ) : (
                data.by_kind.map((k) => (
                  <tr key={k.kind}>
                    <th scope="row" className="pv-cell-nowrap">{t(`notifications.kinds.${k.kind}`)}</th>
                    <td>{formatNumber(k.records, i18n.language)}</td>
                    <Figures figures={k.figures} />
                  </tr>
                ))
              )}
            </tbody>
          </FiguresTable>
          <p className="notification-hint">{t('notifications.admin.figuresHelp')}</p>
        </>
      ) : null}
    </section>
  );
}

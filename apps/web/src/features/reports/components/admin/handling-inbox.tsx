/**
 * The handlers' inbox (oldest first): each report can be selected, a whole page at once too, and
 * the bar that shows with a selection moves them all to one status after a confirmation. The
 * server checks each report on its own; the outcome is announced politely.
 */
import {
  REPORT_REASON_MAX,
  REPORT_STATUSES,
  type HandlerReportListItem,
  type ReportStatus,
} from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state';
import { SelectField, TextAreaField } from '../../../../components/form-fields';
import { FormAlert } from '../../../../components/field-shell';
import { apiErrorMessage } from '../../../../lib/api-errors';
import { useBulkStatus } from '../../api/handling';
import { formatDay } from '../../format';
import { ReportCardHead } from '../report-list';

/** Each duplicate needs its own original, so `duplicado` is set one report at a time. */
const BULK_UNSUPPORTED: readonly ReportStatus[] = ['duplicado'];

type BulkForm = { status: ReportStatus | ''; reason: string };

/** The bar shown while reports are selected: new status (and reason when it needs one), apply, confirm. */
export function BulkStatusBar({ numbers, onDone }: { numbers: string[]; onDone: (updated: string[]) => void }) {
  const { t } = useTranslation();
  const bulk = useBulkStatus();
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const { register, watch, reset } = useForm<BulkForm>({ defaultValues: { status: '', reason: '' } });
  const status = watch('status');
  const reason = watch('reason');
  const needsReason = status === 'descartado';
  const ready = numbers.length > 0 && status !== '' && (!needsReason || reason.trim().length > 0);
  const options = [
    { value: '', label: t('reports.handling.choose') },
    ...REPORT_STATUSES.map((s) => ({
      value: s,
      label: BULK_UNSUPPORTED.includes(s)
        ? t('reports.bulk.oneByOne', { status: t(`reports.status.${s}`) })
        : t(`reports.status.${s}`),
      disabled: BULK_UNSUPPORTED.includes(s),
    })),
  ];

  const apply = () => {
    if (!ready) return;
    setAnnouncement('');
    bulk.mutate(
      { numbers, status, ...(needsReason ? { reason: reason.trim() } : {}) },
      {
        onSuccess: (result) => {
          const parts = [
            t('reports.bulk.updated', { count: result.updated.length, status: t(`reports.status.${status}`) }),
          ];
          for (const f of result.failed) parts.push(t('reports.bulk.failed', { number: f.number, message: f.message }));
          setAnnouncement(parts.join(' '));
          setConfirming(false);
          reset();
          onDone(result.updated);
        },
        onError: () => setConfirming(false),
      },
    );
  };

  return (
    <>
      <p className="rp-hint" role="status" aria-live="polite">
        {announcement}
      </p>
      {numbers.length ? (
        <section className="pv-card rp-bulk" aria-labelledby="rp-bulk-title">
          <h3 id="rp-bulk-title">{t('reports.bulk.title', { count: numbers.length })}</h3>
          <SelectField label={t('reports.handling.newStatus')} registration={register('status')} options={options} />
          {needsReason ? (
            <TextAreaField
              label={t('reports.handling.reason')}
              registration={register('reason')}
              maxLength={REPORT_REASON_MAX}
              rows={2}
            />
          ) : null}
          {confirming && status ? (
            <div className="rp-notice" role="group" aria-labelledby="rp-bulk-confirm">
              <p id="rp-bulk-confirm">
                {t('reports.bulk.confirm', { count: numbers.length, status: t(`reports.status.${status}`) })}
              </p>
              <div className="pv-action-bar">
                <button type="button" className="pv-button" disabled={bulk.isPending} onClick={apply}>
                  {t('reports.bulk.confirmYes')}
                </button>
                <button
                  type="button"
                  className="pv-button pv-button-secondary"
                  disabled={bulk.isPending}
                  onClick={() => setConfirming(false)}
                >
                  {t('reports.bulk.cancel')}
                </button>
              </div>
            </div>
          ) : (
            <div className="pv-action-bar">
              <button type="button" className="pv-button" disabled={!ready} onClick={() => setConfirming(true)}>
                {t('reports.bulk.apply', { count: numbers.length })}
              </button>
            </div>
          )}
          <FormAlert message={bulk.isError ? apiErrorMessage(t, bulk.error) : null} />
        </section>
      ) : null}
    </>
  );
}

/** One page of the inbox with a checkbox per report and one for the whole page. */
export function HandlingInbox({ items, empty }: { items: HandlerReportListItem[]; empty: string }) {
  const { t, i18n } = useTranslation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Only what is on this page may stay selected (a filter or a status change may remove some).
  const chosen = items.filter((r) => selected.has(r.number)).map((r) => r.number);
  const all = items.length > 0 && chosen.length === items.length;
  const toggle = (number: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(number);
      else next.delete(number);
      return next;
    });
  return (
    <>
      <BulkStatusBar numbers={chosen} onDone={() => setSelected(new Set())} />
      {items.length ? (
        <label className="rp-select-all">
          <input
            type="checkbox"
            checked={all}
            ref={(el) => {
              if (el) el.indeterminate = chosen.length > 0 && !all;
            }}
            onChange={(e) => setSelected(e.target.checked ? new Set(items.map((r) => r.number)) : new Set())}
          />{' '}
          {t('reports.bulk.selectPage')}
        </label>
      ) : null}
      {!items.length ? (
        <EmptyState title={empty} />
      ) : (
        <ul className="rp-list">
          {items.map((r) => (
            <li key={r.number} className="pv-card rp-card rp-card-selectable">
              <input
                type="checkbox"
                className="rp-card-check"
                aria-label={t('reports.bulk.select', { number: r.number })}
                checked={selected.has(r.number)}
                onChange={(e) => toggle(r.number, e.target.checked)}
              />
              <div>
                <ReportCardHead report={r} />
                <p className="rp-hint">
                  {formatDay(r.created_at, i18n.language)} · {t('reports.bulk.age', { count: r.age_days })}
                  {r.point ? ` · ${r.point.name}` : ''}
                  {' · '}
                  {r.assigned_to
                    ? t('reports.assign.current', { name: r.assigned_to.name })
                    : t('reports.assign.nobody')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

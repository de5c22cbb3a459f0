/**
 * Back office → Envíos masivos. Staff write a broadcast (title, text, optional app link), choose
 * the audience the API supports (everyone, one kind of account, one city) and the time (now or
 * scheduled, Bogotá time), see how it will look, then confirm it with the number of accounts
 * and devices it reaches. Below, what was sent (the spec's get-notifications): per kind and per
 * broadcast, with the delivery figures (queued, delivered to the push service, failed, opened,
 * pending), refreshed while a broadcast is still going out.
 */
import {
  NOTIFICATION_KINDS,
  QUIET_HOURS_DEFAULT,
  type Broadcast,
  type BroadcastAudience,
  type BroadcastAudienceSize,
  type CreateBroadcast,
  type DeliveryFigures,
  type NotificationKind,
} from '@puntoverde/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import '../../../../components/actions.css';
import { FormAlert, RadioGroupField, SelectField, TextAreaField, TextField } from '../../../../components/form-fields';
import { ApiError } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/date-format';
import { formatNumber } from '../../../../lib/number-format';
import { fetchAudienceSize, useCancelBroadcast, useCreateBroadcast, useSentReport, type SentReportFilters } from '../../api/broadcasts';
import '../notifications.css';

const PAGE_SIZE = 10;
const USER_KINDS = [
  { tc_id: 1, key: 'userKind.manager' },
  { tc_id: 2, key: 'userKind.household' },
  { tc_id: 3, key: 'userKind.company' },
] as const;

type FormValues = {
  title: string;
  body: string;
  link: string;
  audience: BroadcastAudience['type'];
  tc_id: '1' | '2' | '3';
  city: string;
  when: 'now' | 'later';
  send_at: string;
};

const EMPTY: FormValues = { title: '', body: '', link: '', audience: 'all', tc_id: '2', city: '', when: 'now', send_at: '' };

/** `2026-12-05T09:00` typed as Bogotá wall-clock time (no daylight saving) → ISO instant. */
export function bogotaLocalToIso(value: string): string {
  return new Date(`${value.length === 16 ? `${value}:00` : value}-05:00`).toISOString();
}

function toRequest(v: FormValues): CreateBroadcast {
  const audience: BroadcastAudience =
    v.audience === 'tc_id' ? { type: 'tc_id', tc_id: Number(v.tc_id) as 1 | 2 | 3 } : v.audience === 'city' ? { type: 'city', city: v.city.trim() } : { type: 'all' };
  return {
    title: v.title.trim(),
    body: v.body.trim(),
    link: v.link.trim() || null,
    audience,
    ...(v.when === 'later' && v.send_at ? { send_at: bogotaLocalToIso(v.send_at) } : {}),
  };
}

function useAudienceLabel() {
  const { t } = useTranslation();
  return (audience: BroadcastAudience): string => {
    if (audience.type === 'tc_id') {
      const kind = USER_KINDS.find((k) => k.tc_id === audience.tc_id);
      return t('notifications.admin.audienceKind', { kind: kind ? t(kind.key) : audience.tc_id });
    }
    if (audience.type === 'city') return t('notifications.admin.audienceCity', { city: audience.city });
    return t('notifications.admin.audienceAll');
  };
}

/** How the notification will look: the card of the notification centre and the alert's action. */
function Preview({ title, body, link }: { title: string; body: string; link: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="broadcast-preview" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('notifications.admin.preview')}</h3>
      <div className="broadcast-preview-card" data-testid="broadcast-preview">
        <p className="broadcast-preview-kind">{t('notifications.kinds.broadcast')}</p>
        <p className="broadcast-preview-title">{title.trim() || t('notifications.admin.previewTitle')}</p>
        <p>{body.trim() || t('notifications.admin.previewBody')}</p>
        {link.trim() ? <p className="broadcast-preview-link">{t('notifications.admin.previewLink', { link: link.trim() })}</p> : null}
      </div>
    </section>
  );
}

function Confirmation({
  request,
  size,
  sending,
  onConfirm,
  onBack,
}: {
  request: CreateBroadcast;
  size: BroadcastAudienceSize | null;
  sending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const audienceLabel = useAudienceLabel();
  const headingId = useId();
  return (
    <section className="pv-callout broadcast-confirm" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('notifications.admin.confirmTitle')}</h3>
      <dl className="broadcast-summary">
        <dt>{t('notifications.admin.to')}</dt>
        <dd>{audienceLabel(request.audience)}</dd>
        <dt>{t('notifications.admin.reach')}</dt>
        <dd>
          {size
            ? t('notifications.admin.reachFigures', {
                users: formatNumber(size.users, i18n.language),
                devices: formatNumber(size.push_devices, i18n.language),
              })
            : t('notifications.admin.reachUnknown')}
        </dd>
        <dt>{t('notifications.admin.when')}</dt>
        <dd>{request.send_at ? formatDateTime(request.send_at, i18n.language) : t('notifications.admin.now')}</dd>
      </dl>
      <p>{t('notifications.admin.quietNote', { start: QUIET_HOURS_DEFAULT.start, end: QUIET_HOURS_DEFAULT.end })}</p>
      {size && size.users === 0 ? <p role="alert">{t('notifications.admin.nobody')}</p> : null}
      <div className="pv-action-bar">
        <button type="button" className="pv-button" disabled={sending || size?.users === 0} onClick={onConfirm}>
          {request.send_at ? t('notifications.admin.confirmSchedule') : t('notifications.admin.confirmSend')}
        </button>
        <button type="button" className="pv-button pv-button-secondary" disabled={sending} onClick={onBack}>
          {t('notifications.admin.backToEdit')}
        </button>
      </div>
    </section>
  );
}

function ComposeBroadcast() {
  const { t, i18n } = useTranslation();
  const create = useCreateBroadcast();
  const form = useForm<FormValues>({ defaultValues: EMPTY });
  const { register, handleSubmit, watch, formState, setError, reset } = form;
  const [pending, setPending] = useState<{ request: CreateBroadcast; size: BroadcastAudienceSize | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Broadcast | null>(null);
  const values = watch();
  const errors = formState.errors;

  const review = handleSubmit(async (v) => {
    setProblem(null);
    setDone(null);
    if (v.when === 'later' && !v.send_at) {
      setError('send_at', { message: t('notifications.admin.sendAtRequired') });
      return;
    }
    if (v.when === 'later' && Date.parse(bogotaLocalToIso(v.send_at)) <= Date.now()) {
      setError('send_at', { message: t('notifications.admin.sendAtPast') });
      return;
    }
    const request = toRequest(v);
    let size: BroadcastAudienceSize | null = null;
    try {
      size = await fetchAudienceSize(request.audience);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) setError(field as keyof FormValues, { message });
        return;
      }
      // The count is a courtesy: the broadcast can still be confirmed without it.
    }
    setPending({ request, size });
  });

  const confirm = () => {
    if (!pending) return;
    create.mutate(pending.request, {
      onSuccess: (broadcast) => {
        setPending(null);
        setDone(broadcast);
        reset(EMPTY);
      },
      onError: (error) => {
        setPending(null);
        if (error instanceof ApiError && error.fields) {
          for (const [field, message] of Object.entries(error.fields)) {
            const name = field.startsWith('audience.') ? field.slice('audience.'.length) : field;
            setError(name as keyof FormValues, { message });
          }
        }
        setProblem(error instanceof Error ? error.message : String(error));
      },
    });
  };

  return (
    <section className="pv-section broadcast-compose" aria-labelledby="broadcast-compose-title">
      <h2 id="broadcast-compose-title">{t('notifications.admin.composeTitle')}</h2>
      {done ? (
        <p role="status" className="pv-callout">
          {done.status === 'scheduled'
            ? t('notifications.admin.scheduled', { date: formatDateTime(done.send_at, i18n.language) })
            : t('notifications.admin.sent', { count: done.recipients, people: formatNumber(done.recipients, i18n.language) })}
        </p>
      ) : null}
      <div className="broadcast-compose-grid">
        <form noValidate onSubmit={(e) => void review(e)} aria-describedby="broadcast-compose-help">
          <p id="broadcast-compose-help" className="notification-hint">
            {t('notifications.admin.composeHelp')}
          </p>
          <FormAlert message={problem} />
          <TextField
            label={t('notifications.admin.fieldTitle')}
            maxLength={120}
            disabled={!!pending}
            error={errors.title?.message}
            registration={register('title', {
              validate: (v) => (v.trim().length >= 3 ? true : t('notifications.admin.titleTooShort')),
            })}
          />
          <TextAreaField
            label={t('notifications.admin.fieldBody')}
            rows={3}
            maxLength={500}
            disabled={!!pending}
            hint={t('notifications.admin.bodyHint', { count: values.body.length })}
            error={errors.body?.message}
            registration={register('body', {
              validate: (v) => (v.trim().length >= 3 ? true : t('notifications.admin.bodyTooShort')),
            })}
          />
          <TextField
            label={t('notifications.admin.fieldLink')}
            optional
            placeholder="/campaign"
            disabled={!!pending}
            hint={t('notifications.admin.linkHint')}
            error={errors.link?.message}
            registration={register('link', {
              validate: (v) => (!v.trim() || /^\/[A-Za-z0-9/_?=&.-]*$/.test(v.trim()) ? true : t('notifications.admin.linkInvalid')),
            })}
          />
          <RadioGroupField
            legend={t('notifications.admin.fieldAudience')}
            registration={register('audience')}
            options={[
              { value: 'all', label: t('notifications.admin.audienceAll'), disabled: !!pending },
              { value: 'tc_id', label: t('notifications.admin.byKind'), disabled: !!pending },
              { value: 'city', label: t('notifications.admin.byCity'), disabled: !!pending },
            ]}
          />
          {values.audience === 'tc_id' ? (
            <SelectField
              label={t('notifications.admin.fieldKind')}
              disabled={!!pending}
              options={USER_KINDS.map((k) => ({ value: String(k.tc_id), label: t(k.key) }))}
              error={errors.tc_id?.message}
              registration={register('tc_id')}
            />
          ) : null}
          {values.audience === 'city' ? (
            <TextField
              label={t('notifications.admin.fieldCity')}
              placeholder="Medellín"
              disabled={!!pending}
              error={errors.city?.message}
              registration={register('city', {
                validate: (v, all) => (all.audience !== 'city' || v.trim().length >= 2 ? true : t('notifications.admin.cityRequired')),
              })}
            />
          ) : null}
          <RadioGroupField
            legend={t('notifications.admin.fieldWhen')}
            registration={register('when')}
            options={[
              { value: 'now', label: t('notifications.admin.now'), disabled: !!pending },
              { value: 'later', label: t('notifications.admin.later'), disabled: !!pending },
            ]}
          />
          {values.when === 'later' ? (
            <TextField
              label={t('notifications.admin.fieldSendAt')}
              type="datetime-local"
              disabled={!!pending}
              hint={t('notifications.admin.sendAtHint')}
              error={errors.send_at?.message}
              registration={register('send_at')}
            />
          ) : null}
          {pending ? null : (
            <div className="pv-action-bar">
              <button type="submit" className="pv-button" disabled={formState.isSubmitting}>
                {t('notifications.admin.review')}
              </button>
            </div>
          )}
        </form>
        <Preview title={values.title} body={values.body} link={values.link} />
      </div>
      {pending ? (
        <Confirmation request={pending.request} size={pending.size} sending={create.isPending} onConfirm={confirm} onBack={() => setPending(null)} />
      ) : null}
    </section>
  );
}

function Figures({ figures }: { figures: DeliveryFigures }) {
  const { i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <>
      <td>{n(figures.queued)}</td>
      <td>{n(figures.delivered)}</td>
      <td>{n(figures.failed)}</td>
      <td>{n(figures.clicked)}</td>
      <td>{n(figures.pending)}</td>
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
      {cancel.isError ? <span role="alert"> {cancel.error.message}</span> : null}
    </span>
  );
}

function SentReport() {
  const { t, i18n } = useTranslation();
  const audienceLabel = useAudienceLabel();
  const [filters, setFilters] = useState<SentReportFilters>({ page: 1, page_size: PAGE_SIZE });
  const report = useSentReport(filters);
  const headingId = useId();
  const kindId = useId();
  const audienceId = useId();
  const fromId = useId();
  const toId = useId();
  const set = (patch: Partial<SentReportFilters>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const data = report.data;
  const pages = data ? Math.max(1, Math.ceil(data.broadcasts.total / PAGE_SIZE)) : 1;
  return (
    <section className="pv-section broadcast-report" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('notifications.admin.reportTitle')}</h2>
      <div className="broadcast-filters" role="group" aria-label={t('notifications.admin.filters')}>
        <label htmlFor={kindId}>
          {t('notifications.admin.filterKind')}
          <select id={kindId} value={filters.kind ?? ''} onChange={(e) => set({ kind: (e.target.value || undefined) as NotificationKind | undefined })}>
            <option value="">{t('notifications.admin.any')}</option>
            {NOTIFICATION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`notifications.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={audienceId}>
          {t('notifications.admin.filterAudience')}
          <select
            id={audienceId}
            value={filters.audience ?? ''}
            onChange={(e) => set({ audience: (e.target.value || undefined) as SentReportFilters['audience'] })}
          >
            <option value="">{t('notifications.admin.any')}</option>
            <option value="all">{t('notifications.admin.audienceAll')}</option>
            <option value="tc_id">{t('notifications.admin.byKind')}</option>
            <option value="city">{t('notifications.admin.byCity')}</option>
          </select>
        </label>
        <label htmlFor={fromId}>
          {t('notifications.admin.from')}
          <input id={fromId} type="date" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
        </label>
        <label htmlFor={toId}>
          {t('notifications.admin.until')}
          <input id={toId} type="date" value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
        </label>
      </div>
      {report.isPending ? <p role="status">{t('notifications.loading')}</p> : null}
      {report.isError ? (
        <p role="alert">
          {t('notifications.admin.loadError')}{' '}
          <button type="button" className="pv-button pv-button-small pv-button-secondary" onClick={() => void report.refetch()}>
            {t('notifications.retry')}
          </button>
        </p>
      ) : null}
      {data ? (
        <>
          <div className="broadcast-table-scroll" role="region" aria-label={t('notifications.admin.broadcastsCaption')} tabIndex={0}>
            <table className="broadcast-table">
              <caption>{t('notifications.admin.broadcastsCaption')}</caption>
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
                      <td>{formatDateTime(b.send_at, i18n.language)}</td>
                      <td>{t(`notifications.admin.status.${b.status}`)}</td>
                      <td>{formatNumber(b.recipients, i18n.language)}</td>
                      <Figures figures={b.figures} />
                      <td>
                        <CancelButton broadcast={b} />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <nav className="broadcast-pager" aria-label={t('notifications.admin.pagination')}>
            <button type="button" className="pv-button pv-button-small pv-button-secondary" disabled={filters.page <= 1} onClick={() => set({ page: filters.page - 1 })}>
              {t('notifications.admin.previous')}
            </button>
            <span>{t('notifications.admin.pageOf', { page: filters.page, pages })}</span>
            <button type="button" className="pv-button pv-button-small pv-button-secondary" disabled={filters.page >= pages} onClick={() => set({ page: filters.page + 1 })}>
              {t('notifications.admin.next')}
            </button>
          </nav>
          <div className="broadcast-table-scroll" role="region" aria-label={t('notifications.admin.byKindCaption')} tabIndex={0}>
            <table className="broadcast-table">
              <caption>{t('notifications.admin.byKindCaption')}</caption>
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
                      <th scope="row">{t(`notifications.kinds.${k.kind}`)}</th>
                      <td>{formatNumber(k.records, i18n.language)}</td>
                      <Figures figures={k.figures} />
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <p className="notification-hint">{t('notifications.admin.figuresHelp')}</p>
        </>
      ) : null}
    </section>
  );
}

export function BroadcastsScreen() {
  return (
    <div className="broadcasts-screen">
      <ComposeBroadcast />
      <SentReport />
    </div>
  );
}

export default BroadcastsScreen;

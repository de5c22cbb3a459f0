/**
 * One request: what, where, when, the point, photos, the timeline, and what the viewer may do
 * now (the server's `allowed_transitions`): the requester cancels; the point's manager accepts,
 * schedules, rejects or records the collected kilos.
 */
import { formatColombianPhone, phoneHref, type PickupRequestDetail, REQUEST_MAX_KG_PER_ITEM, type RequestStatus, type RequestStatusChange, TIME_WINDOW_HOURS } from '@puntoverde/contract';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { parseQuantity, quantityErrorMessage, quantityText } from '../../../lib/number-input';
import { useChangeRequestStatus } from '../api/change-status';
import { useMaterials } from '../../../lib/materials';
import { bogotaLocalToIso, formatCalendarDate, formatDateTime, formatKg, isoToBogotaLocal } from '../format';
import { useNotify } from '../../../components/use-notify';
import { LabelledField } from './labelled-field';
import { materialLabel } from './request-form';
import { PhoneStatus, StatusBadge } from './status-badge';
import { Timeline } from './timeline';
import '../../../components/actions.css';
import { formatAddress } from '../../../lib/address';
import { apiErrorMessage } from '../../../lib/api-errors';
import '../../../components/form-fields.css';
import { ResponsiveImage } from '../../../components/responsive-image';
import { SubmitButton } from '../../../components/submit-button';
import { DataTable } from '../../../components/data-table';

type Viewer = 'requester' | 'manager' | 'company';

function useApply(request: PickupRequestDetail) {
  const { t } = useTranslation();
  const change = useChangeRequestStatus();
  const notify = useNotify();
  const apply = async (body: RequestStatusChange): Promise<boolean> => {
    try {
      const updated = await change.mutateAsync({ id: request.id, body });
      notify(t('requests.actions.done', { id: updated.id, status: t(`requests.status.${updated.status}`) }));
      return true;
    } catch (err) {
      notify(err instanceof ApiError ? apiErrorMessage(t, err) : t('requests.actions.error'), 'danger');
      return false;
    }
  };
  return { apply, pending: change.isPending };
}

/** A panel's validation message, announced when it appears. */
function PanelError({ error }: { error: string | null }) {
  return error ? (
    <p className="rq-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A panel's submit button (disabled while the change is sent) and the button that closes it. */
function PanelButtons({
  submit,
  close,
  onClose,
  pending,
  danger,
}: {
  submit: ReactNode;
  close: ReactNode;
  onClose: () => void;
  pending: boolean;
  danger?: boolean;
}) {
  return (
    <div className="pv-action-bar">
      <SubmitButton className={danger ? 'pv-button pv-button-danger' : 'pv-button'} busy={pending}>
        {submit}
      </SubmitButton>
      <button type="button" className="pv-button pv-button-secondary" onClick={onClose}>
        {close}
      </button>
    </div>
  );
}

function CancelAction({ request }: { request: PickupRequestDetail }) {
  const { t } = useTranslation();
  const { apply, pending } = useApply(request);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open) {
    return (
      // A secondary action: the destructive red is kept for the confirmation that follows.
      <button type="button" className="pv-button pv-button-secondary" onClick={() => setOpen(true)}>
        {t('requests.actions.cancel')}
      </button>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await apply({ status: 'cancelada', reason: reason.trim() || null })) setOpen(false);
  };
  return (
    <form className="rq-panel" onSubmit={(e) => void submit(e)} aria-label={t('requests.actions.cancelTitle')}>
      <p>{t('requests.actions.cancelConfirm', { id: request.id })}</p>
      <LabelledField id="rq-cancel-reason" label={t('requests.actions.cancelReason')} optional>
        <textarea
          id="rq-cancel-reason"
          className="pv-field-input pv-field-textarea"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </LabelledField>
      <PanelButtons
        submit={t('requests.actions.confirmCancel')}
        close={t('requests.actions.keep')}
        onClose={() => setOpen(false)}
        pending={pending}
        danger
      />
    </form>
  );
}

/** Default pickup time offered: the preferred day at the start of its window (Bogotá). */
function defaultScheduleValue(r: PickupRequestDetail): string {
  if (r.scheduled_at) return isoToBogotaLocal(r.scheduled_at);
  const hour = String(TIME_WINDOW_HOURS[r.time_window].start).padStart(2, '0');
  return `${r.preferred_date}T${hour}:00`;
}

function ScheduleForm({ request, onDone }: { request: PickupRequestDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const { apply, pending } = useApply(request);
  const [value, setValue] = useState(defaultScheduleValue(request));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const iso = bogotaLocalToIso(value);
    if (!iso) return setError(t('requests.actions.scheduleInvalid'));
    if (Date.parse(iso) < Date.now()) return setError(t('requests.actions.schedulePast'));
    setError(null);
    if (await apply({ status: 'programada', scheduled_at: iso, note: note.trim() || null })) onDone();
  };
  return (
    <form
      className="rq-panel"
      onSubmit={(e) => void submit(e)}
      aria-label={t('requests.actions.scheduleTitle')}
      noValidate
    >
      <LabelledField id={`rq-schedule-${request.id}`} label={t('requests.actions.scheduleAt')}>
        <input
          id={`rq-schedule-${request.id}`}
          className="pv-field-input"
          type="datetime-local"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`rq-schedule-${request.id}-hint`}
          onChange={(e) => setValue(e.target.value)}
          required
        />
        <p id={`rq-schedule-${request.id}-hint`} className="rq-hint">
          {t('requests.actions.scheduleHint')}
        </p>
        <PanelError error={error} />
      </LabelledField>
      <LabelledField id={`rq-schedule-note-${request.id}`} label={t('requests.actions.note')} optional>
        <input
          id={`rq-schedule-note-${request.id}`}
          className="pv-field-input"
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
        />
      </LabelledField>
      <PanelButtons
        submit={t('requests.actions.saveSchedule')}
        close={t('requests.actions.back')}
        onClose={onDone}
        pending={pending}
      />
    </form>
  );
}

function RejectForm({ request, onDone }: { request: PickupRequestDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const { apply, pending } = useApply(request);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(t('requests.actions.reasonRequired'));
    setError(null);
    if (await apply({ status: 'rechazada', reason: reason.trim() })) onDone();
  };
  return (
    <form
      className="rq-panel"
      onSubmit={(e) => void submit(e)}
      aria-label={t('requests.actions.rejectTitle')}
      noValidate
    >
      <LabelledField id={`rq-reject-${request.id}`} label={t('requests.actions.reason')}>
        <textarea
          id={`rq-reject-${request.id}`}
          className="pv-field-input pv-field-textarea"
          value={reason}
          maxLength={500}
          aria-invalid={error ? true : undefined}
          aria-required
          onChange={(e) => setReason(e.target.value)}
        />
        <PanelError error={error} />
      </LabelledField>
      <PanelButtons
        submit={t('requests.actions.confirmReject')}
        close={t('requests.actions.back')}
        onClose={onDone}
        pending={pending}
        danger
      />
    </form>
  );
}

function CollectForm({ request, onDone }: { request: PickupRequestDetail; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { apply, pending } = useApply(request);
  const materials = useMaterials();
  const [kg, setKg] = useState<Record<string, string>>(() =>
    Object.fromEntries(request.items.map((i) => [i.material, quantityText(i.estimated_kg, lang)])),
  );
  const [extra, setExtra] = useState<string[]>([]);
  const [adding, setAdding] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codes = [...request.items.map((i) => i.material), ...extra];
  const nameOf = (code: string) => {
    const item = request.items.find((i) => i.material === code);
    if (item) return lang.startsWith('en') ? item.material_name_en : item.material_name_es;
    const m = materials.data?.find((x) => x.code === code);
    return m ? materialLabel(m, materials.data ?? [], lang) : code;
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const items: { material: string; actual_kg: number }[] = [];
    for (const code of codes) {
      const text = kg[code] ?? '';
      const parsed = parseQuantity(text);
      if (!parsed.ok && text.trim() !== '') {
        const { key, values } = quantityErrorMessage(parsed.error, text);
        return setError(`${t('requests.actions.kgOf', { material: nameOf(code) })}: ${t(key, values)}`);
      }
      if (!parsed.ok || parsed.value > REQUEST_MAX_KG_PER_ITEM) return setError(t('requests.actions.kgInvalid'));
      items.push({ material: code, actual_kg: parsed.value });
    }
    if (items.reduce((s, i) => s + i.actual_kg, 0) <= 0) return setError(t('requests.actions.kgTotal'));
    setError(null);
    if (await apply({ status: 'recogida', items })) onDone();
  };
  return (
    <form
      className="rq-panel"
      onSubmit={(e) => void submit(e)}
      aria-label={t('requests.actions.collectTitle')}
      noValidate
    >
      <p className="rq-hint">{t('requests.actions.collectHint')}</p>
      {codes.map((code) => (
        <LabelledField
          key={code}
          id={`rq-kg-${request.id}-${code}`}
          label={t('requests.actions.kgOf', { material: nameOf(code) })}
        >
          <input
            id={`rq-kg-${request.id}-${code}`}
            className="pv-field-input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={kg[code] ?? ''}
            onChange={(e) => setKg((v) => ({ ...v, [code]: e.target.value }))}
          />
        </LabelledField>
      ))}
      <div className="rq-row">
        <LabelledField id={`rq-extra-${request.id}`} label={t('requests.actions.extraMaterial')}>
          <select
            id={`rq-extra-${request.id}`}
            className="pv-field-input"
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
          >
            <option value="">{t('requests.form.chooseMaterial')}</option>
            {(materials.data ?? [])
              .filter((m) => !codes.includes(m.code))
              .map((m) => (
                <option key={m.code} value={m.code}>
                  {materialLabel(m, materials.data ?? [], lang)}
                </option>
              ))}
          </select>
        </LabelledField>
        <div className="pv-action-bar" style={{ alignSelf: 'end' }}>
          <button
            type="button"
            className="pv-button pv-button-secondary pv-button-small"
            disabled={!adding}
            onClick={() => {
              setExtra((x) => [...x, adding]);
              setAdding('');
            }}
          >
            {t('requests.actions.addExtra')}
          </button>
        </div>
      </div>
      <PanelError error={error} />
      <PanelButtons
        submit={t('requests.actions.saveCollect')}
        close={t('requests.actions.back')}
        onClose={onDone}
        pending={pending}
      />
    </form>
  );
}

/** The point manager's buttons for what the request allows now. */
export function ManagerActions({ request }: { request: PickupRequestDetail }) {
  const { t } = useTranslation();
  const { apply, pending } = useApply(request);
  const [panel, setPanel] = useState<Exclude<RequestStatus, 'pendiente' | 'aceptada' | 'cancelada'> | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const opener = useRef<string | null>(null);
  // A panel replaces the buttons under the person's focus (WCAG 2.4.3): opening one puts focus on
  // its first field; closing it gives focus back to the button that opened it, if still offered.
  // After a saved change the page's status line takes it (the app's focus fallback).
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    if (panel) {
      root.querySelector<HTMLElement>('input, textarea, select')?.focus();
    } else if (opener.current) {
      root.querySelector<HTMLElement>(`[data-panel="${opener.current}"]`)?.focus();
      opener.current = null;
    }
  }, [panel]);
  const open = (next: NonNullable<typeof panel>) => {
    opener.current = next;
    setPanel(next);
  };
  const allowed = request.allowed_transitions;
  if (!allowed.length) return null;
  if (panel) {
    return (
      <div ref={box}>
        {panel === 'programada' ? <ScheduleForm request={request} onDone={() => setPanel(null)} /> : null}
        {panel === 'rechazada' ? <RejectForm request={request} onDone={() => setPanel(null)} /> : null}
        {panel === 'recogida' ? <CollectForm request={request} onDone={() => setPanel(null)} /> : null}
      </div>
    );
  }
  return (
    <div className="pv-action-bar" role="group" aria-label={t('requests.actions.label')} ref={box}>
      {allowed.includes('aceptada') ? (
        <button
          type="button"
          className="pv-button"
          disabled={pending}
          onClick={() => void apply({ status: 'aceptada' })}
        >
          {t('requests.actions.accept')}
        </button>
      ) : null}
      {allowed.includes('programada') ? (
        <button type="button" className="pv-button" data-panel="programada" onClick={() => open('programada')}>
          {request.status === 'programada' ? t('requests.actions.reschedule') : t('requests.actions.schedule')}
        </button>
      ) : null}
      {allowed.includes('recogida') ? (
        <button type="button" className="pv-button" data-panel="recogida" onClick={() => open('recogida')}>
          {t('requests.actions.collect')}
        </button>
      ) : null}
      {allowed.includes('rechazada') ? (
        <button type="button" className="pv-button pv-button-danger" data-panel="rechazada" onClick={() => open('rechazada')}>
          {t('requests.actions.reject')}
        </button>
      ) : null}
    </div>
  );
}

export function RequestDetailView({ request: r, viewer }: { request: PickupRequestDetail; viewer: Viewer }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const showActual = r.status === 'recogida';
  return (
    <article className="rq" aria-labelledby="rq-detail-title">
      <div className="rq-card-head">
        {/* The page's <h1> is "Solicitud #N": the card is the request's state and data. */}
        <h2 id="rq-detail-title">{t('requests.detail.summary')}</h2>
        <StatusBadge status={r.status} />
      </div>

      {viewer === 'requester' && r.allowed_transitions.includes('cancelada') ? <CancelAction request={r} /> : null}
      {viewer === 'manager' ? <ManagerActions request={r} /> : null}

      {r.status === 'rechazada' && r.rejection_reason ? (
        <div className="pv-callout pv-callout-error">
          <p>{t('requests.detail.rejected', { reason: r.rejection_reason })}</p>
        </div>
      ) : null}

      <dl className="rq-dl">
        {viewer !== 'requester' ? (
          <>
            <dt>{t('requests.detail.requester')}</dt>
            <dd>
              {r.requester.name} ({t(`requests.kinds.${r.requester.kind}`)})
              {viewer === 'manager' && r.requester.phone ? (
                <>
                  {' · '}
                  <a href={phoneHref(r.requester.phone)}>{formatColombianPhone(r.requester.phone)}</a>{' '}
                  <PhoneStatus verified={r.requester.phone_verified} />
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        <dt>{t('requests.detail.point')}</dt>
        <dd>
          {r.point.name} — {formatAddress(r.point.address, r.point.city)}
        </dd>
        <dt>{t('requests.detail.address')}</dt>
        <dd>
          {r.address}{' '}
          <a
            href={`https://www.openstreetmap.org/?mlat=${r.lat}&mlon=${r.lng}#map=18/${r.lat}/${r.lng}`}
            target="_blank"
            rel="noreferrer"
          >
            {t('requests.detail.openMap')}
          </a>
        </dd>
        <dt>{t('requests.detail.preferred')}</dt>
        <dd>
          {formatCalendarDate(r.preferred_date, lang)} · {t(`requests.windows.${r.time_window}`)}
        </dd>
        {r.scheduled_at ? (
          <>
            <dt>{t('requests.detail.scheduled')}</dt>
            <dd>{formatDateTime(r.scheduled_at, lang)}</dd>
          </>
        ) : null}
        {r.collected_at ? (
          <>
            <dt>{t('requests.detail.collectedAt')}</dt>
            <dd>{formatDateTime(r.collected_at, lang)}</dd>
          </>
        ) : null}
        {r.notes ? (
          <>
            <dt>{t('requests.detail.notes')}</dt>
            <dd>{r.notes}</dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="rq-items-title">
        <h3 id="rq-items-title">{t('requests.detail.items')}</h3>
        <DataTable className="rq-table" label={t('requests.detail.items')}>
          <thead>
            <tr>
              <th scope="col">{t('requests.detail.material')}</th>
              <th scope="col" className="pv-cell-num">
                {t('requests.detail.estimated')}
              </th>
              {showActual ? (
                <th scope="col" className="pv-cell-num">
                  {t('requests.detail.actual')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {r.items.map((i) => (
              <tr key={i.material}>
                <td>{lang.startsWith('en') ? i.material_name_en : i.material_name_es}</td>
                <td className="pv-cell-num">
                  {i.estimated_kg !== null
                    ? formatKg(i.estimated_kg, lang)
                    : i.units !== null
                      ? t('requests.detail.units', { count: i.units })
                      : '—'}
                </td>
                {showActual ? (
                  <td className="pv-cell-num">{i.actual_kg !== null ? formatKg(i.actual_kg, lang) : '—'}</td>
                ) : null}
              </tr>
            ))}
          </tbody>
          {showActual && r.total_actual_kg !== null ? (
            <tfoot>
              <tr>
                <th scope="row">{t('requests.detail.total')}</th>
                <td className="pv-cell-num">{formatKg(r.total_estimated_kg, lang)}</td>
                <td className="pv-cell-num">
                  <strong>{formatKg(r.total_actual_kg, lang)}</strong>
                </td>
              </tr>
            </tfoot>
          ) : null}
        </DataTable>
      </section>

      {r.photos.length ? (
        <section aria-labelledby="rq-photos-title">
          <h3 id="rq-photos-title">{t('requests.detail.photos')}</h3>
          <div className="rq-photos">
            {r.photos.map((p, i) => (
              <a key={p.id} href={p.url} target="_blank" rel="noreferrer">
                <ResponsiveImage
                  src={p.url}
                  alt={t('requests.form.photoAlt', { n: i + 1 })}
                  sizes="120px"
                  width={120}
                  height={90}
                />
              </a>
            ))}
          </div>
        </section>
      ) : null}

      <Timeline events={r.timeline} />
    </article>
  );
}

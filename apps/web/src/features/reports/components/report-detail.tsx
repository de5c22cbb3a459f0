/**
 * One report: what, where, photos, status and its public history. The reporter answers
 * "¿Se resolvió?" and may reopen; others join ("Súmate") or leave; point managers and staff
 * change the status and keep internal notes (never shown to the public).
 */
import { REPORT_REASON_MAX, type HandlerReport, type Report, type ReportStatus } from '@puntoverde/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { FormAlert } from '../../../components/field-shell';
import { useAssignees, useAssignReport, useHandlerAction, useHandlerReport } from '../api/handling';
import { useReport } from '../api/get-report';
import { useReportAction } from '../api/report-actions';
import { formatCoordinate, formatDay, reportPath } from '../format';
import { ReportStatusBadge } from './report-list';
import '../../../components/actions.css';
import '../reports.css';
import type { TFunction } from 'i18next';
import { apiErrorMessage } from '../../../lib/api-errors';
import { isStaff } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { ResponsiveImage } from '../../../components/responsive-image';
import { SubmitButton } from '../../../components/submit-button';

function errorText(t: TFunction, err: Error | null): string | null {
  return err ? apiErrorMessage(t, err) : null;
}

function History({ report, handler }: { report: Report; handler: HandlerReport | undefined }) {
  const { t, i18n } = useTranslation();
  const events = handler ? handler.events : report.history.map((e) => ({ ...e, internal: false, actor_name: '' }));
  return (
    <section aria-labelledby="rp-history">
      <h3 id="rp-history">{t('reports.detail.history')}</h3>
      <ol className="rp-timeline">
        {events.map((e, i) => (
          <li key={i} className={e.internal ? 'rp-internal' : undefined}>
            <time dateTime={e.at}>{formatDay(e.at, i18n.language)}</time>{' '}
            {e.to_status ? <ReportStatusBadge status={e.to_status} /> : null}{' '}
            {e.internal ? <strong>{t('reports.detail.internal')}: </strong> : null}
            {e.kind === 'follow' ? t('reports.detail.someoneJoined') : e.message}
            {handler && e.actor_name ? <span className="rp-hint"> · {e.actor_name}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function FollowUp({ report }: { report: Report }) {
  const { t } = useTranslation();
  const action = useReportAction(report.number);
  const [note, setNote] = useState('');
  return (
    <section className="rp-notice" aria-labelledby="rp-follow-up">
      <h3 id="rp-follow-up">{t('reports.followUp.question')}</h3>
      <p>{t('reports.followUp.lead')}</p>
      <label className="rp-stack">
        {t('reports.followUp.note')}
        <textarea value={note} maxLength={REPORT_REASON_MAX} rows={2} onChange={(e) => setNote(e.target.value)} />
      </label>
      <div className="pv-action-bar">
        <button type="button" className="pv-button" disabled={action.isPending} onClick={() => action.mutate({ kind: 'follow-up', resolved: true })}>
          {t('reports.followUp.yes')}
        </button>
        <button
          type="button"
          className="pv-button pv-button-secondary"
          disabled={action.isPending}
          onClick={() => action.mutate({ kind: 'follow-up', resolved: false, note: note || null })}
        >
          {t('reports.followUp.no')}
        </button>
      </div>
      <FormAlert message={errorText(t, action.error)} />
    </section>
  );
}

function Reopen({ report }: { report: Report }) {
  const { t } = useTranslation();
  const action = useReportAction(report.number);
  const [note, setNote] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    action.mutate({ kind: 'reopen', note });
  };
  return (
    <form className="rp-notice" onSubmit={submit}>
      <label className="rp-stack">
        {t('reports.detail.reopenWhy')}
        <textarea value={note} required minLength={3} maxLength={REPORT_REASON_MAX} rows={2} onChange={(e) => setNote(e.target.value)} />
      </label>
      <SubmitButton className="pv-button pv-button-secondary" busy={action.isPending || note.trim().length < 3}>
        {t('reports.detail.reopen')}
      </SubmitButton>
      <FormAlert message={errorText(t, action.error)} />
    </form>
  );
}

function HandlerPanel({ report }: { report: Report }) {
  const { t } = useTranslation();
  const action = useHandlerAction(report.number);
  const [to, setTo] = useState<ReportStatus | ''>('');
  const [reason, setReason] = useState('');
  const [duplicateOf, setDuplicateOf] = useState('');
  const [note, setNote] = useState('');
  const [internal, setInternal] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!to) return;
    action.mutate(
      {
        kind: 'status',
        change: {
          status: to,
          note: note || null,
          ...(to === 'descartado' ? { reason } : {}),
          ...(to === 'duplicado' ? { duplicate_of: duplicateOf } : {}),
        },
      },
      { onSuccess: () => setTo('') },
    );
  };
  return (
    <section className="rp-handler" aria-labelledby="rp-handler-title">
      <h3 id="rp-handler-title">{t('reports.handling.title')}</h3>
      <form onSubmit={submit} className="rp-stack">
        <label className="rp-stack">
          {t('reports.handling.newStatus')}
          <select value={to} onChange={(e) => setTo(e.target.value as ReportStatus | '')}>
            <option value="">{t('reports.handling.choose')}</option>
            {report.allowed_transitions.map((s) => (
              <option key={s} value={s}>
                {t(`reports.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {to === 'descartado' ? (
          <label className="rp-stack">
            {t('reports.handling.reason')}
            <textarea value={reason} required maxLength={REPORT_REASON_MAX} rows={2} onChange={(e) => setReason(e.target.value)} />
          </label>
        ) : null}
        {to === 'duplicado' ? (
          <label className="rp-stack">
            {t('reports.handling.duplicateOf')}
            <input value={duplicateOf} required placeholder="REP-2026-000123" onChange={(e) => setDuplicateOf(e.target.value)} />
          </label>
        ) : null}
        <label className="rp-stack">
          {t('reports.handling.publicNote')}
          <textarea value={note} maxLength={REPORT_REASON_MAX} rows={2} onChange={(e) => setNote(e.target.value)} />
        </label>
        <SubmitButton className="pv-button" busy={!to || action.isPending}>
          {t('reports.handling.apply')}
        </SubmitButton>
      </form>
      <form
        className="rp-stack"
        onSubmit={(e) => {
          e.preventDefault();
          action.mutate({ kind: 'note', text: internal }, { onSuccess: () => setInternal('') });
        }}
      >
        <label className="rp-stack">
          {t('reports.handling.internalNote')}
          <textarea value={internal} maxLength={REPORT_REASON_MAX} rows={2} onChange={(e) => setInternal(e.target.value)} />
        </label>
        <SubmitButton className="pv-button pv-button-secondary" busy={!internal.trim() || action.isPending}>
          {t('reports.handling.addNote')}
        </SubmitButton>
      </form>
      <FormAlert message={errorText(t, action.error)} />
    </section>
  );
}

/** "Asignar a": staff and the point's managers (as the server allows), or nobody. */
function AssignPanel({ report }: { report: HandlerReport }) {
  const { t } = useTranslation();
  const user = useSession();
  const me = { id: user.id, name: user.name ?? user.email ?? String(user.id) };
  const assignees = useAssignees(report, me, isStaff(user));
  const assign = useAssignReport(report.number);
  const [choice, setChoice] = useState(report.assigned_to ? String(report.assigned_to.id) : '');
  const current = report.assigned_to ? String(report.assigned_to.id) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    assign.mutate(choice ? Number(choice) : null);
  };
  return (
    <form className="rp-handler rp-assign" aria-labelledby="rp-assign-title" onSubmit={submit}>
      <h3 id="rp-assign-title">{t('reports.assign.title')}</h3>
      <p role="status" aria-live="polite">
        {report.assigned_to ? t('reports.assign.current', { name: report.assigned_to.name }) : t('reports.assign.nobody')}
      </p>
      <label className="rp-stack">
        {t('reports.assign.to')}
        <select value={choice} disabled={assignees.isPending} onChange={(e) => setChoice(e.target.value)}>
          <option value="">{t('reports.assign.none')}</option>
          {assignees.people.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.id === me.id ? t('reports.assign.me', { name: p.name }) : p.name}
            </option>
          ))}
        </select>
      </label>
      <SubmitButton className="pv-button pv-button-secondary" busy={assign.isPending || choice === current}>
        {t('reports.assign.submit')}
      </SubmitButton>
      <FormAlert message={assign.isError ? apiErrorMessage(t, assign.error) : null} />
    </form>
  );
}

export function ReportDetail({ number, loggedIn, mayHandle }: { number: string; loggedIn: boolean; mayHandle: boolean }) {
  const { t, i18n } = useTranslation();
  const query = useReport(number);
  const handler = useHandlerReport(number, mayHandle);
  const follow = useReportAction(number);
  if (query.isPending) return <p role="status">{t('reports.section.loading')}</p>;
  if (query.isError) {
    return (
      <p className="rp-error" role="alert">
        {apiErrorMessage(t, query.error)}
      </p>
    );
  }
  const r = query.data;
  const h = handler.data;
  const canHandle = !!h;
  return (
    <article className="rp" aria-labelledby="rp-detail-title">
      <header>
        <h2 id="rp-detail-title">
          {r.category_label} · {r.number}
        </h2>
        <p>
          <ReportStatusBadge status={r.status} /> <span className="rp-hint">{t('reports.detail.filed', { date: formatDay(r.created_at, i18n.language) })}</span>
        </p>
      </header>
      {r.duplicate_of ? (
        <p className="rp-notice">
          {t('reports.detail.duplicateOf')} <AppLink to={reportPath(r.duplicate_of)}>{r.duplicate_of}</AppLink>
        </p>
      ) : null}
      {r.status_notes ? <p className="rp-notice">{r.status_notes}</p> : null}
      <p className="rp-description">{r.description}</p>
      <p className="rp-hint">
        {r.point ? `${t('reports.detail.point', { name: r.point.name })} · ` : ''}
        {r.address
          ? t('reports.detail.address', { address: r.address })
          : t('reports.detail.place', { lat: formatCoordinate(r.lat, i18n.language), lng: formatCoordinate(r.lng, i18n.language) })}{' '}
        ·{' '}
        {t('reports.duplicates.followers', { count: r.followers })}
      </p>
      {r.photos.length ? (
        <ul className="rp-photos">
          {r.photos.map((p, i) => (
            <li key={p.id}>
              <ResponsiveImage src={p.url} alt={t('reports.detail.photoAlt', { n: i + 1 })} sizes="(min-width: 40rem) 200px, 45vw" />
            </li>
          ))}
        </ul>
      ) : null}
      {h ? (
        <p className="rp-hint">
          {t('reports.handling.reporter', { name: h.reporter.name, email: h.reporter.email ?? '—' })}
        </p>
      ) : null}

      {r.follow_up_pending ? <FollowUp report={r} /> : null}
      {r.can_reopen ? <Reopen report={r} /> : null}
      {loggedIn && !r.mine ? (
        <div className="pv-action-bar">
          <button
            type="button"
            className="pv-button pv-button-secondary"
            disabled={follow.isPending}
            onClick={() => follow.mutate({ kind: r.following ? 'unfollow' : 'follow' })}
          >
            {r.following ? t('reports.detail.unfollow') : t('reports.detail.follow')}
          </button>
        </div>
      ) : null}
      <FormAlert message={errorText(t, follow.error)} />
      {canHandle && r.allowed_transitions.length ? <HandlerPanel report={h} /> : null}
      {h ? <AssignPanel report={h} /> : null}
      <History report={r} handler={h} />
    </article>
  );
}

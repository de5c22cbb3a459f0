/** Back-office detail of one PQR: requester, request, history with notes, and every staff action. */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ZAdminPqrAnswerRequest,
  ZAdminPqrExtensionRequest,
  ZAdminPqrNoteRequest,
  ZAdminPqrTransferRequest,
  type AdminPqrAnswerRequest,
  type AdminPqrDetail,
  type AdminPqrExtensionRequest,
  type AdminPqrTransferRequest,
} from '@puntoverde/contract';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { useAdminPqr } from '../api/admin-pqr-detail';
import { usePqrAction } from '../api/admin-pqr-action';
import { usePqrStaff } from '../api/admin-pqr-staff';
import { formatDate, formatInstant, todayInBogota } from '../format';
import { applyServerErrors } from '../server-errors';
import { AttachmentPicker, type AttachmentValue } from './attachment-picker';
import { LightBadge, StatusBadge } from './badges';
import { FormAlert, TextAreaField, TextField } from '../../../components/form-fields';
import { AttachmentLinks } from './pqr-status-view';

export const ADMIN_PQR_PATH = '/admin/pqr';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="pqr-panel-box" aria-label={title}>
      <h3 className="pqr-subheading">{title}</h3>
      {children}
    </section>
  );
}

export function AdminDetail({ radicado, onDone }: { radicado: string; onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const detail = useAdminPqr(radicado);
  if (detail.isPending) {
    return (
      <div role="status" aria-busy="true">
        <span className="visually-hidden">{t('pqr.admin.loading')}</span>
        <div className="pqr-skeleton" style={{ width: '30%' }} />
        <div className="pqr-skeleton" style={{ width: '90%' }} />
        <div className="pqr-skeleton" style={{ width: '70%' }} />
      </div>
    );
  }
  if (detail.error) {
    return (
      <div>
        <FormAlert message={detail.error.message} />
        <AppLink to={ADMIN_PQR_PATH}>{t('pqr.admin.back')}</AppLink>
      </div>
    );
  }
  const p = detail.data;
  const can = (s: AdminPqrDetail['status']) => p.allowed_transitions.includes(s);
  return (
    <div className="pqr-admin-detail">
      <p>
        <AppLink to={ADMIN_PQR_PATH}>← {t('pqr.admin.back')}</AppLink>
      </p>
      <header className="pqr-card-header">
        <h2 className="pqr-radicado">{p.radicado}</h2>
        <StatusBadge status={p.status} audience="staff" />
        <LightBadge light={p.light} daysLeft={p.business_days_left} />
      </header>
      <p className="pqr-subject">
        <strong>{t(`pqr.types.${p.type}`)}</strong>
        {p.personal_data_kind ? ` (${t(`pqr.personalDataKinds.${p.personal_data_kind}`)})` : ''} · {p.subject}
      </p>
      <div className="pqr-admin-columns">
        <div>
          <Panel title={t('pqr.admin.requester')}>
            <dl className="pqr-facts">
              <div>
                <dt>{t('pqr.form.name')}</dt>
                <dd>{p.name}</dd>
              </div>
              <div>
                <dt>{t('pqr.form.documentNumber')}</dt>
                <dd>
                  {p.document_type} {p.document_number}
                </dd>
              </div>
              <div>
                <dt>{t('pqr.form.email')}</dt>
                <dd>
                  <a href={`mailto:${p.email}`}>{p.email}</a>
                </dd>
              </div>
              <div>
                <dt>{t('pqr.form.phone')}</dt>
                <dd>{p.phone ? <a href={`tel:${p.phone}`}>{p.phone}</a> : '—'}</dd>
              </div>
              <div>
                <dt>{t('pqr.form.answerChannel')}</dt>
                <dd>{t(`pqr.answerChannels.${p.answer_channel}`)}</dd>
              </div>
              <div>
                <dt>{t('pqr.admin.account')}</dt>
                <dd>{p.requester_user_id ? t('pqr.admin.withAccount') : t('pqr.admin.anonymous')}</dd>
              </div>
            </dl>
          </Panel>
          <Panel title={t('pqr.admin.dates')}>
            <dl className="pqr-facts">
              <div>
                <dt>{t('pqr.view.filedAt')}</dt>
                <dd>{formatInstant(p.filed_at, lang)}</dd>
              </div>
              <div>
                <dt>{t('pqr.admin.receivedOn')}</dt>
                <dd>{formatDate(p.received_on, lang)}</dd>
              </div>
              <div>
                <dt>{t('pqr.view.dueDate')}</dt>
                <dd>
                  {p.due_date ? formatDate(p.due_date, lang) : t('pqr.view.duePaused')} (
                  {t('pqr.admin.term', { days: p.term_days })})
                </dd>
              </div>
              {p.extension ? (
                <div>
                  <dt>{t('pqr.admin.originalDue')}</dt>
                  <dd>{formatDate(p.original_due_date, lang)}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('pqr.admin.transferDue')}</dt>
                <dd>{formatDate(p.transfer_due_date, lang)}</dd>
              </div>
            </dl>
          </Panel>
          <Panel title={t('pqr.admin.request')}>
            <p className="pqr-pre">{p.description}</p>
            <AttachmentLinks files={p.attachments} label={t('pqr.admin.requestFiles')} />
          </Panel>
          {p.answer ? (
            <Panel title={t('pqr.view.answer', { date: formatInstant(p.answer.at, lang) })}>
              <p className="pqr-pre">{p.answer.text}</p>
              <AttachmentLinks files={p.answer.attachments} label={t('pqr.view.answerFiles')} />
            </Panel>
          ) : null}
          <Panel title={t('pqr.view.history')}>
            <ol className="pqr-timeline">
              {p.events.map((e) => (
                <li key={e.id} className={e.internal ? 'pqr-internal' : undefined}>
                  <time dateTime={e.at}>{formatInstant(e.at, lang)}</time> · {e.actor.name} —{' '}
                  {e.kind === 'status' && e.to_status
                    ? t('pqr.history.status', { status: t(`pqr.statusStaff.${e.to_status}`) })
                    : t(`pqr.history.${e.kind}`)}
                  {e.internal ? <span className="pqr-badge pqr-badge-internal">{t('pqr.admin.internal')}</span> : null}
                  {e.message ? <p className="pqr-pre">{e.message}</p> : null}
                  <AttachmentLinks files={e.attachments} label={t('pqr.admin.files')} />
                </li>
              ))}
            </ol>
          </Panel>
        </div>
        <div>
          <AssignPanel p={p} onDone={onDone} />
          <StatusPanel p={p} onDone={onDone} />
          {can('respondida') ? <AnswerPanel p={p} onDone={onDone} /> : null}
          {p.max_extension_date ? <ExtensionPanel p={p} onDone={onDone} /> : null}
          {can('trasladada') ? (
            todayInBogota() <= p.transfer_due_date ? (
              <TransferPanel p={p} onDone={onDone} />
            ) : (
              <Panel title={t('pqr.admin.transferTitle')}>
                <p className="pqr-hint">
                  {t('pqr.admin.transferLate', { date: formatDate(p.transfer_due_date, lang) })}
                </p>
              </Panel>
            )
          ) : null}
          <NotePanel p={p} onDone={onDone} />
        </div>
      </div>
    </div>
  );
}

type PanelProps = { p: AdminPqrDetail; onDone: (message: string) => void };

function AssignPanel({ p, onDone }: PanelProps) {
  const { t } = useTranslation();
  const staff = usePqrStaff();
  const assign = usePqrAction(p.radicado, 'assign');
  const [error, setError] = useState<string | null>(null);
  return (
    <Panel title={t('pqr.admin.assign')}>
      <FormAlert message={error} />
      <div className="pqr-field">
        <label className="pqr-label" htmlFor="pqr-assignee">
          {t('pqr.admin.assignee')}
        </label>
        <select
          id="pqr-assignee"
          className="pqr-input"
          value={p.assignee?.id ?? ''}
          disabled={assign.isPending}
          onChange={(e) => {
            setError(null);
            assign.mutate(
              { assignee_id: e.target.value ? Number(e.target.value) : null },
              { onSuccess: () => onDone(t('pqr.admin.done.assign')), onError: (err) => setError(err.message) },
            );
          }}
        >
          <option value="">{t('pqr.admin.unassigned')}</option>
          {(staff.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
    </Panel>
  );
}

function StatusPanel({ p, onDone }: PanelProps) {
  const { t } = useTranslation();
  const status = usePqrAction(p.radicado, 'status');
  const [mode, setMode] = useState<'pendiente_informacion' | 'cerrada' | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const can = (s: AdminPqrDetail['status']) => p.allowed_transitions.includes(s);
  const run = (target: 'en_tramite' | 'pendiente_informacion' | 'cerrada', msg?: string) => {
    setError(null);
    status.mutate(
      { status: target, ...(msg ? { message: msg } : {}) },
      {
        onSuccess: () => {
          setMode(null);
          setMessage('');
          onDone(t(`pqr.admin.done.${target}`));
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  if (!can('en_tramite') && !can('pendiente_informacion') && !can('cerrada')) return null;
  return (
    <Panel title={t('pqr.admin.statusTitle')}>
      <FormAlert message={error} />
      <div className="pqr-actions">
        {can('en_tramite') ? (
          <button type="button" className="pqr-button pqr-button-secondary" onClick={() => run('en_tramite')}>
            {p.status === 'pendiente_informacion' ? t('pqr.admin.resume') : t('pqr.admin.start')}
          </button>
        ) : null}
        {can('pendiente_informacion') ? (
          <button
            type="button"
            className="pqr-button pqr-button-secondary"
            aria-expanded={mode === 'pendiente_informacion'}
            onClick={() => setMode('pendiente_informacion')}
          >
            {t('pqr.admin.askInfo')}
          </button>
        ) : null}
        {can('cerrada') ? (
          <button
            type="button"
            className="pqr-button pqr-button-secondary"
            aria-expanded={mode === 'cerrada'}
            onClick={() => setMode('cerrada')}
          >
            {t('pqr.admin.close')}
          </button>
        ) : null}
      </div>
      {mode ? (
        <form
          className="pqr-form"
          onSubmit={(e) => {
            e.preventDefault();
            run(mode, message.trim() || undefined);
          }}
        >
          <div className="pqr-field">
            <label className="pqr-label" htmlFor="pqr-status-message">
              {mode === 'pendiente_informacion' ? t('pqr.admin.infoMessage') : t('pqr.admin.closeMessage')}
            </label>
            <textarea
              id="pqr-status-message"
              className="pqr-input pqr-textarea"
              rows={3}
              value={message}
              required={mode === 'pendiente_informacion'}
              onChange={(e) => setMessage(e.target.value)}
            />
            {mode === 'pendiente_informacion' ? <p className="pqr-hint">{t('pqr.admin.infoHint')}</p> : null}
          </div>
          <div className="pqr-actions">
            <button type="submit" className="pqr-button" disabled={status.isPending}>
              {mode === 'pendiente_informacion' ? t('pqr.admin.sendInfoRequest') : t('pqr.admin.confirmClose')}
            </button>
            <button type="button" className="pqr-button-ghost" onClick={() => setMode(null)}>
              {t('pqr.admin.cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </Panel>
  );
}

function AnswerPanel({ p, onDone }: PanelProps) {
  const { t } = useTranslation();
  const answer = usePqrAction(p.radicado, 'answer');
  const [files, setFiles] = useState<AttachmentValue>({ ids: [], uploadKey: null, busy: false });
  const [message, setMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminPqrAnswerRequest>({
    resolver: zodResolver(ZAdminPqrAnswerRequest),
    defaultValues: { text: '', attachments: [] },
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await answer.mutateAsync({ ...values, attachments: files.ids });
      onDone(t('pqr.admin.done.answer'));
    } catch (err) {
      setMessage(applyServerErrors(err, setError, ['text']).formMessage);
    }
  });
  return (
    <Panel title={t('pqr.admin.answerTitle')}>
      <form className="pqr-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormAlert message={message} />
        <TextAreaField
          label={t('pqr.admin.answerText')}
          registration={register('text')}
          error={errors.text?.message}
          rows={8}
          hint={t('pqr.admin.answerHint')}
        />
        <AttachmentPicker label={t('pqr.admin.answerFiles')} onChange={setFiles} />
        <div className="pqr-actions">
          <button type="submit" className="pqr-button" disabled={isSubmitting || files.busy}>
            {t('pqr.admin.sendAnswer')}
          </button>
        </div>
      </form>
    </Panel>
  );
}

function ExtensionPanel({ p, onDone }: PanelProps) {
  const { t, i18n } = useTranslation();
  const extend = usePqrAction(p.radicado, 'extension');
  const [message, setMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminPqrExtensionRequest>({
    resolver: zodResolver(ZAdminPqrExtensionRequest),
    defaultValues: { new_due_date: p.max_extension_date ?? '', reason: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await extend.mutateAsync(values);
      onDone(t('pqr.admin.done.extension'));
    } catch (err) {
      setMessage(applyServerErrors(err, setError, ['new_due_date', 'reason']).formMessage);
    }
  });
  return (
    <Panel title={t('pqr.admin.extensionTitle')}>
      <p className="pqr-hint">
        {t('pqr.admin.extensionHint', {
          due: p.due_date ? formatDate(p.due_date, i18n.language) : '—',
          max: p.max_extension_date ? formatDate(p.max_extension_date, i18n.language) : '—',
        })}
      </p>
      <form className="pqr-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormAlert message={message} />
        <TextField
          label={t('pqr.admin.newDueDate')}
          registration={register('new_due_date')}
          error={errors.new_due_date?.message}
          type="date"
          min={p.due_date ?? undefined}
          max={p.max_extension_date ?? undefined}
        />
        <TextAreaField
          label={t('pqr.admin.extensionReason')}
          registration={register('reason')}
          error={errors.reason?.message}
          rows={3}
        />
        <div className="pqr-actions">
          <button type="submit" className="pqr-button pqr-button-secondary" disabled={isSubmitting}>
            {t('pqr.admin.extend')}
          </button>
        </div>
      </form>
    </Panel>
  );
}

function TransferPanel({ p, onDone }: PanelProps) {
  const { t, i18n } = useTranslation();
  const transfer = usePqrAction(p.radicado, 'transfer');
  const [message, setMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminPqrTransferRequest>({
    resolver: zodResolver(ZAdminPqrTransferRequest),
    defaultValues: { entity: '', reason: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await transfer.mutateAsync(values);
      onDone(t('pqr.admin.done.transfer'));
    } catch (err) {
      setMessage(applyServerErrors(err, setError, ['entity', 'reason']).formMessage);
    }
  });
  return (
    <Panel title={t('pqr.admin.transferTitle')}>
      <p className="pqr-hint">
        {t('pqr.admin.transferHint', { date: formatDate(p.transfer_due_date, i18n.language) })}
      </p>
      <form className="pqr-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormAlert message={message} />
        <TextField
          label={t('pqr.admin.transferEntity')}
          registration={register('entity')}
          error={errors.entity?.message}
        />
        <TextAreaField
          label={t('pqr.admin.transferReason')}
          registration={register('reason')}
          error={errors.reason?.message}
          rows={3}
        />
        <div className="pqr-actions">
          <button type="submit" className="pqr-button pqr-button-secondary" disabled={isSubmitting}>
            {t('pqr.admin.transfer')}
          </button>
        </div>
      </form>
    </Panel>
  );
}

function NotePanel({ p, onDone }: PanelProps) {
  const { t } = useTranslation();
  const note = usePqrAction(p.radicado, 'notes');
  const [message, setMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ body: string }>({ resolver: zodResolver(ZAdminPqrNoteRequest), defaultValues: { body: '' } });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await note.mutateAsync(values);
      reset();
      onDone(t('pqr.admin.done.note'));
    } catch (err) {
      setMessage(applyServerErrors(err, setError, ['body']).formMessage);
    }
  });
  return (
    <Panel title={t('pqr.admin.noteTitle')}>
      <form className="pqr-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormAlert message={message} />
        <TextAreaField
          label={t('pqr.admin.noteText')}
          registration={register('body')}
          error={errors.body?.message}
          rows={3}
          hint={t('pqr.admin.noteHint')}
        />
        <div className="pqr-actions">
          <button type="submit" className="pqr-button pqr-button-secondary" disabled={isSubmitting}>
            {t('pqr.admin.addNote')}
          </button>
        </div>
      </form>
    </Panel>
  );
}

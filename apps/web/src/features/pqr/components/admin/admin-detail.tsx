/** Back-office detail of one PQR: requester, request, history with notes, and every staff action. */
import { zodResolver } from '../../../../lib/zod-resolver';
import { type AdminPqrAnswerRequest, type AdminPqrDetail, type AdminPqrExtensionRequest, type AdminPqrTransferRequest, formatColombianPhone, formatDocumentNumber, phoneHref, ZAdminPqrAnswerRequest, ZAdminPqrExtensionRequest, ZAdminPqrNoteRequest, ZAdminPqrTransferRequest } from '@puntoverde/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../../components/app-link';
import { useAdminPqr } from '../../api/admin-pqr-detail';
import { usePqrAction } from '../../api/admin-pqr-action';
import { usePqrStaff } from '../../api/admin-pqr-staff';
import { formatDate, formatInstant, todayInBogota } from '../../format';
import { ActionForm } from '../action-form';
import { AttachmentPicker, type AttachmentValue } from '../attachment-picker';
import { LightBadge, StatusBadge } from '../badges';
import { Fact, HistoryEntry, TextWithFiles } from '../pqr-record';
import { useActionForm } from '../use-action-form';
import { TextAreaField, TextField } from '../../../../components/form-fields';
import { FormAlert } from '../../../../components/field-shell';
import { FilterSelectField } from '../../../../components/filter-fields';
import { apiErrorMessage } from '../../../../lib/api-errors';
import { SubmitButton } from '../../../../components/submit-button';

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
        <FormAlert message={apiErrorMessage(t, detail.error)} />
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
              <Fact term={t('pqr.form.name')}>{p.name}</Fact>
              <Fact term={t('pqr.form.documentNumber')}>
                {p.document_type} {formatDocumentNumber(p.document_type, p.document_number)}
              </Fact>
              <Fact term={t('pqr.form.email')}>
                <a href={`mailto:${p.email}`}>{p.email}</a>
              </Fact>
              <Fact term={t('pqr.form.phone')}>{p.phone ? <a href={phoneHref(p.phone)}>{formatColombianPhone(p.phone)}</a> : '—'}</Fact>
              <Fact term={t('pqr.form.answerChannel')}>{t(`pqr.answerChannels.${p.answer_channel}`)}</Fact>
              <Fact term={t('pqr.admin.account')}>
                {p.requester_user_id ? t('pqr.admin.withAccount') : t('pqr.admin.anonymous')}
              </Fact>
            </dl>
          </Panel>
          <Panel title={t('pqr.admin.dates')}>
            <dl className="pqr-facts">
              <Fact term={t('pqr.view.filedAt')}>{formatInstant(p.filed_at, lang)}</Fact>
              <Fact term={t('pqr.admin.receivedOn')}>{formatDate(p.received_on, lang)}</Fact>
              <Fact term={t('pqr.view.dueDate')}>
                {p.due_date ? formatDate(p.due_date, lang) : t('pqr.view.duePaused')} (
                {t('pqr.admin.term', { days: p.term_days })})
              </Fact>
              {p.extension ? (
                <Fact term={t('pqr.admin.originalDue')}>{formatDate(p.original_due_date, lang)}</Fact>
              ) : null}
              <Fact term={t('pqr.admin.transferDue')}>{formatDate(p.transfer_due_date, lang)}</Fact>
            </dl>
          </Panel>
          <Panel title={t('pqr.admin.request')}>
            <TextWithFiles text={p.description} files={p.attachments} filesLabel={t('pqr.admin.requestFiles')} />
          </Panel>
          {p.answer ? (
            <Panel title={t('pqr.view.answer', { date: formatInstant(p.answer.at, lang) })}>
              <TextWithFiles text={p.answer.text} files={p.answer.attachments} filesLabel={t('pqr.view.answerFiles')} />
            </Panel>
          ) : null}
          <Panel title={t('pqr.view.history')}>
            <ol className="pqr-timeline">
              {p.events.map((e) => (
                <HistoryEntry
                  key={e.id}
                  event={e}
                  audience="staff"
                  actor={e.actor.name}
                  className={e.internal ? 'pqr-internal' : undefined}
                >
                  {e.internal ? <span className="pv-badge pv-badge--warning">{t('pqr.admin.internal')}</span> : null}
                  <TextWithFiles text={e.message} files={e.attachments} filesLabel={t('pqr.admin.files')} />
                </HistoryEntry>
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
      <FilterSelectField
        id="pqr-assignee"
        label={t('pqr.admin.assignee')}
        value={String(p.assignee?.id ?? '')}
        options={[
          { value: '', label: t('pqr.admin.unassigned') },
          ...(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
        ]}
        disabled={assign.isPending}
        onValue={(value) => {
          setError(null);
          assign.mutate(
            { assignee_id: value ? Number(value) : null },
            { onSuccess: () => onDone(t('pqr.admin.done.assign')), onError: (err) => setError(apiErrorMessage(t, err)) },
          );
        }}
      />
    </Panel>
  );
}

function StatusPanel({ p, onDone }: PanelProps) {
  const { t } = useTranslation();
  const status = usePqrAction(p.radicado, 'status');
  const [mode, setMode] = useState<'pendiente_informacion' | 'cerrada' | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const actions = useRef<HTMLDivElement>(null);
  const opener = useRef<string | null>(null);
  // The message form opens under its button and takes focus; "Cancelar" gives it back to that button
  // (the form, and the focused control in it, goes away).
  useEffect(() => {
    if (mode) {
      opener.current = mode;
      document.getElementById('pqr-status-message')?.focus();
    } else if (opener.current) {
      actions.current?.querySelector<HTMLElement>(`[data-mode="${opener.current}"]`)?.focus();
      opener.current = null;
    }
  }, [mode]);
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
        onError: (err) => setError(apiErrorMessage(t, err)),
      },
    );
  };
  if (!can('en_tramite') && !can('pendiente_informacion') && !can('cerrada')) return null;
  return (
    <Panel title={t('pqr.admin.statusTitle')}>
      <FormAlert message={error} />
      <div className="pqr-actions" ref={actions}>
        {can('en_tramite') ? (
          <button type="button" className="pv-button pv-button-secondary" onClick={() => run('en_tramite')}>
            {p.status === 'pendiente_informacion' ? t('pqr.admin.resume') : t('pqr.admin.start')}
          </button>
        ) : null}
        {can('pendiente_informacion') ? (
          <button
            type="button"
            className="pv-button pv-button-secondary"
            aria-expanded={mode === 'pendiente_informacion'}
            data-mode="pendiente_informacion"
            onClick={() => setMode('pendiente_informacion')}
          >
            {t('pqr.admin.askInfo')}
          </button>
        ) : null}
        {can('cerrada') ? (
          <button
            type="button"
            className="pv-button pv-button-secondary"
            aria-expanded={mode === 'cerrada'}
            data-mode="cerrada"
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
              className="pv-field-input pv-field-textarea"
              rows={3}
              value={message}
              required={mode === 'pendiente_informacion'}
              onChange={(e) => setMessage(e.target.value)}
            />
            {mode === 'pendiente_informacion' ? <p className="pqr-hint">{t('pqr.admin.infoHint')}</p> : null}
          </div>
          <div className="pqr-actions">
            <SubmitButton className="pv-button" busy={status.isPending}>
              {mode === 'pendiente_informacion' ? t('pqr.admin.sendInfoRequest') : t('pqr.admin.confirmClose')}
            </SubmitButton>
            <button type="button" className="pv-button pv-button-secondary" onClick={() => setMode(null)}>
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
  const { form, message, onSubmit } = useActionForm<AdminPqrAnswerRequest>({
    resolver: zodResolver(ZAdminPqrAnswerRequest),
    defaultValues: { text: '', attachments: [] },
    serverFields: ['text'],
    submit: async (values) => {
      await answer.mutateAsync({ ...values, attachments: files.ids });
      onDone(t('pqr.admin.done.answer'));
    },
  });
  return (
    <Panel title={t('pqr.admin.answerTitle')}>
      <ActionForm
        message={message}
        onSubmit={onSubmit}
        submitLabel={t('pqr.admin.sendAnswer')}
        submitDisabled={form.formState.isSubmitting || files.busy}
      >
        <TextAreaField
          label={t('pqr.admin.answerText')}
          registration={form.register('text')}
          error={form.formState.errors.text?.message}
          rows={8}
          hint={t('pqr.admin.answerHint')}
        />
        <AttachmentPicker label={t('pqr.admin.answerFiles')} onChange={setFiles} />
      </ActionForm>
    </Panel>
  );
}

function ExtensionPanel({ p, onDone }: PanelProps) {
  const { t, i18n } = useTranslation();
  const extend = usePqrAction(p.radicado, 'extension');
  const { form, message, onSubmit } = useActionForm<AdminPqrExtensionRequest>({
    resolver: zodResolver(ZAdminPqrExtensionRequest),
    defaultValues: { new_due_date: p.max_extension_date ?? '', reason: '' },
    serverFields: ['new_due_date', 'reason'],
    submit: async (values) => {
      await extend.mutateAsync(values);
      onDone(t('pqr.admin.done.extension'));
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Panel title={t('pqr.admin.extensionTitle')}>
      <p className="pqr-hint">
        {t('pqr.admin.extensionHint', {
          due: p.due_date ? formatDate(p.due_date, i18n.language) : '—',
          max: p.max_extension_date ? formatDate(p.max_extension_date, i18n.language) : '—',
        })}
      </p>
      <ActionForm
        message={message}
        onSubmit={onSubmit}
        submitLabel={t('pqr.admin.extend')}
        submitDisabled={isSubmitting}
        secondary
      >
        <TextField
          label={t('pqr.admin.newDueDate')}
          registration={form.register('new_due_date')}
          error={errors.new_due_date?.message}
          type="date"
          min={p.due_date ?? undefined}
          max={p.max_extension_date ?? undefined}
        />
        <TextAreaField
          label={t('pqr.admin.extensionReason')}
          registration={form.register('reason')}
          error={errors.reason?.message}
          rows={3}
        />
      </ActionForm>
    </Panel>
  );
}

function TransferPanel({ p, onDone }: PanelProps) {
  const { t, i18n } = useTranslation();
  const transfer = usePqrAction(p.radicado, 'transfer');
  const { form, message, onSubmit } = useActionForm<AdminPqrTransferRequest>({
    resolver: zodResolver(ZAdminPqrTransferRequest),
    defaultValues: { entity: '', reason: '' },
    serverFields: ['entity', 'reason'],
    submit: async (values) => {
      await transfer.mutateAsync(values);
      onDone(t('pqr.admin.done.transfer'));
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Panel title={t('pqr.admin.transferTitle')}>
      <p className="pqr-hint">
        {t('pqr.admin.transferHint', { date: formatDate(p.transfer_due_date, i18n.language) })}
      </p>
      <ActionForm
        message={message}
        onSubmit={onSubmit}
        submitLabel={t('pqr.admin.transfer')}
        submitDisabled={isSubmitting}
        secondary
      >
        <TextField
          label={t('pqr.admin.transferEntity')}
          registration={form.register('entity')}
          error={errors.entity?.message}
        />
        <TextAreaField
          label={t('pqr.admin.transferReason')}
          registration={form.register('reason')}
          error={errors.reason?.message}
          rows={3}
        />
      </ActionForm>
    </Panel>
  );
}

function NotePanel({ p, onDone }: PanelProps) {
  const { t } = useTranslation();
  const note = usePqrAction(p.radicado, 'notes');
  const { form, message, onSubmit } = useActionForm<{ body: string }>({
    resolver: zodResolver(ZAdminPqrNoteRequest),
    defaultValues: { body: '' },
    serverFields: ['body'],
    submit: async (values, { reset }) => {
      await note.mutateAsync(values);
      reset();
      onDone(t('pqr.admin.done.note'));
    },
  });
  return (
    <Panel title={t('pqr.admin.noteTitle')}>
      <ActionForm
        message={message}
        onSubmit={onSubmit}
        submitLabel={t('pqr.admin.addNote')}
        submitDisabled={form.formState.isSubmitting}
        secondary
      >
        <TextAreaField
          label={t('pqr.admin.noteText')}
          registration={form.register('body')}
          error={form.formState.errors.body?.message}
          rows={3}
          hint={t('pqr.admin.noteHint')}
        />
      </ActionForm>
    </Panel>
  );
}

/** One PQR as its requester sees it: status, deadline, answer, history; and the reply when info is asked for. */
import { zodResolver } from '../../../lib/zod-resolver';
import { ZPqrInformationRequest, type PqrInformationRequest, type PqrPublic } from '@puntoverde/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSupplyInformation } from '../api/supply-information';
import { formatDate, formatInstant } from '../format';
import { ActionForm } from './action-form';
import { AttachmentPicker, type AttachmentValue } from './attachment-picker';
import { StatusBadge } from './badges';
import { Fact, HistoryEntry, TextWithFiles } from './pqr-record';
import { useActionForm } from './use-action-form';
import { TextAreaField } from '../../../components/form-fields';

function InformationReply({ pqr }: { pqr: PqrPublic }) {
  const { t } = useTranslation();
  const supply = useSupplyInformation();
  const [attachments, setAttachments] = useState<AttachmentValue>({ ids: [], uploadKey: null, busy: false });
  const { form, message, onSubmit } = useActionForm<PqrInformationRequest>({
    resolver: zodResolver(ZPqrInformationRequest),
    defaultValues: { radicado: pqr.radicado, email: pqr.email, message: '', attachments: [] },
    serverFields: ['message'],
    submit: async (values) => {
      await supply.mutateAsync({ ...values, attachments: attachments.ids, upload_key: attachments.uploadKey });
    },
  });
  return (
    <ActionForm
      message={message}
      onSubmit={onSubmit}
      submitLabel={t('pqr.view.replySubmit')}
      submitDisabled={form.formState.isSubmitting || attachments.busy}
    >
      <TextAreaField
        label={t('pqr.view.replyLabel')}
        registration={form.register('message')}
        error={form.formState.errors.message?.message}
        rows={4}
      />
      <AttachmentPicker label={t('pqr.form.attachments')} onChange={setAttachments} />
    </ActionForm>
  );
}

export function PqrStatusView({ pqr, headingLevel = 3 }: { pqr: PqrPublic; headingLevel?: 3 | 4 }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article className="pv-card pqr-card" aria-label={t('pqr.view.aria', { radicado: pqr.radicado })}>
      <header className="pqr-card-header">
        <Heading className="pqr-radicado">{pqr.radicado}</Heading>
        <StatusBadge status={pqr.status} />
      </header>
      <p className="pqr-subject">
        <strong>{t(`pqr.types.${pqr.type}`)}</strong> · {pqr.subject}
      </p>
      <dl className="pqr-facts">
        <Fact term={t('pqr.view.filedAt')}>{formatInstant(pqr.filed_at, lang)}</Fact>
        <Fact term={t('pqr.view.dueDate')}>
          {pqr.status === 'respondida' || pqr.status === 'cerrada' || pqr.status === 'trasladada'
            ? t('pqr.view.dueDone')
            : pqr.due_date
              ? t('pqr.view.dueValue', { date: formatDate(pqr.due_date, lang), days: pqr.term_days })
              : t('pqr.view.duePaused')}
        </Fact>
      </dl>

      {pqr.extension ? (
        <div className="pqr-notice">
          <p>
            {t('pqr.view.extension', {
              previous: formatDate(pqr.extension.previous_due_date, lang),
              next: formatDate(pqr.extension.new_due_date, lang),
            })}
          </p>
          <p>{pqr.extension.reason}</p>
        </div>
      ) : null}

      {pqr.information_request ? (
        <section className="pqr-notice pqr-notice-warning" aria-labelledby={`${pqr.radicado}-info`}>
          <h4 id={`${pqr.radicado}-info`} className="pqr-subheading">
            {t('pqr.view.infoRequested')}
          </h4>
          <p className="pqr-pre">{pqr.information_request.message}</p>
          <p className="pqr-hint">{t('pqr.view.infoHint')}</p>
          <InformationReply pqr={pqr} />
        </section>
      ) : null}

      {pqr.answer ? (
        <section className="pqr-answer" aria-labelledby={`${pqr.radicado}-answer`}>
          <h4 id={`${pqr.radicado}-answer`} className="pqr-subheading">
            {t('pqr.view.answer', { date: formatInstant(pqr.answer.at, lang) })}
          </h4>
          <TextWithFiles text={pqr.answer.text} files={pqr.answer.attachments} filesLabel={t('pqr.view.answerFiles')} />
        </section>
      ) : null}

      {pqr.transfer ? (
        <div className="pqr-notice">
          <p>
            {t('pqr.view.transferred', { entity: pqr.transfer.entity, date: formatInstant(pqr.transfer.at, lang) })}
          </p>
          <p>{pqr.transfer.reason}</p>
        </div>
      ) : null}

      <details className="pqr-details">
        <summary>{t('pqr.view.yourRequest')}</summary>
        <TextWithFiles text={pqr.description} files={pqr.attachments} filesLabel={t('pqr.view.yourFiles')} />
      </details>

      <details className="pqr-details">
        <summary>{t('pqr.view.history')}</summary>
        <ol className="pqr-timeline">
          {pqr.history.map((e, i) => (
            <HistoryEntry key={i} event={e} audience="requester">
              {e.message && e.kind !== 'answer' ? <p className="pqr-pre pqr-hint">{e.message}</p> : null}
            </HistoryEntry>
          ))}
        </ol>
      </details>
    </article>
  );
}

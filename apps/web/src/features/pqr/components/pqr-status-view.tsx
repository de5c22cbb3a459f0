/** One PQR as its requester sees it: status, deadline, answer, history; and the reply when info is asked for. */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ZPqrInformationRequest,
  type PqrAttachment,
  type PqrInformationRequest,
  type PqrPublic,
} from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSupplyInformation } from '../api/supply-information';
import { formatBytes, formatDate, formatInstant } from '../format';
import { applyServerErrors } from '../server-errors';
import { AttachmentPicker, type AttachmentValue } from './attachment-picker';
import { StatusBadge } from './badges';
import { FormAlert, TextAreaField } from '../../../components/form-fields';

export function AttachmentLinks({ files, label }: { files: PqrAttachment[]; label: string }) {
  const { t, i18n } = useTranslation();
  if (!files.length) return null;
  return (
    <div>
      <h5 className="pqr-subheading">{label}</h5>
      <ul className="pqr-file-links">
        {files.map((f, i) => (
          <li key={f.id}>
            <a href={f.url} target="_blank" rel="noopener">
              {t(f.kind === 'image' ? 'pqr.view.image' : 'pqr.view.document', { n: i + 1 })}
            </a>{' '}
            <span className="pqr-hint">({formatBytes(f.size, i18n.language)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function InformationReply({ pqr }: { pqr: PqrPublic }) {
  const { t } = useTranslation();
  const supply = useSupplyInformation();
  const [attachments, setAttachments] = useState<AttachmentValue>({ ids: [], uploadKey: null, busy: false });
  const [message, setMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PqrInformationRequest>({
    resolver: zodResolver(ZPqrInformationRequest),
    defaultValues: { radicado: pqr.radicado, email: pqr.email, message: '', attachments: [] },
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await supply.mutateAsync({ ...values, attachments: attachments.ids, upload_key: attachments.uploadKey });
    } catch (err) {
      setMessage(applyServerErrors(err, setError, ['message']).formMessage);
    }
  });
  return (
    <form className="pqr-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormAlert message={message} />
      <TextAreaField
        label={t('pqr.view.replyLabel')}
        registration={register('message')}
        error={errors.message?.message}
        rows={4}
      />
      <AttachmentPicker label={t('pqr.form.attachments')} onChange={setAttachments} />
      <div className="pqr-actions">
        <button type="submit" className="pqr-button" disabled={isSubmitting || attachments.busy}>
          {t('pqr.view.replySubmit')}
        </button>
      </div>
    </form>
  );
}

export function PqrStatusView({ pqr, headingLevel = 3 }: { pqr: PqrPublic; headingLevel?: 3 | 4 }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article className="pqr-card" aria-label={t('pqr.view.aria', { radicado: pqr.radicado })}>
      <header className="pqr-card-header">
        <Heading className="pqr-radicado">{pqr.radicado}</Heading>
        <StatusBadge status={pqr.status} />
      </header>
      <p className="pqr-subject">
        <strong>{t(`pqr.types.${pqr.type}`)}</strong> · {pqr.subject}
      </p>
      <dl className="pqr-facts">
        <div>
          <dt>{t('pqr.view.filedAt')}</dt>
          <dd>{formatInstant(pqr.filed_at, lang)}</dd>
        </div>
        <div>
          <dt>{t('pqr.view.dueDate')}</dt>
          <dd>
            {pqr.status === 'respondida' || pqr.status === 'cerrada' || pqr.status === 'trasladada'
              ? t('pqr.view.dueDone')
              : pqr.due_date
                ? t('pqr.view.dueValue', { date: formatDate(pqr.due_date, lang), days: pqr.term_days })
                : t('pqr.view.duePaused')}
          </dd>
        </div>
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
          <p className="pqr-pre">{pqr.answer.text}</p>
          <AttachmentLinks files={pqr.answer.attachments} label={t('pqr.view.answerFiles')} />
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
        <p className="pqr-pre">{pqr.description}</p>
        <AttachmentLinks files={pqr.attachments} label={t('pqr.view.yourFiles')} />
      </details>

      <details className="pqr-details">
        <summary>{t('pqr.view.history')}</summary>
        <ol className="pqr-timeline">
          {pqr.history.map((e, i) => (
            <li key={i}>
              <time dateTime={e.at}>{formatInstant(e.at, lang)}</time> —{' '}
              {e.kind === 'status' && e.to_status
                ? t('pqr.history.status', { status: t(`pqr.status.${e.to_status}`) })
                : t(`pqr.history.${e.kind}`)}
              {e.message && e.kind !== 'answer' ? <p className="pqr-pre pqr-hint">{e.message}</p> : null}
            </li>
          ))}
        </ol>
      </details>
    </article>
  );
}

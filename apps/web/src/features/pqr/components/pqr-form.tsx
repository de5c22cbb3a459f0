/** The PQR filing form (anonymous or logged in, prefilled from the session). */
import { zodResolver } from '../../../lib/zod-resolver';
import {
  PERSONAL_DATA_KINDS,
  PQR_ANSWER_CHANNELS,
  PQR_DOCUMENT_TYPES,
  PQR_TYPES,
  ZCreatePqrRequest,
  pqrTermDays,
  type CreatePqrRequest,
  type PqrPublic,
} from '@puntoverde/contract';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/use-session';
import type { OutboxEntry } from '../../../lib/offline/outbox';
import { outbox } from '../../../lib/offline/outbox-store';
import { flushOutbox } from '../../../lib/offline/flush';
import { sendOrQueue } from '../../../lib/offline/queue-write';
import { isLoggedIn, type CurrentUser } from '../../../lib/session';
import { CREATE_PQR_PATH, useCreatePqr } from '../api/create-pqr';
import { useDueDate } from '../api/due-date';
import { formatDate } from '../format';
import { applyApiError } from '../../../lib/api-errors';
import { SubmitActions } from './action-form';
import { AttachmentPicker, type AttachmentValue } from './attachment-picker';
import { CheckboxField, RadioGroupField, SelectField, TextAreaField, TextField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';

/** The personal-data policy page (identity feature). */
const DATA_POLICY_PATH = '/data-policy';

const FIELD_NAMES = [
  'type',
  'personal_data_kind',
  'subject',
  'description',
  'name',
  'document_type',
  'document_number',
  'email',
  'phone',
  'answer_channel',
  'accept_data_policy',
] as const;

function str(user: CurrentUser, key: string): string {
  const v = user[key];
  return typeof v === 'string' ? v : '';
}

/** Defaults from the logged-in user's profile, so they only check and send. */
export function prefillFrom(user: CurrentUser): Partial<CreatePqrRequest> {
  if (!isLoggedIn(user)) return {};
  const doc = str(user, 'document_type');
  const nit = str(user, 'nit');
  return {
    name: str(user, 'name'),
    email: str(user, 'email'),
    phone: str(user, 'phone'),
    ...(nit
      ? { document_type: 'NIT', document_number: nit }
      : (PQR_DOCUMENT_TYPES as readonly string[]).includes(doc)
        ? { document_type: doc as CreatePqrRequest['document_type'], document_number: str(user, 'document_number') }
        : {}),
  };
}

export const PQR_OUTBOX_KIND = 'pqr';

export type PqrFormProps = {
  onFiled: (pqr: PqrPublic) => void;
  /** Filed with no connection: kept on the device, sent when it returns. */
  onQueued?: (entry: OutboxEntry) => void;
  /** A PQR the server refused while it waited in the outbox, opened to be corrected. */
  editing?: OutboxEntry;
};

export function PqrForm({ onFiled, onQueued, editing }: PqrFormProps) {
  const { t, i18n } = useTranslation();
  const user = useSession();
  const [attachments, setAttachments] = useState<AttachmentValue>({ ids: [], uploadKey: null, busy: false });
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [attachmentError, setAttachmentError] = useState<string | undefined>();
  const create = useCreatePqr();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CreatePqrRequest>({
    resolver: zodResolver(ZCreatePqrRequest),
    defaultValues: {
      type: undefined,
      subject: '',
      description: '',
      name: '',
      document_type: 'CC',
      document_number: '',
      email: '',
      phone: '',
      answer_channel: 'email',
      attachments: [],
      ...prefillFrom(user),
      ...(editing ? (editing.body as Partial<CreatePqrRequest>) : {}),
    },
  });
  const type = useWatch({ control, name: 'type' });
  const kind = useWatch({ control, name: 'personal_data_kind' });
  const description = useWatch({ control, name: 'description' }) ?? '';
  const due = useDueDate(type || undefined, type === 'datos_personales' ? (kind ?? null) : null);

  const onSubmit = handleSubmit(async (values) => {
    setFormMessage(null);
    setAttachmentError(undefined);
    if (attachments.busy) {
      setFormMessage(t('pqr.form.waitUploads'));
      return;
    }
    const body: CreatePqrRequest = { ...values, attachments: attachments.ids, upload_key: attachments.uploadKey };
    try {
      if (editing) {
        // Corrected: back to the outbox with a new key, and sent at once if the connection allows.
        const entry = await outbox.edit(editing.id, body, body.subject);
        void flushOutbox();
        if (entry) onQueued?.(entry);
        return;
      }
      const result = await sendOrQueue(
        { kind: PQR_OUTBOX_KIND, path: CREATE_PQR_PATH, body, label: body.subject },
        (headers) => create.mutateAsync({ body, headers }),
      );
      if ('sent' in result) onFiled(result.sent);
      else onQueued?.(result.queued);
    } catch (err) {
      const { formMessage: message, fieldsOutside } = applyApiError(t, err, setError, FIELD_NAMES);
      const attachmentProblem = Object.entries(fieldsOutside).find(([k]) => k.startsWith('attachments'));
      if (attachmentProblem) setAttachmentError(attachmentProblem[1]);
      setFormMessage(message);
    }
  });

  const typeOptions = [
    { value: '', label: t('pqr.form.chooseType') },
    ...PQR_TYPES.map((v) => ({
      value: v,
      label: t('pqr.form.typeOption', {
        type: t(`pqr.types.${v}`),
        days: pqrTermDays(v, v === 'datos_personales' ? 'consulta' : null),
      }),
    })),
  ];

  return (
    <form className="pqr-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="pqr-form-title">
      <h3 id="pqr-form-title" className="visually-hidden">
        {t('pqr.form.title')}
      </h3>
      <FormAlert message={formMessage} />
      <fieldset>
        <legend>{t('pqr.form.request')}</legend>
        <SelectField
          label={t('pqr.form.type')}
          registration={register('type')}
          error={errors.type?.message}
          options={typeOptions}
          hint={type ? t(`pqr.typeHelp.${type}`) : t('pqr.form.typeHint')}
        />
        {type === 'datos_personales' ? (
          <RadioGroupField
            legend={t('pqr.form.personalDataKind')}
            registration={register('personal_data_kind')}
            error={errors.personal_data_kind?.message}
            options={PERSONAL_DATA_KINDS.map((v) => ({ value: v, label: t(`pqr.personalDataKinds.${v}`) }))}
          />
        ) : null}
        <TextField
          label={t('pqr.form.subject')}
          registration={register('subject')}
          error={errors.subject?.message}
          maxLength={150}
        />
        <TextAreaField
          label={t('pqr.form.description')}
          registration={register('description')}
          error={errors.description?.message}
          rows={6}
          maxLength={5000}
          hint={t('pqr.form.descriptionHint', { count: description.length })}
        />
        <AttachmentPicker label={t('pqr.form.attachments')} onChange={setAttachments} error={attachmentError} />
      </fieldset>

      <fieldset>
        <legend>{t('pqr.form.you')}</legend>
        {isLoggedIn(user) ? <p className="pqr-hint">{t('pqr.form.prefilled')}</p> : null}
        <TextField
          label={t('pqr.form.name')}
          registration={register('name')}
          error={errors.name?.message}
          autoComplete="name"
        />
        <div className="pqr-row">
          <SelectField
            label={t('pqr.form.documentType')}
            registration={register('document_type')}
            error={errors.document_type?.message}
            options={PQR_DOCUMENT_TYPES.map((v) => ({ value: v, label: t(`pqr.documentTypes.${v}`) }))}
          />
          <TextField
            label={t('pqr.form.documentNumber')}
            registration={register('document_number')}
            error={errors.document_number?.message}
            inputMode="text"
            autoComplete="off"
          />
        </div>
        <TextField
          label={t('pqr.form.email')}
          registration={register('email')}
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          hint={t('pqr.form.emailHint')}
        />
        <TextField
          label={t('pqr.form.phone')}
          registration={register('phone')}
          error={errors.phone?.message}
          type="tel"
          autoComplete="tel"
          optional
        />
        <RadioGroupField
          legend={t('pqr.form.answerChannel')}
          registration={register('answer_channel')}
          error={errors.answer_channel?.message}
          options={PQR_ANSWER_CHANNELS.map((v) => ({ value: v, label: t(`pqr.answerChannels.${v}`) }))}
        />
      </fieldset>

      <CheckboxField registration={register('accept_data_policy')} error={errors.accept_data_policy?.message}>
        {t('pqr.form.policyBefore')}{' '}
        <a href={DATA_POLICY_PATH} target="_blank" rel="noopener">
          {t('pqr.form.policyLink')}
        </a>
        {t('pqr.form.policyAfter')}
      </CheckboxField>

      {due.data && type ? (
        <p className="pqr-notice" role="status">
          {t('pqr.form.duePreview', { date: formatDate(due.data.due_date, i18n.language), days: due.data.term_days })}
        </p>
      ) : null}

      <SubmitActions
        label={isSubmitting ? t('pqr.form.sending') : t('pqr.form.submit')}
        disabled={isSubmitting || attachments.busy}
      />
    </form>
  );
}

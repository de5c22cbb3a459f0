/**
 * Writing a broadcast: title, text, optional app link, the audience the API supports (everyone,
 * one kind of account, one city) and the time (now or scheduled, Bogotá time); "review" counts
 * the accounts and devices it reaches and asks to confirm.
 */
import type { Broadcast, BroadcastAudience, BroadcastAudienceSize, CreateBroadcast } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroupField, SelectField, TextAreaField, TextField } from '../../../../components/form-fields';
import { FormAlert } from '../../../../components/field-shell';
import { formatDateTime } from '../../../../lib/date-format';
import { formatNumber } from '../../../../lib/number-format';
import { fetchAudienceSize, useCreateBroadcast } from '../../api/broadcasts';
import { USER_KINDS } from './broadcast-audience';
import { BroadcastConfirmation, BroadcastPreview } from './broadcast-review';
import { apiErrorMessage, apiFieldMessages } from '../../../../lib/api-errors';
import { SubmitButton } from '../../../../components/submit-button';

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

const EMPTY: FormValues = {
  title: '',
  body: '',
  link: '',
  audience: 'all',
  tc_id: '2',
  city: '',
  when: 'now',
  send_at: '',
};

/** `2026-12-05T09:00` typed as Bogotá wall-clock time (no daylight saving) → ISO instant. */
export function bogotaLocalToIso(value: string): string {
  return new Date(`${value.length === 16 ? `${value}:00` : value}-05:00`).toISOString();
}

function toRequest(v: FormValues): CreateBroadcast {
  const audience: BroadcastAudience =
    v.audience === 'tc_id'
      ? { type: 'tc_id', tc_id: Number(v.tc_id) as 1 | 2 | 3 }
      : v.audience === 'city'
        ? { type: 'city', city: v.city.trim() }
        : { type: 'all' };
  return {
    title: v.title.trim(),
    body: v.body.trim(),
    link: v.link.trim() || null,
    audience,
    ...(v.when === 'later' && v.send_at ? { send_at: bogotaLocalToIso(v.send_at) } : {}),
  };
}

export function ComposeBroadcast() {
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
      const fields = Object.entries(apiFieldMessages(t, error));
      if (fields.length) {
        for (const [field, message] of fields) setError(field as keyof FormValues, { message });
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
        for (const [field, message] of Object.entries(apiFieldMessages(t, error))) {
          const name = field.startsWith('audience.') ? field.slice('audience.'.length) : field;
          setError(name as keyof FormValues, { message });
        }
        setProblem(apiErrorMessage(t, error));
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
            : t('notifications.admin.sent', {
                count: done.recipients,
                people: formatNumber(done.recipients, i18n.language),
              })}
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
              validate: (v) =>
                !v.trim() || /^\/[A-Za-z0-9/_?=&.-]*$/.test(v.trim()) ? true : t('notifications.admin.linkInvalid'),
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
                validate: (v, all) =>
                  all.audience !== 'city' || v.trim().length >= 2 ? true : t('notifications.admin.cityRequired'),
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
              <SubmitButton className="pv-button" busy={formState.isSubmitting}>
                {t('notifications.admin.review')}
              </SubmitButton>
            </div>
          )}
        </form>
        <BroadcastPreview title={values.title} body={values.body} link={values.link} />
      </div>
      {pending ? (
        <BroadcastConfirmation
          request={pending.request}
          size={pending.size}
          sending={create.isPending}
          onConfirm={confirm}
          onBack={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}

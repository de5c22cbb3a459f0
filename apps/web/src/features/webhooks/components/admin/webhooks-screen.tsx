/**
 * Back office → Webhooks: register an integrator's endpoint (URL, events), see its secret once,
 * rotate it, pause or remove the endpoint, and follow each delivery with its attempts (status
 * code, answer) and re-send one.
 */
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType } from '@puntoverde/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state';
import { FormAlert } from '../../../../components/field-shell';
import { apiErrorMessage } from '../../../../lib/api-errors';
import '../../../../components/actions.css';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../../api/webhooks';
import '../../webhooks.css';
import { countText } from '../../../../lib/count-text';
import { SubmitButton } from '../../../../components/submit-button';
import { DataTable } from '../../../../components/data-table';

function formatInstant(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-CO', {
    timeZone: 'America/Bogota',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));
}

export function WebhooksScreen() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  const toggle = (type: WebhookEventType) =>
    setEvents((list) => (list.includes(type) ? list.filter((e) => e !== type) : [...list, type]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { url: url.trim(), events, description: description.trim(), active: true },
      {
        onSuccess: (created) => {
          setSecret({ url: created.url, secret: created.secret });
          setUrl('');
          setDescription('');
        },
      },
    );
  };

  return (
    <section className="wh" aria-labelledby="wh-title">
      <h2 id="wh-title">{t('webhooks.admin.title')}</h2>
      <p>{t('webhooks.admin.lead')}</p>
      <form className="wh-form" onSubmit={submit}>
        <label className="wh-stack">
          {t('webhooks.admin.url')}
          <input
            type="url"
            value={url}
            required
            maxLength={2000}
            placeholder="https://"
            onChange={(e) => setUrl(e.target.value)}
          />
        </label>
        <label className="wh-stack">
          {t('webhooks.admin.description')}
          <input value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <fieldset className="wh-events">
          <legend>{t('webhooks.admin.events')}</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type}>
              <input type="checkbox" checked={events.includes(type)} onChange={() => toggle(type)} />{' '}
              {t(`webhooks.events.${type}`)} <code>{type}</code>
            </label>
          ))}
        </fieldset>
        <SubmitButton className="pv-button" busy={create.isPending || !url.trim() || events.length === 0}>
          {t('webhooks.admin.register')}
        </SubmitButton>
      </form>
      <FormAlert message={create.error ? apiErrorMessage(t, create.error) : null} />
      {secret ? <SecretNotice url={secret.url} secret={secret.secret} /> : null}
      {webhooks.data?.length ? (
        <ul className="wh-list">
          {webhooks.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onSecret={(s) => setSecret({ url: endpoint.url, secret: s })}
            />
          ))}
        </ul>
      ) : webhooks.isSuccess ? (
        <EmptyState title={t('webhooks.admin.none')} />
      ) : null}
    </section>
  );
}

function SecretNotice({ url, secret }: { url: string; secret: string }) {
  const { t } = useTranslation();
  return (
    <div className="pv-callout" role="status">
      <p>{t('webhooks.admin.secretOnce', { url })}</p>
      <p>
        <code className="wh-secret">{secret}</code>
      </p>
    </div>
  );
}

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (secret: string) => void }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const [open, setOpen] = useState(false);
  const error = update.error ?? remove.error ?? rotate.error;
  return (
    <li className="pv-card wh-card">
      <p>
        <strong>{endpoint.url}</strong>
        {endpoint.description ? ` · ${endpoint.description}` : ''}
      </p>
      <p className="wh-hint">
        {endpoint.active ? t('webhooks.admin.active') : t('webhooks.admin.paused')} ·{' '}
        {t('webhooks.admin.counts', {
          pending: countText(t, 'pending', endpoint.pending, i18n.language),
          failed: countText(t, 'failed', endpoint.failed, i18n.language),
        })}
        {endpoint.previous_secret_expires_at
          ? ` · ${t('webhooks.admin.overlap', { date: formatInstant(endpoint.previous_secret_expires_at, i18n.language) })}`
          : ''}
      </p>
      <p className="wh-hint">{endpoint.events.map((e) => t(`webhooks.events.${e}`)).join(', ')}</p>
      <div className="pv-action-bar">
        <button
          type="button"
          className="pv-button pv-button-small"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {open ? t('webhooks.admin.hideDeliveries') : t('webhooks.admin.showDeliveries')}
        </button>
        <button
          type="button"
          className="pv-button pv-button-small"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: endpoint.id, body: { active: !endpoint.active } })}
        >
          {endpoint.active ? t('webhooks.admin.pause') : t('webhooks.admin.resume')}
        </button>
        <button
          type="button"
          className="pv-button pv-button-small"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate(endpoint.id, { onSuccess: (r) => onSecret(r.secret) })}
        >
          {t('webhooks.admin.rotate')}
        </button>
        <button
          type="button"
          className="pv-button pv-button-danger pv-button-small"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(t('webhooks.admin.confirmDelete', { url: endpoint.url }))) remove.mutate(endpoint.id);
          }}
        >
          {t('webhooks.admin.delete')}
        </button>
      </div>
      <FormAlert message={error ? apiErrorMessage(t, error) : null} />
      {open ? <Deliveries endpointId={endpoint.id} /> : null}
    </li>
  );
}

function Deliveries({ endpointId }: { endpointId: number }) {
  const { t, i18n } = useTranslation();
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendWebhookDelivery(endpointId);
  if (!deliveries.data) return <p role="status">{t('app.loading')}</p>;
  if (deliveries.data.length === 0) return <p className="wh-hint">{t('webhooks.admin.noDeliveries')}</p>;
  return (
    <DataTable className="wh-table" caption={t('webhooks.admin.deliveries')}>
      <thead>
        <tr>
          <th scope="col">{t('webhooks.admin.event')}</th>
          <th scope="col">{t('webhooks.admin.status')}</th>
          <th scope="col">{t('webhooks.admin.lastAttempt')}</th>
          <th scope="col">{t('webhooks.admin.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((d) => {
          const last = d.attempt_log[0];
          return (
            <tr key={d.id}>
              <td>
                {t(`webhooks.events.${d.event_type}`)}
                <br />
                <code>{d.event_id}</code>
              </td>
              <td>
                {t(`webhooks.status.${d.status}`)} · {t('webhooks.admin.attempts', { count: d.attempts })}
              </td>
              <td>
                {last ? (
                  <>
                    {formatInstant(last.attempted_at, i18n.language)} · {last.status_code ?? '—'}
                    {last.answer_excerpt || last.error ? (
                      <pre className="wh-answer">{last.answer_excerpt || last.error}</pre>
                    ) : null}
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td>
                <button
                  type="button"
                  className="pv-button pv-button-small"
                  disabled={resend.isPending || d.status === 'pending'}
                  onClick={() => resend.mutate(d.id)}
                >
                  {t('webhooks.admin.resend')}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

export default WebhooksScreen;

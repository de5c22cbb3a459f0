/**
 * The writes of some kinds kept on this device: "Pendiente de envío", sent (with the server's
 * reference, e.g. the radicado), refused (with its Spanish error, editable) or waiting for a login.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../lib/offline/outbox';
import { outbox, subscribeOutbox } from '../../lib/offline/outbox-store';
import { LOGIN_PATH } from '../../lib/session';
import { formatDataTime } from './offline-note';
import './offline.css';
import { apiErrorMessage, apiFieldMessages } from '../../lib/api-errors';

export function useOutboxEntries(kinds: readonly string[]): OutboxEntry[] {
  return useOutboxState(kinds).entries;
}

/** The entries of some kinds and whether they were read yet (IndexedDB answers asynchronously). */
export function useOutboxState(kinds: readonly string[]): { entries: OutboxEntry[]; loaded: boolean } {
  const [state, setState] = useState<{ entries: OutboxEntry[]; loaded: boolean }>({ entries: [], loaded: false });
  const key = kinds.join(',');
  const load = useCallback(() => {
    void outbox
      .list()
      .then((all) => setState({ entries: all.filter((e) => key.split(',').includes(e.kind)), loaded: true }));
  }, [key]);
  useEffect(() => {
    load();
    return subscribeOutbox(load);
  }, [load]);
  return state;
}

export type OutboxListProps = {
  kinds: readonly string[];
  /** The server's reference in a sent entry's result (`radicado`, `id`...). */
  reference: (entry: OutboxEntry) => string | undefined;
  /** Opens a refused entry in its form. */
  onEdit?: (entry: OutboxEntry) => void;
  /** Sends what is pending now (the app's flush). */
  onSendNow?: () => void;
};

export function OutboxList({ kinds, reference, onEdit, onSendNow }: OutboxListProps) {
  const { t, i18n } = useTranslation();
  const entries = useOutboxEntries(kinds);
  if (!entries.length) return null;
  return (
    <section className="pv-outbox" aria-labelledby="pv-outbox-title">
      <h3 id="pv-outbox-title">
        {entries.some((e) => e.state !== 'sent') ? t('offline.outbox.title') : t('offline.outbox.titleSent')}
      </h3>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id} data-outbox-state={entry.state}>
            <div>
              <strong>{t(`offline.outbox.kinds.${entry.kind}`, { defaultValue: entry.kind })}</strong>: {entry.label}
            </div>
            {entry.photos?.length ? <div>{t('offline.outbox.photos', { count: entry.photos.length })}</div> : null}
            <div className="pv-outbox-state">
              {entry.state === 'sent'
                ? t('offline.outbox.sentAs', { reference: reference(entry) ?? '' })
                : t(`offline.outbox.states.${entry.state}`)}
            </div>
            <div>{t('offline.outbox.filedAt', { time: formatDataTime(entry.createdAt, i18n.language) })}</div>
            {entry.state === 'refused' && entry.error ? (
              <p className="pv-outbox-error" role="alert">
                {apiErrorMessage(t, entry.error)}
                {Object.values(apiFieldMessages(t, entry.error)).map((message) => ` ${message}`)}
              </p>
            ) : null}
            <div className="pv-outbox-actions">
              {entry.state === 'needs-login' ? (
                <a className="pv-button pv-button-small" href={LOGIN_PATH}>
                  {t('offline.outbox.login')}
                </a>
              ) : null}
              {entry.state === 'refused' && onEdit ? (
                <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={() => onEdit(entry)}>
                  {t('offline.outbox.edit')}
                </button>
              ) : null}
              {entry.state === 'pending' && onSendNow ? (
                <button type="button" className="pv-button pv-button-small" onClick={onSendNow}>
                  {t('offline.outbox.sendNow')}
                </button>
              ) : null}
              {entry.state !== 'pending' ? (
                <button
                  type="button"
                  className="pv-button pv-button-secondary pv-button-small"
                  onClick={() => void outbox.remove(entry.id)}
                >
                  {entry.state === 'sent' ? t('offline.outbox.done') : t('offline.outbox.discard')}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

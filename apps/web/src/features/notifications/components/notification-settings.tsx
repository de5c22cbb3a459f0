/**
 * Notification preferences in the profile: push on this device (asked only here, after the
 * person reads why), channels per kind (push, e-mail) and quiet hours (Bogotá time).
 */
import { NOTIFICATION_KINDS, type NotificationPreferences, type QuietHours } from '@puntoverde/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/actions.css';
import { usePreferences, useSavePreferences } from '../api/preferences';
import { enablePush, pushSupport, type PushSupport } from '../push-subscription';
import './notifications.css';
import { SubmitButton } from '../../../components/submit-button';
import { DataTable } from '../../../components/data-table';

function PushOnThisDevice() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushSupport | 'enabled' | 'working' | 'failed'>(() => pushSupport());
  const turnOn = async () => {
    setState('working');
    try {
      const result = await enablePush();
      setState(result === 'enabled' ? 'enabled' : result === 'denied' ? 'denied' : 'unsupported');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="pv-callout notification-push-callout">
      <p>{t('notifications.push.why')}</p>
      {state === 'unsupported' ? <p>{t('notifications.push.unsupported')}</p> : null}
      {state === 'denied' ? <p>{t('notifications.push.denied')}</p> : null}
      {state === 'failed' ? <p role="alert">{t('notifications.push.failed')}</p> : null}
      {state === 'enabled' || state === 'granted' ? <p role="status">{t('notifications.push.enabled')}</p> : null}
      {state === 'default' || state === 'failed' || state === 'working' || state === 'granted' ? (
        <button type="button" className="pv-button pv-button-small" disabled={state === 'working'} onClick={() => void turnOn()}>
          {state === 'granted' ? t('notifications.push.refresh') : t('notifications.push.enable')}
        </button>
      ) : null}
    </div>
  );
}

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const { t } = useTranslation();
  const save = useSavePreferences();
  const [items, setItems] = useState(initial.items);
  const [quiet, setQuiet] = useState<QuietHours>(initial.quiet_hours);
  const quietId = useId();
  const toggle = (kind: string, channel: 'push' | 'email') =>
    setItems((list) => list.map((i) => (i.kind === kind ? { ...i, [channel]: !i[channel] } : i)));
  return (
    <form
      className="notification-preferences"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ items, quiet_hours: quiet });
      }}
    >
      <DataTable className="notification-preferences-table" caption={t('notifications.preferences.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('notifications.preferences.kind')}</th>
            <th scope="col">{t('notifications.preferences.push')}</th>
            <th scope="col">{t('notifications.preferences.email')}</th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => {
            const item = items.find((i) => i.kind === kind) ?? { kind, push: true, email: false };
            const name = t(`notifications.kinds.${kind}`);
            return (
              <tr key={kind}>
                <th scope="row">{name}</th>
                <td>
                  <input
                    type="checkbox"
                    checked={item.push}
                    aria-label={t('notifications.preferences.pushFor', { kind: name })}
                    onChange={() => toggle(kind, 'push')}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    checked={item.email}
                    aria-label={t('notifications.preferences.emailFor', { kind: name })}
                    onChange={() => toggle(kind, 'email')}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      <fieldset className="notification-quiet" aria-describedby={quietId}>
        <legend>{t('notifications.quiet.legend')}</legend>
        <p id={quietId} className="notification-hint">
          {t('notifications.quiet.hint')}
        </p>
        <label className="notification-inline">
          <input type="checkbox" checked={quiet.enabled} onChange={() => setQuiet((q) => ({ ...q, enabled: !q.enabled }))} />
          {t('notifications.quiet.enabled')}
        </label>
        <label className="notification-inline">
          {t('notifications.quiet.start')}
          <input type="time" value={quiet.start} required disabled={!quiet.enabled} onChange={(e) => setQuiet((q) => ({ ...q, start: e.target.value }))} />
        </label>
        <label className="notification-inline">
          {t('notifications.quiet.end')}
          <input type="time" value={quiet.end} required disabled={!quiet.enabled} onChange={(e) => setQuiet((q) => ({ ...q, end: e.target.value }))} />
        </label>
      </fieldset>
      <div className="pv-action-bar">
        <SubmitButton className="pv-button" busy={save.isPending}>
          {t('notifications.preferences.save')}
        </SubmitButton>
        {save.isSuccess ? <span role="status">{t('notifications.preferences.saved')}</span> : null}
        {save.isError ? <span role="alert">{t('notifications.preferences.saveError')}</span> : null}
      </div>
    </form>
  );
}

export function NotificationSettings() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const headingId = useId();
  return (
    <section className="pv-section notification-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('notifications.settingsTitle')}</h2>
      <PushOnThisDevice />
      {prefs.isPending ? <p role="status">{t('notifications.loading')}</p> : null}
      {prefs.isError ? <p role="alert">{t('notifications.loadError')}</p> : null}
      {prefs.data ? <PreferencesForm initial={prefs.data} /> : null}
    </section>
  );
}

export default NotificationSettings;

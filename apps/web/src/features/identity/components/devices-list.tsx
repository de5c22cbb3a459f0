/** Devices that receive this account's notifications, each removable. */
import type { DeviceInfo } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/field-shell';
import { useDevices } from '../api/list-devices';
import { useRemoveDevice } from '../api/remove-device';
import { describeUserAgent, formatDateTime } from '../forms/format';
import './identity.css';
import { ListSkeleton } from './list-skeleton';
import { apiErrorMessage } from '../../../lib/api-errors';

const KINDS = new Set(['webpush', 'fcm', 'apns']);

function DeviceItem({ device }: { device: DeviceInfo }) {
  const { t, i18n } = useTranslation();
  const remove = useRemoveDevice();
  const { browser, os } = describeUserAgent(device.user_agent);
  const kind = device.kind && KINDS.has(device.kind) ? t(`identity.devices.kinds.${device.kind}`) : t('identity.devices.kinds.none');
  const name = [browser, os].filter(Boolean).join(' · ') || t('identity.sessions.unknownDevice');
  return (
    <li className="pv-item">
      <div className="pv-item-text">
        <strong>{name}</strong>
        <span>{kind}</span>
        <span className="pv-hint">{t('identity.devices.lastSeen', { date: formatDateTime(device.last_seen_at, i18n.language) })}</span>
        {remove.isError ? <FormAlert message={apiErrorMessage(t, remove.error)} /> : null}
      </div>
      <button
        type="button"
        className="pv-button pv-button-secondary pv-button-small"
        disabled={remove.isPending}
        aria-label={t('identity.devices.removeNamed', { name })}
        onClick={() => remove.mutate(device.id)}
      >
        {t('identity.devices.remove')}
      </button>
    </li>
  );
}

export function DevicesList() {
  const { t } = useTranslation();
  const devices = useDevices();
  if (devices.isPending) return <ListSkeleton label={t('identity.devices.loading')} />;
  if (devices.isError) {
    return (
      <div className="pv-notice pv-notice-error" role="alert">
        <p>{apiErrorMessage(t, devices.error)}</p>
      </div>
    );
  }
  if (devices.data.length === 0) return <p className="pv-hint">{t('identity.devices.empty')}</p>;
  return (
    <ul className="pv-item-list" aria-label={t('identity.devices.listLabel')}>
      {devices.data.map((device) => (
        <DeviceItem key={device.id} device={device} />
      ))}
    </ul>
  );
}

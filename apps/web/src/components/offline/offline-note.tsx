/** "Sin conexión — datos de <hora>": shown while the screen shows the offline copies of its data. */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../lib/intl-format';
import { getOfflineData, subscribeOfflineData } from '../../lib/offline/offline-data';
import './offline.css';

const BOGOTA = 'America/Bogota';

/** 10:32 a. m. today; 25 de noviembre, 10:32 a. m. on another day (Bogotá time). */
export function formatDataTime(iso: string, language: string, now: Date = new Date()): string {
  const locale = language.startsWith('en') ? 'en-US' : 'es-CO';
  const day = (d: Date) => dateTimeFormat('en-CA', { timeZone: BOGOTA }).format(d);
  const at = new Date(iso);
  const time = dateTimeFormat(locale, { timeZone: BOGOTA, hour: 'numeric', minute: '2-digit' }).format(at);
  if (day(at) === day(now)) return time;
  return `${dateTimeFormat(locale, { timeZone: BOGOTA, day: 'numeric', month: 'long' }).format(at)}, ${time}`;
}

export function OfflineNote() {
  const { t, i18n } = useTranslation();
  const { dataFrom } = useSyncExternalStore(subscribeOfflineData, getOfflineData);
  if (!dataFrom) return null;
  return (
    <p className="pv-offline-note" role="status">
      {t('offline.note', { time: formatDataTime(dataFrom, i18n.language) })}
    </p>
  );
}

/** "Sin conexión — datos de <hora>": shown while the screen shows the offline copies of its data. */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getOfflineData, subscribeOfflineData } from '../../lib/offline/offline-data';
import './offline.css';

const BOGOTA = 'America/Bogota';

/** 10:32 a. m. today; 25 de noviembre, 10:32 a. m. on another day (Bogotá time). */
export function formatDataTime(iso: string, language: string, now: Date = new Date()): string {
  const locale = language.startsWith('en') ? 'en-US' : 'es-CO';
  const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: BOGOTA });
  const at = new Date(iso);
  const time = at.toLocaleTimeString(locale, { timeZone: BOGOTA, hour: 'numeric', minute: '2-digit' });
  if (day(at) === day(now)) return time;
  return `${at.toLocaleDateString(locale, { timeZone: BOGOTA, day: 'numeric', month: 'long' })}, ${time}`;
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

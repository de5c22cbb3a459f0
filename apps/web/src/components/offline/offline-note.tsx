/** "Sin conexión — datos de <hora>": shown while the screen shows the offline copies of its data. */
import { onlineManager, useQueryClient } from '@tanstack/react-query';
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

/** Whether the browser is offline and some screen waits for data it has no copy of (its query paused). */
function useWaitingForNetwork(): boolean {
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
  const paused = useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    () => queryClient.getQueryCache().findAll({ fetchStatus: 'paused' }).some((q) => q.state.data === undefined),
  );
  return !online && paused;
}

/**
 * Offline, a note at the top of every screen: the time of the copies shown, or, where a screen has
 * no copy on this device, that it loads when the connection returns (instead of "Cargando…" alone).
 */
export function OfflineNote() {
  const { t, i18n } = useTranslation();
  const { dataFrom } = useSyncExternalStore(subscribeOfflineData, getOfflineData);
  const waiting = useWaitingForNetwork();
  if (!dataFrom && !waiting) return null;
  return (
    <p className="pv-offline-note" role="status">
      {dataFrom
        ? `${t('offline.note', { time: formatDataTime(dataFrom, i18n.language) })}${waiting ? ` · ${t('offline.waitingRest')}` : ''}`
        : t('offline.waiting')}
    </p>
  );
}

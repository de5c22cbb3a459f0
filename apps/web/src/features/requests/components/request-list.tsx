/** A list of pickup requests as cards; each opens its detail. */
import type { PickupRequest } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { formatCalendarDate, formatDateTime, formatKg } from '../format';
import { PhoneStatus, StatusBadge } from './status-badge';

export function itemsSummary(r: PickupRequest, lang: string, actual = false): string {
  return r.items
    .map((i) => {
      const name = lang.startsWith('en') ? i.material_name_en : i.material_name_es;
      const amount = actual
        ? i.actual_kg !== null
          ? formatKg(i.actual_kg, lang)
          : null
        : i.estimated_kg !== null
          ? formatKg(i.estimated_kg, lang)
          : i.units !== null
            ? `${i.units} u.`
            : null;
      return amount ? `${name} ${amount}` : name;
    })
    .join(' · ');
}

export function RequestCard({ request: r, basePath, viewer }: { request: PickupRequest; basePath: string; viewer: 'requester' | 'manager' | 'company' }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <li className="pv-card rq-card" data-request-id={r.id}>
      <div className="rq-card-head">
        <AppLink to={`${basePath}/${r.id}`} className="rq-card-link">
          {t('requests.list.itemTitle', { id: r.id })}
        </AppLink>
        <StatusBadge status={r.status} />
      </div>
      <p>
        {r.scheduled_at && r.status === 'programada'
          ? t('requests.list.scheduledFor', { when: formatDateTime(r.scheduled_at, lang) })
          : t('requests.list.preferred', { date: formatCalendarDate(r.preferred_date, lang), window: t(`requests.windows.${r.time_window}`) })}
      </p>
      {viewer === 'manager' ? (
        <p>
          {r.requester.name} <PhoneStatus verified={r.requester.phone_verified} /> · {r.address}
        </p>
      ) : (
        <p>
          {viewer === 'company' ? `${r.requester.name} · ` : ''}
          {t('requests.list.to', { point: r.point.name })}
        </p>
      )}
      <p className="rq-muted">
        {r.status === 'recogida' && r.total_actual_kg !== null
          ? t('requests.list.collected', { items: itemsSummary(r, lang, true), total: formatKg(r.total_actual_kg, lang) })
          : itemsSummary(r, lang)}
      </p>
    </li>
  );
}

export function RequestList({ items, basePath, viewer, label }: { items: PickupRequest[]; basePath: string; viewer: 'requester' | 'manager' | 'company'; label: string }) {
  return (
    <ul className="rq-list" aria-label={label}>
      {items.map((r) => (
        <RequestCard key={r.id} request={r} basePath={basePath} viewer={viewer} />
      ))}
    </ul>
  );
}

export function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="rq-list">
      <span className="visually-hidden">{label}</span>
      <div className="rq-skeleton" aria-hidden="true" />
      <div className="rq-skeleton" aria-hidden="true" />
      <div className="rq-skeleton" aria-hidden="true" />
    </div>
  );
}

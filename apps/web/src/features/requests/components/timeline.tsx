/** Every change of a request: who, when, from which status to which, and the note. */
import type { RequestEvent } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format';
import { StatusBadge } from './status-badge';

export function Timeline({ events }: { events: RequestEvent[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section aria-labelledby="rq-timeline-title">
      <h3 id="rq-timeline-title">{t('requests.detail.timeline')}</h3>
      <ol className="rq-timeline">
        {events.map((e) => (
          <li key={e.id}>
            <p>
              <StatusBadge status={e.to_status} />{' '}
              {e.from_status === null
                ? t('requests.timeline.created', { actor: e.actor.name })
                : e.from_status === e.to_status
                  ? t('requests.timeline.rescheduled', { actor: e.actor.name })
                  : t('requests.timeline.changed', { actor: e.actor.name })}
            </p>
            <p className="rq-muted">
              <time dateTime={e.created_at}>{formatDateTime(e.created_at, lang)}</time>
            </p>
            {e.scheduled_at ? <p>{t('requests.timeline.scheduledFor', { when: formatDateTime(e.scheduled_at, lang) })}</p> : null}
            {e.note ? <p>“{e.note}”</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

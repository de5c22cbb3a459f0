/**
 * Who is coming for (or came to) a pickup: the recycler's first name, photo and organisation,
 * with the public check of their id card; nothing while nobody is assigned. Earlier visits where
 * nobody could hand the material over are told, with the new visit that follows each.
 */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { localeOf } from '../../../lib/date-format';
import { dateTimeFormat } from '../../../lib/intl-format';
import { usePickupRecycler } from '../api/route';
import '../recyclers.css';

export function PickupRecyclerCard({ requestId }: { requestId: number }) {
  const { t, i18n } = useTranslation();
  const who = usePickupRecycler(requestId);
  const r = who.data;
  if (!r) return null;
  return (
    <section className="pv-card rc-who" aria-labelledby="rc-who-title">
      <h2 id="rc-who-title">
        {r.outcome ? t('recyclers.who.titleCame', { name: r.first_name }) : t('recyclers.who.title', { name: r.first_name })}
      </h2>
      <div className="rc-who-body">
        {r.photo_url ? <img src={r.photo_url} alt={t('recyclers.who.photo', { name: r.first_name })} width={72} height={72} /> : null}
        <div>
          <p>{t('recyclers.who.organization', { organization: r.organization })}</p>
          {r.missed_visits.map((v) => {
            const reason = t(`recyclers.route.reasons.${v.outcome_reason}`);
            return (
              <p key={v.outcome_at}>
                {t('recyclers.who.missedVisit', {
                  date: dateTimeFormat(localeOf(i18n.language), { dateStyle: 'long', timeZone: 'America/Bogota' }).format(new Date(v.outcome_at)),
                  reason: i18n.language.startsWith('en') ? reason : reason.charAt(0).toLocaleLowerCase('es-CO') + reason.slice(1),
                })}
              </p>
            );
          })}
          {r.outcome ? (
            <p role="status">
              {r.outcome === 'recogido'
                ? t('recyclers.who.collected')
                : t('recyclers.who.missed', { reason: t(`recyclers.route.reasons.${r.outcome_reason ?? 'otro'}`) })}
            </p>
          ) : null}
          <p>
            <AppLink to={r.card_url}>{t('recyclers.who.checkCard', { name: r.first_name })}</AppLink>
          </p>
        </div>
      </div>
    </section>
  );
}

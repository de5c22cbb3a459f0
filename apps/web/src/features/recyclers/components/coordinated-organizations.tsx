/**
 * On a point manager's page (Contenedores): the organisations of recicladores they coordinate,
 * each opening its screen. Nothing shows for managers who coordinate none.
 */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { useOrganizations } from '../api/organizations';
import { countText } from '../../../lib/count-text';

export function CoordinatedOrganizations({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const orgs = useOrganizations(enabled);
  if (!enabled || !orgs.data?.length) return null;
  return (
    <section className="pv-card" aria-labelledby="rc-coordinated-title">
      <h2 id="rc-coordinated-title">{t('recyclers.coordinated.title')}</h2>
      <ul>
        {orgs.data.map((o) => (
          <li key={o.id}>
            <AppLink to={`/app/tabs/recyclers/${o.id}`}>{o.name}</AppLink>{' '}
            <span>{t('recyclers.coordinated.counts', {
                ecas: countText(t, 'ecas', o.eca_count, i18n.language),
                members: countText(t, 'recyclers', o.member_count, i18n.language),
              })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * On a point manager's page (Contenedores): the organisations of recicladores they coordinate,
 * each opening its screen. Nothing shows for managers who coordinate none.
 */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { useOrganizations } from '../api/organizations';

export function CoordinatedOrganizations({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const orgs = useOrganizations(enabled);
  if (!enabled || !orgs.data?.length) return null;
  return (
    <section className="pv-card" aria-labelledby="rc-coordinated-title">
      <h2 id="rc-coordinated-title">{t('recyclers.coordinated.title')}</h2>
      <ul>
        {orgs.data.map((o) => (
          <li key={o.id}>
            <AppLink to={`/app/tabs/recyclers/${o.id}`}>{o.name}</AppLink>{' '}
            <span>{t('recyclers.coordinated.counts', { ecas: o.eca_count, members: o.member_count })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

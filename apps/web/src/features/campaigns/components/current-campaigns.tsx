/** The landing page's "campañas en curso": up to three, each linking to its detail. */
import { IonSkeletonText } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { useSession } from '../../../lib/use-session';
import { useCampaigns } from '../api/get-campaigns';
import { CampaignCard } from './campaign-card';
import { apiErrorMessage } from '../../../lib/api-errors';

export function CurrentCampaigns() {
  const { t } = useTranslation();
  const user = useSession();
  const query = useCampaigns({ status: 'ongoing', pageSize: 3 }, user.id);
  return (
    <section className="landing-section" aria-labelledby="current-campaigns-title">
      <h2 id="current-campaigns-title">{t('campaigns.currentTitle')}</h2>
      {query.isPending ? (
        <IonSkeletonText animated style={{ height: '6rem' }} />
      ) : query.isError ? (
        <p role="alert">{apiErrorMessage(t, query.error)}</p>
      ) : query.data.items.length === 0 ? (
        <p>
          {t('campaigns.noneNow')} <AppLink to="/campaign">{t('campaigns.seeAll')}</AppLink>
        </p>
      ) : (
        <>
          <div className="card-grid">
            {/* On a phone the first card's image is in the first screen: it loads at once. */}
            {query.data.items.map((c, i) => (
              <CampaignCard key={c.id} campaign={c} priority={i === 0} />
            ))}
          </div>
          <AppLink to="/campaign">{t('campaigns.seeAll')}</AppLink>
        </>
      )}
    </section>
  );
}

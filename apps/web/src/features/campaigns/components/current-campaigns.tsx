/** The landing page's "campañas en curso": up to three, each linking to its detail. */
import { IonSkeletonText } from '@ionic/react';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@puntoverde/contract';
import { AppLink } from '../../../components/app-link';
import { useSession } from '../../../lib/use-session';
import { useCampaigns } from '../api/get-campaigns';
import { CampaignCard } from './campaign-card';
import { apiErrorMessage } from '../../../lib/api-errors';

export function CurrentCampaigns() {
  const { t } = useTranslation();
  const user = useSession();
  const query = useCampaigns({ status: 'ongoing', pageSize: 3 }, user.id);
  // The landing's campaigns come by their own request, after the page has rendered: a store update,
  // which React renders in one piece (the cards and their dates: 15 ms unthrottled, four times that
  // on a phone). Deferred, the cards render as a transition, in slices; the skeleton stays until then.
  const items = useDeferredValue(query.data?.items);
  return (
    <section className="landing-section" aria-labelledby="current-campaigns-title">
      <h2 id="current-campaigns-title">{t('campaigns.currentTitle')}</h2>
      {query.isPending || (!items && !query.isError) ? (
        <IonSkeletonText animated style={{ height: '6rem' }} />
      ) : query.isError ? (
        <p role="alert">{apiErrorMessage(t, query.error)}</p>
      ) : !items || items.length === 0 ? (
        <p>
          {t('campaigns.noneNow')} <AppLink to="/campaign">{t('campaigns.seeAll')}</AppLink>
        </p>
      ) : (
        <CampaignCards items={items} />
      )}
    </section>
  );
}

const CampaignCards = memo(function CampaignCards({ items }: { items: Campaign[] }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="card-grid">
        {/* On a phone the first card's image is in the first screen: it loads at once. */}
        {items.map((c, i) => (
          <CampaignCard key={c.id} campaign={c} priority={i === 0} />
        ))}
      </div>
      <AppLink to="/campaign">{t('campaigns.seeAll')}</AppLink>
    </>
  );
});

/** recompensas/aliado: the ally's counter, for accounts staff made an ally's staff, its points of sale, and the attendance of the campaigns they organise. */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { isLoggedIn } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { LoginRequiredNotice } from '../../features/identity/components/login-required-notice';
import { AllyCounter } from '../../features/rewards/components/ally-counter';
import { useAllyAccount } from '../../features/rewards/api/ally';

// The campaigns' attendance loads after the counter, which is what the ally needs first.
// The ally's points of sale, kept by its own staff.
const PointsOfSaleManager = lazy(() =>
  import('../../features/allies/components/points-of-sale-manager').then((m) => ({ default: m.PointsOfSaleManager })),
);
const OrganisedCampaigns = lazy(() =>
  import('../../features/campaigns/components/campaign-attendance').then((m) => ({ default: m.OrganisedCampaigns })),
);

export default function RewardsAllyPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession();
  const account = useAllyAccount(isLoggedIn(user));
  return (
    <PageLayout title={t('rewards.ally.title')}>
      {isLoggedIn(user) ? (
        <>
          <AllyCounter />
          <Suspense fallback={null}>
            {account.data ? <PointsOfSaleManager owner={null} /> : null}
            <OrganisedCampaigns />
          </Suspense>
        </>
      ) : (
        <LoginRequiredNotice next={pathname} />
      )}
    </PageLayout>
  );
}

/** recompensas/aliado: the ally's counter, for accounts staff made an ally's staff, and the attendance of the campaigns they organise. */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { isLoggedIn } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { LoginRequiredNotice } from '../../features/identity/components/login-required-notice';
import { OrganisedCampaigns } from '../../features/campaigns/components/campaign-attendance';
import { AllyCounter } from '../../features/rewards/components/ally-counter';

export default function RewardsAllyPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession();
  return (
    <PageLayout title={t('rewards.ally.title')}>
      {isLoggedIn(user) ? (
        <>
          <AllyCounter />
          <OrganisedCampaigns />
        </>
      ) : (
        <LoginRequiredNotice next={pathname} />
      )}
    </PageLayout>
  );
}

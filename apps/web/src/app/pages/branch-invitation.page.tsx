/** auth/branch-invitation?token=: a new branch sets its password from the e-mailed link and is logged in. */
import { useIonRouter } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { InvitationScreen } from '../../features/branches/components/invitation-screen';
import { DATA_POLICY_PATH } from '../../features/identity/routes';
import { useNotify } from '../../components/use-notify';

export default function BranchInvitationPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const router = useIonRouter();
  const notify = useNotify();
  const token = new URLSearchParams(search).get('token');
  return (
    <PageLayout title={t('requests.invitation.pageTitle')}>
      <InvitationScreen
        token={token}
        dataPolicyPath={DATA_POLICY_PATH}
        onAccepted={(user) => {
          notify(t('requests.invitation.welcome', { name: user.name }));
          router.push('/app/tabs/request', 'root', 'replace');
        }}
      />
    </PageLayout>
  );
}

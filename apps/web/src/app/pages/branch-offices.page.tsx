/**
 * app/tabs/branch-offices/list/{id}: a company head's branch offices. Only the logged-in head's
 * own id is allowed; any other id (or a branch, household or manager) gets a 403 page.
 */
import { TC_ID } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { AppLink } from '../../components/app-link';
import { PageLayout } from '../../components/page-layout';
import { BranchesScreen } from '../../features/branches/components/branches-screen';
import { usePublicConfig } from '../../features/identity/api/public-config';
import { LoginRequiredNotice } from '../../features/identity/components/login-required-notice';
import { LocationPicker } from '../../features/requests/components/location-picker';
import { DEFAULT_TILE_URL } from '../../lib/map/map-view';
import { isLoggedIn } from '../../lib/session';
import { useSession } from '../../lib/use-session';

export default function BranchOfficesPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { pathname } = useLocation();
  const user = useSession();
  const config = usePublicConfig();
  if (!isLoggedIn(user)) {
    return (
      <PageLayout title={t('pages.branchOffices.title')}>
        <LoginRequiredNotice next={pathname} />
      </PageLayout>
    );
  }
  const isHead = user.tc_id === TC_ID.company && (user.id_empresa === null || user.id_empresa === '');
  if (!isHead || String(user.id) !== id) {
    return (
      <PageLayout title={t('requests.branches.forbiddenTitle')}>
        <div className="br-notice br-notice--error" role="alert" style={{ padding: 16 }}>
          <p>
            <strong>403</strong> · {isHead ? t('requests.branches.forbiddenOther') : t('requests.branches.forbiddenRole')}
          </p>
          <p>
            {isHead ? (
              <AppLink to={`/app/tabs/branch-offices/list/${user.id}`} direction="root">
                {t('requests.branches.ownList')}
              </AppLink>
            ) : (
              <AppLink to="/index" direction="root">
                {t('requests.branches.home')}
              </AppLink>
            )}
          </p>
        </div>
      </PageLayout>
    );
  }
  return (
    <PageLayout title={t('pages.branchOffices.title')}>
      {config.isPending ? null : <BranchesScreen LocationField={LocationPicker} tileUrl={config.data?.tile_url ?? DEFAULT_TILE_URL} />}
    </PageLayout>
  );
}

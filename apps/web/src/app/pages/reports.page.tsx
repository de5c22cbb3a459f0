import { TC_ID } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import { CertificatesScreen } from '../../features/certificates/components/certificates-screen';
import { MyFiguresScreen } from '../../features/statistics/components/my-figures-screen';
import { SchemeFiguresScreen } from '../../features/statistics/components/scheme-figures-screen';
import { isLoggedIn } from '../../lib/session';
import { useSession } from '../../lib/use-session';

/** app/tabs/reports: Mis cifras and Certificados (incident reports join them in the same container); staff see the whole scheme. */
export default function ReportsPage() {
  const { t } = useTranslation();
  const user = useSession();
  const loggedIn = isLoggedIn(user);
  const staff = user['is_admin'] === true || user['is_admin'] === 1;
  return (
    <PageLayout title={t('pages.reports.title')}>
      {!loggedIn && <p>{t('statistics.loginFirst')}</p>}
      {loggedIn && staff && <SchemeFiguresScreen />}
      {loggedIn && !staff && (
        <>
          <MyFiguresScreen enabled={loggedIn} />
          {user.tc_id !== TC_ID.manager && <CertificatesScreen />}
        </>
      )}
    </PageLayout>
  );
}

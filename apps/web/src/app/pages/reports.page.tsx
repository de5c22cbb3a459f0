import { TC_ID } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import { CertificatesScreen } from '../../features/certificates/components/certificates-screen';
import { MyFiguresScreen } from '../../features/statistics/components/my-figures-screen';
import { isLoggedIn } from '../../lib/session';
import { useSession } from '../../lib/use-session';

/** app/tabs/reports: Mis cifras and Certificados (incident reports join them in the same container). */
export default function ReportsPage() {
  const { t } = useTranslation();
  const user = useSession();
  const loggedIn = isLoggedIn(user);
  return (
    <PageLayout title={t('pages.reports.title')}>
      {loggedIn ? (
        <>
          <MyFiguresScreen enabled={loggedIn} />
          {user.tc_id !== TC_ID.manager && <CertificatesScreen />}
        </>
      ) : (
        <p>{t('statistics.loginFirst')}</p>
      )}
    </PageLayout>
  );
}

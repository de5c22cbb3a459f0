import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import { AdminPqrScreen } from '../../features/pqr/components/admin/admin-screens';

/** Back office: the PQR inbox, the monthly report and the business-day calendar. */
export default function AdminPqrPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pqr.admin.title')}>
      <AdminPqrScreen />
    </PageLayout>
  );
}

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { AdminPqrDetailScreen } from '../../features/pqr/components/admin/admin-screens';

/** Back office: one PQR with its history and the staff actions. */
export default function AdminPqrDetailPage() {
  const { t } = useTranslation();
  const { radicado = '' } = useParams();
  return (
    <PageLayout title={t('pqr.admin.detailTitle', { radicado })}>
      <AdminPqrDetailScreen radicado={radicado} />
    </PageLayout>
  );
}

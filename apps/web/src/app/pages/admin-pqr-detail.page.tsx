import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ListDetail } from '../../components/list-detail';
import { PageLayout } from '../../components/page-layout';
import { AdminPqrDetailScreen, AdminPqrScreen } from '../../features/pqr/components/admin/admin-screens';

/** Back office: one PQR with its history and the staff actions; on a desktop, beside the inbox. */
export default function AdminPqrDetailPage() {
  const { t } = useTranslation();
  const { radicado = '' } = useParams();
  return (
    <PageLayout title={t('pqr.admin.detailTitle', { radicado })}>
      <ListDetail
        listLabel={t('pqr.admin.title')}
        list={<AdminPqrScreen />}
        detail={<AdminPqrDetailScreen radicado={radicado} />}
      />
    </PageLayout>
  );
}

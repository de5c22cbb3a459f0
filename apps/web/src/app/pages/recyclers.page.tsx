import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { OrganizationScreen } from '../../features/recyclers/components/organization-screen';

/**
 * app/tabs/recyclers/{id}: an organisation of recicladores, for its coordinators (point managers,
 * reached from their Contenedores page) and staff (from the back office). Not a menu entry: the
 * spec's menu stays as it is.
 */
export default function RecyclersPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PageLayout title={t('recyclers.title')}>
      {/^\d+$/.test(id) ? <OrganizationScreen id={Number(id)} /> : <p>{t('recyclers.notFound')}</p>}
    </PageLayout>
  );
}

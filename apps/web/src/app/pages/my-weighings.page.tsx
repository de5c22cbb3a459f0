import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { PageLayout } from '../../components/page-layout';
import { MyWeighingsScreen } from '../../features/recyclers/components/my-weighings-screen';

/**
 * app/tabs/mis-pesajes: a recycler's own scale tickets (Mis pesajes). Not a menu entry (the spec's
 * menu stays as it is): the notification of each new ticket links here.
 */
export default function MyWeighingsPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('recyclers.mine.title')}>
      <MyWeighingsScreen />
      <p>
        <AppLink to="/app/tabs/mi-ruta">{t('recyclers.mine.toRoute')}</AppLink>
      </p>
    </PageLayout>
  );
}

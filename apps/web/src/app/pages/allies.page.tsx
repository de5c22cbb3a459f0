import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import '../../features/content/content-ui.css';
import { AlliesBrowser } from '../../features/allies/components/allies-browser';

export default function AlliesPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.allies.title')}>
      <p className="lead">{t('allies.intro')}</p>
      <AlliesBrowser />
    </PageLayout>
  );
}

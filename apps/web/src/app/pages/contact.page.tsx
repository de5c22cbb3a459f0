import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import { StatementLink } from '../../components/statement-link';
import '../../features/content/content-ui.css';
import { AboutView } from '../../features/content/components/about-view';

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.contact.title')}>
      <AboutView />
      <StatementLink />
    </PageLayout>
  );
}

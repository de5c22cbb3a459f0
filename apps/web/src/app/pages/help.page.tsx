import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import '../../features/content/content-ui.css';
import { FaqList } from '../../features/content/components/faq-list';
import { MaterialGuide } from '../../features/content/components/material-guide';
import { PqrSlot } from '../../features/content/components/pqr-slot';

/** Ayuda / PQR: the material guide, the FAQ and the entry to PQR. */
export default function HelpPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.help.title')}>
      <MaterialGuide />
      <section aria-labelledby="faq-title">
        <h2 id="faq-title">{t('content.faqTitle')}</h2>
        <FaqList />
      </section>
      <PqrSlot />
    </PageLayout>
  );
}

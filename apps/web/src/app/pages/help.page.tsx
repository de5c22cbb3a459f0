import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import '../../features/content/content-ui.css';
import { FaqList } from '../../features/content/components/faq-list';
import { MaterialGuide } from '../../features/content/components/material-guide';

// PQR's forms load after the guide and the FAQ: most visitors come for those.
const PqrEntry = lazy(async () => ({ default: (await import('../../features/pqr/components/pqr-entry')).PqrEntry }));

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
      <Suspense fallback={null}>
        <PqrEntry />
      </Suspense>
    </PageLayout>
  );
}

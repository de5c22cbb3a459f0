import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import { StatementLink } from '../../components/statement-link';
import '../../features/content/content-ui.css';
import { FaqList } from '../../features/content/components/faq-list';
import { MaterialGuide } from '../../features/content/components/material-guide';

// PQR's forms are their own chunk, asked for as the page renders and shown with it: a keyboard
// user tabbing past the FAQ reaches the form, not the end of the page (they used to wait until
// scrolled to or idle, seconds later).
const PqrEntry = lazy(async () => ({ default: (await import('../../features/pqr/components/pqr-entry')).PqrEntry }));

/** Ayuda / PQR: the material guide, the FAQ and the entry to PQR. */
export default function HelpPage() {
  const { t } = useTranslation();
  // The PQR forms' place until their code is there: empty, tall enough that nothing below moves.
  const pqrPlace = <div style={{ minHeight: '50vh' }} />;
  return (
    <PageLayout title={t('pages.help.title')}>
      <MaterialGuide />
      <section aria-labelledby="faq-title">
        <h2 id="faq-title">{t('content.faqTitle')}</h2>
        <FaqList />
      </section>
      <Suspense fallback={pqrPlace}>
        <PqrEntry />
      </Suspense>
      <StatementLink />
    </PageLayout>
  );
}

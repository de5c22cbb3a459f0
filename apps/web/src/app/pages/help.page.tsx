import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { WhenVisible } from '../../components/when-visible';
import '../../features/content/content-ui.css';
import { FaqList } from '../../features/content/components/faq-list';
import { MaterialGuide } from '../../features/content/components/material-guide';

// PQR's forms load after the guide and the FAQ (most visitors come for those), once the visitor
// reaches them: the form, its validation and its first render are not part of the page's start.
const PqrEntry = lazy(async () => ({ default: (await import('../../features/pqr/components/pqr-entry')).PqrEntry }));

/** Ayuda / PQR: the material guide, the FAQ and the entry to PQR. */
export default function HelpPage() {
  const { t } = useTranslation();
  const { search, hash } = useLocation();
  // The PQR e-mails link to the tracking tab (`?radicado=`), other pages to `#seguimiento`.
  const openedOnPqr = search.includes('radicado=') || hash === '#seguimiento';
  // The PQR section's heading and lead, in its place until the forms have loaded.
  const pqrPlaceholder = (
    <section className="pqr" aria-labelledby="pqr-heading">
      <h2 id="pqr-heading">{t('pqr.entry.title')}</h2>
      <p>{t('pqr.entry.lead')}</p>
    </section>
  );
  return (
    <PageLayout title={t('pages.help.title')}>
      <MaterialGuide />
      <section aria-labelledby="faq-title">
        <h2 id="faq-title">{t('content.faqTitle')}</h2>
        <FaqList />
      </section>
      <WhenVisible eager={openedOnPqr} placeholder={pqrPlaceholder}>
        <Suspense fallback={pqrPlaceholder}>
          <PqrEntry />
        </Suspense>
      </WhenVisible>
    </PageLayout>
  );
}

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
  // The PQR e-mails link to the tracking tab (`?radicado=`), other pages to `#seguimiento`, the
  // landing's "Radicar una PQR" to the filing form (`#radicar`).
  const openedOnPqr = search.includes('radicado=') || hash === '#seguimiento' || hash === '#radicar';
  // The PQR forms' place until they load: empty (nothing to move while the FAQ above loads, and
  // nothing that would paint late), tall enough that scrolling to the page's end reaches it.
  const pqrPlace = <div style={{ minHeight: '50vh' }} />;
  return (
    <PageLayout title={t('pages.help.title')}>
      <MaterialGuide />
      <section aria-labelledby="faq-title">
        <h2 id="faq-title">{t('content.faqTitle')}</h2>
        <FaqList />
      </section>
      <WhenVisible eager={openedOnPqr} placeholder={pqrPlace}>
        <Suspense fallback={pqrPlace}>
          <PqrEntry />
        </Suspense>
      </WhenVisible>
    </PageLayout>
  );
}

/**
 * The staff-editable FAQ as an accordion: native <details>/<summary>, one open at a time
 * (`name`), keyboard and screen readers handled by the browser. Ionic's IonAccordion, IonItem
 * and IonLabel were ~20 Stencil elements with shadow roots on /help, 34–55 ms of a load
 * (unthrottled) spent upgrading them once the questions arrived.
 */
import { IonSkeletonText } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useFaq } from '../api/get-faq';
import { apiErrorMessage } from '../../../lib/api-errors';
import { EmptyState } from '../../../components/empty-state';
import { SpanishContent } from '../../../components/spanish-content';

export function FaqList() {
  const { t } = useTranslation();
  const query = useFaq();
  if (query.isPending) return <IonSkeletonText animated style={{ height: '6rem' }} aria-label={t('content.loading')} />;
  if (query.isError) return <p role="alert">{apiErrorMessage(t, query.error)}</p>;
  if (query.data.length === 0) return <EmptyState title={t('content.faqEmpty')} />;
  return (
    <div className="faq-list">
      {query.data.map((item) => (
        <details key={item.id} name="faq" className="faq-item">
          <summary className="faq-question">
            <SpanishContent mark>{item.question}</SpanishContent>
          </summary>
          <div className="faq-answer" lang="es">
            {item.answer.split(/\n{2,}/).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}

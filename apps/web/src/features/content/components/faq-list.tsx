/** The staff-editable FAQ as an accordion. */
import { IonAccordion, IonAccordionGroup, IonItem, IonLabel, IonSkeletonText } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useFaq } from '../api/get-faq';
import { apiErrorMessage } from '../../../lib/api-errors';
import { EmptyState } from '../../../components/empty-state';

export function FaqList() {
  const { t } = useTranslation();
  const query = useFaq();
  if (query.isPending) return <IonSkeletonText animated style={{ height: '6rem' }} aria-label={t('content.loading')} />;
  if (query.isError) return <p role="alert">{apiErrorMessage(t, query.error)}</p>;
  if (query.data.length === 0) return <EmptyState title={t('content.faqEmpty')} />;
  return (
    <IonAccordionGroup>
      {query.data.map((item) => (
        <IonAccordion key={item.id} value={String(item.id)}>
          <IonItem slot="header">
            <IonLabel className="ion-text-wrap">{item.question}</IonLabel>
          </IonItem>
          <div slot="content" className="faq-answer">
            {item.answer.split(/\n{2,}/).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </IonAccordion>
      ))}
    </IonAccordionGroup>
  );
}

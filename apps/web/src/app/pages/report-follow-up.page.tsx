/** reports/follow-up?token=…&respuesta=si|no: "¿Se resolvió?" in one tap from the e-mail. */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { FollowUpScreen } from '../../features/reports/components/follow-up-screen';

export default function ReportFollowUpPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const answer = search.get('respuesta');
  return (
    <PageLayout title={t('reports.followUp.title')}>
      <FollowUpScreen token={search.get('token') ?? ''} suggested={answer === 'si' || answer === 'no' ? answer : null} />
    </PageLayout>
  );
}

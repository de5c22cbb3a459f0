import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { VerifyCardScreen } from '../../features/recyclers/components/verify-card-screen';

/** /verificar-reciclador/{code}: the public check of a recycler's id card (the card's QR opens it). */
export default function VerifyRecyclerPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  return (
    <PageLayout title={t('recyclers.verify.title')}>
      <VerifyCardScreen code={code} />
    </PageLayout>
  );
}

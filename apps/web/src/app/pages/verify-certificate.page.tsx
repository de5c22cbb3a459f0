import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { VerifyCertificateScreen } from '../../features/certificates/components/verify-certificate-screen';

/** /verificar/{code}: public verification of a recycling certificate (the QR on the PDF opens it). */
export default function VerifyCertificatePage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  return (
    <PageLayout title={t('statistics.verify.title')}>
      <VerifyCertificateScreen code={code} />
    </PageLayout>
  );
}

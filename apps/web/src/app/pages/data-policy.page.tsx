/** data-policy: the personal-data policy (Ley 1581 de 2012) users accept at sign-up; same version string as the server's consent. */
import { DATA_POLICY_VERSION } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout';
import { DataPolicyText } from '../../features/identity/components/data-policy-text';

export default function DataPolicyPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('identity.dataPolicy.title')}>
      <DataPolicyText version={DATA_POLICY_VERSION} />
    </PageLayout>
  );
}

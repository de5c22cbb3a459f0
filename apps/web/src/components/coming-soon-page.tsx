/** A route whose screen is not built yet: its title and one honest line, nothing more. */
import { useTranslation } from 'react-i18next';
import { PageLayout } from './page-layout';

export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <PageLayout title={t(titleKey)}>
      <p className="coming-soon">{t('app.comingSoon')}</p>
    </PageLayout>
  );
}

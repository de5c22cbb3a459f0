import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { PageLayout } from '../../components/page-layout';

/** Every unknown path lands here (spec §2). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.notFound.title')}>
      <p className="lead">{t('pages.notFound.lead')}</p>
      <p>{t('pages.notFound.hint')}</p>
      <ul className="link-list">
        <li>
          <AppLink to="/index" direction="root">
            {t('pages.notFound.linkHome')}
          </AppLink>
        </li>
        <li>
          <AppLink to="/home" direction="root">
            {t('pages.notFound.linkMap')}
          </AppLink>
        </li>
      </ul>
    </PageLayout>
  );
}

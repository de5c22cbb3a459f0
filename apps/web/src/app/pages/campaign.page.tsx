import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import '../../features/content/content-ui.css';
import { CampaignDetail } from '../../features/campaigns/components/campaign-detail';
import { CampaignList } from '../../features/campaigns/components/campaign-list';

/** `/campaign` lists campaigns; `/campaign?id=N` shows one (a link people can share). */
export default function CampaignPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = Number(new URLSearchParams(search).get('id') ?? 0);
  return (
    <PageLayout title={t('pages.campaign.title')}>
      {Number.isInteger(id) && id > 0 ? <CampaignDetail id={id} /> : <CampaignList />}
    </PageLayout>
  );
}

import { ComingSoonPage } from '../../components/coming-soon-page';

export default function CampaignPage() {
  return <ComingSoonPage titleKey="pages.campaign.title" />;
}

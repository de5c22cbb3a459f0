import { ComingSoonPage } from '../../components/coming-soon-page';

export default function CompleteCompanyPage() {
  return <ComingSoonPage titleKey="pages.completeCompany.title" />;
}

import { ComingSoonPage } from '../../components/coming-soon-page';

export default function ReportsPage() {
  return <ComingSoonPage titleKey="pages.reports.title" />;
}

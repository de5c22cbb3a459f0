import { ComingSoonPage } from '../../components/coming-soon-page';

export default function AlliesPage() {
  return <ComingSoonPage titleKey="pages.allies.title" />;
}

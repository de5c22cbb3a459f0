import { ComingSoonPage } from '../../components/coming-soon-page';

export default function PointsPage() {
  return <ComingSoonPage titleKey="pages.points.title" />;
}

import { ComingSoonPage } from '../../components/coming-soon-page';

export default function MapPointPage() {
  return <ComingSoonPage titleKey="pages.map.title" />;
}

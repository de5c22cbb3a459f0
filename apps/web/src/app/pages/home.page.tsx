import { ComingSoonPage } from '../../components/coming-soon-page';

export default function HomePage() {
  return <ComingSoonPage titleKey="pages.home.title" />;
}

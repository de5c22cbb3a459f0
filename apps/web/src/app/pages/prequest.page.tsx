import { ComingSoonPage } from '../../components/coming-soon-page';

export default function PrequestPage() {
  return <ComingSoonPage titleKey="pages.prequest.title" />;
}

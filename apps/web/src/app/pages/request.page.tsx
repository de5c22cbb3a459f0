import { ComingSoonPage } from '../../components/coming-soon-page';

export default function RequestPage() {
  return <ComingSoonPage titleKey="pages.request.title" />;
}

import { ComingSoonPage } from '../../components/coming-soon-page';

export default function CompleteClientPage() {
  return <ComingSoonPage titleKey="pages.completeClient.title" />;
}

import { ComingSoonPage } from '../../components/coming-soon-page';

export default function ProfilePage() {
  return <ComingSoonPage titleKey="pages.profile.title" />;
}

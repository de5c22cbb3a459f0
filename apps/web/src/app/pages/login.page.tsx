import { ComingSoonPage } from '../../components/coming-soon-page';

export default function LoginPage() {
  return <ComingSoonPage titleKey="pages.login.title" />;
}

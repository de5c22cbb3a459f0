import { ComingSoonPage } from '../../components/coming-soon-page';

export default function SignupClientPage() {
  return <ComingSoonPage titleKey="pages.signupClient.title" />;
}

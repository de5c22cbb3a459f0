import { ComingSoonPage } from '../../components/coming-soon-page';

export default function ForgotPasswordPage() {
  return <ComingSoonPage titleKey="pages.forgotPassword.title" />;
}

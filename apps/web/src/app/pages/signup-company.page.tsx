import { ComingSoonPage } from '../../components/coming-soon-page';

export default function SignupCompanyPage() {
  return <ComingSoonPage titleKey="pages.signupCompany.title" />;
}

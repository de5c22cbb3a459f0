import { ComingSoonPage } from '../../components/coming-soon-page';

export default function ContactPage() {
  return <ComingSoonPage titleKey="pages.contact.title" />;
}

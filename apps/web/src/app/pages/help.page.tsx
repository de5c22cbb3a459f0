import { ComingSoonPage } from '../../components/coming-soon-page';

export default function HelpPage() {
  return <ComingSoonPage titleKey="pages.help.title" />;
}

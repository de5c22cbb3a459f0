import { ComingSoonPage } from '../../components/coming-soon-page';

export default function BranchOfficesPage() {
  return <ComingSoonPage titleKey="pages.branchOffices.title" />;
}

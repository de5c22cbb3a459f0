import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { MemberCardScreen } from '../../features/recyclers/components/member-card-screen';

/** app/tabs/recyclers/{id}/members/{memberId}/card: a member's printable id card. */
export default function RecyclerCardPage() {
  const { t } = useTranslation();
  const { id = '', memberId = '' } = useParams();
  const valid = /^\d+$/.test(id) && /^\d+$/.test(memberId);
  return (
    <PageLayout title={t('recyclers.card.title')}>
      {valid ? <MemberCardScreen orgId={Number(id)} memberId={Number(memberId)} /> : <p>{t('recyclers.notFound')}</p>}
    </PageLayout>
  );
}

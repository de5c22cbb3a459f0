/** Campaigns by status (en curso / próximas / finalizadas) with skeletons and empty states. */
import { IonButton, IonSkeletonText } from '@ionic/react';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '@puntoverde/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/use-session';
import { ChipGroup } from '../../../components/chip-group';
import { useCampaigns } from '../api/get-campaigns';
import { CampaignCard } from './campaign-card';
import { apiErrorMessage } from '../../../lib/api-errors';

const PAGE_SIZE = 12;

export function CampaignList() {
  const { t } = useTranslation();
  const user = useSession();
  const [status, setStatus] = useState<CampaignStatus>('ongoing');
  const [page, setPage] = useState(1);
  const query = useCampaigns({ status, page, pageSize: PAGE_SIZE }, user.id);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <ChipGroup<CampaignStatus>
        label={t('campaigns.statusFilter')}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
        options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`campaigns.status.${s}`) }))}
      />
      <section aria-live="polite" aria-busy={query.isPending} className="card-grid">
        {query.isPending ? (
          [0, 1, 2].map((i) => (
            <div key={i} className="pv-card content-card">
              <IonSkeletonText animated style={{ height: '8rem' }} />
              <IonSkeletonText animated style={{ width: '70%' }} />
            </div>
          ))
        ) : query.isError ? (
          <div className="empty-state" role="alert">
            <p>{apiErrorMessage(t, query.error)}</p>
            <IonButton onClick={() => void query.refetch()}>{t('campaigns.retry')}</IonButton>
          </div>
        ) : query.data.items.length === 0 ? (
          <div className="empty-state">
            <p>{t(`campaigns.empty.${status}`)}</p>
          </div>
        ) : (
          query.data.items.map((c, i) => <CampaignCard key={c.id} campaign={c} headingLevel={2} priority={i === 0} />)
        )}
      </section>
      {pages > 1 ? (
        <nav className="pager" aria-label={t('campaigns.pagination')}>
          <IonButton fill="clear" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('campaigns.previous')}
          </IonButton>
          <span>{t('campaigns.pageOf', { page, pages })}</span>
          <IonButton fill="clear" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('campaigns.next')}
          </IonButton>
        </nav>
      ) : null}
    </>
  );
}

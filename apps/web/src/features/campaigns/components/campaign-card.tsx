/** One campaign in a list: image, title, dates, place and the "inscrito" badge. */
import { IonBadge } from '@ionic/react';
import type { Campaign } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { formatCampaignDates } from '../format';

export function CampaignCard({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="content-card" aria-labelledby={`campaign-${campaign.id}-title`}>
      {campaign.image_url ? (
        <img className="content-card__image" src={campaign.image_url} alt="" loading="lazy" width={1200} height={630} />
      ) : null}
      <div className="content-card__body">
        <h3 id={`campaign-${campaign.id}-title`} className="content-card__title">
          <AppLink to={`/campaign?id=${campaign.id}`}>{campaign.title}</AppLink>
        </h3>
        <p className="content-card__meta">
          <time dateTime={campaign.starts_at}>{formatCampaignDates(campaign.starts_at, campaign.ends_at, i18n.language)}</time>
        </p>
        {campaign.place_name ? <p className="content-card__meta">{campaign.place_name}</p> : null}
        <p>{campaign.summary}</p>
        {campaign.joined ? <IonBadge color="success">{t('campaigns.joined')}</IonBadge> : null}
      </div>
    </article>
  );
}

/** One campaign in a list: image, title, dates, place and the "inscrito" badge. */
import { IonBadge } from '@ionic/react';
import type { Campaign } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { formatCampaignDates } from '../format';
import { ResponsiveImage } from '../../../components/responsive-image';
import { SpanishContent } from '../../../components/spanish-content';

/** The card's width in the grid (content-ui.css .card-grid, page-body at most 72rem). */
const CAMPAIGN_CARD_IMAGE_SIZES =
  '(min-width: 72rem) 17rem, (min-width: 55rem) 33vw, (min-width: 35rem) 50vw, calc(100vw - 2rem)';

export type CampaignCardProps = {
  campaign: Campaign;
  /** 2 where the cards sit right under the page's <h1> (the list page), 3 under a section's <h2>. */
  headingLevel?: 2 | 3;
  /** The first card on screen: its image is the page's largest paint, so it loads at once. */
  priority?: boolean;
};

export function CampaignCard({ campaign, headingLevel = 3, priority = false }: CampaignCardProps) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="pv-card content-card" aria-labelledby={`campaign-${campaign.id}-title`}>
      {campaign.image_url ? (
        <ResponsiveImage
          className="content-card__image"
          src={campaign.image_url}
          alt=""
          sizes={CAMPAIGN_CARD_IMAGE_SIZES}
          priority={priority}
          width={1200}
          height={630}
        />
      ) : null}
      <div className="content-card__body">
        <Heading id={`campaign-${campaign.id}-title`} className="content-card__title">
          <AppLink to={`/campaign?id=${campaign.id}`}>
            <SpanishContent mark>{campaign.title}</SpanishContent>
          </AppLink>
        </Heading>
        <p className="content-card__meta">
          <time dateTime={campaign.starts_at}>{formatCampaignDates(campaign.starts_at, campaign.ends_at, i18n.language)}</time>
        </p>
        {campaign.place_name ? <p className="content-card__meta">{campaign.place_name}</p> : null}
        <SpanishContent as="p">{campaign.summary}</SpanishContent>
        {campaign.joined ? <IonBadge color="success">{t('campaigns.joined')}</IonBadge> : null}
      </div>
    </article>
  );
}

/**
 * A campaign in full: image, dates, place (link to its point), materials, join/leave with the
 * "inscrito" state, add to calendar (.ics) and share (Web Share API, else copy the link).
 */
import { IonBadge, IonButton, IonSkeletonText, useIonToast } from '@ionic/react';
import { TOAST_DURATION_MS, TOAST_LONG_DURATION_MS, type Campaign } from '@puntoverde/contract';
import { arrowBackOutline, calendarOutline, checkmarkCircle, shareSocialOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { ChipLink } from '../../../components/chip-link';
import { isLoggedIn, LOGIN_PATH } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { useMaterialNames } from '../use-material-names';
import { campaignCalendarUrl, useCampaign } from '../api/get-campaign';
import { useJoinCampaign } from '../api/join-campaign';
import { formatCampaignDates } from '../format';
import { apiErrorMessage } from '../../../lib/api-errors';
import { ResponsiveImage } from '../../../components/responsive-image';
import { Icon } from '../../../components/icon';
import { formatNumber } from '../../../lib/number-format';
import { SpanishContent } from '../../../components/spanish-content';

export function CampaignDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const user = useSession();
  const query = useCampaign(id, user.id);
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={t('campaigns.loading')}>
        <IonSkeletonText animated style={{ height: '12rem' }} />
        <IonSkeletonText animated style={{ width: '60%' }} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>{apiErrorMessage(t, query.error)}</p>
        <AppLink to="/campaign">{t('campaigns.backToList')}</AppLink>
      </div>
    );
  }
  const campaign = query.data;
  return (
    <article className="campaign-detail" aria-labelledby="campaign-title">
      <AppLink to="/campaign" className="back-link">
        <Icon icon={arrowBackOutline} /> {t('campaigns.backToList')}
      </AppLink>
      {campaign.image_url ? (
        <ResponsiveImage
          className="campaign-detail__image"
          src={campaign.image_url}
          alt=""
          sizes="(min-width: 50rem) 48rem, calc(100vw - 2rem)"
          priority
          width={1200}
          height={630}
        />
      ) : null}
      <SpanishContent as="h2" id="campaign-title" mark>
        {campaign.title}
      </SpanishContent>
      <p>
        <IonBadge color={campaign.status === 'ongoing' ? 'success' : campaign.status === 'upcoming' ? 'tertiary' : 'medium'}>
          {t(`campaigns.status.${campaign.status}`)}
        </IonBadge>
      </p>
      <p className="content-card__meta">
        <time dateTime={campaign.starts_at}>{formatCampaignDates(campaign.starts_at, campaign.ends_at, i18n.language)}</time>
      </p>
      <Place campaign={campaign} />
      <SpanishContent as="p" className="lead">
        {campaign.summary}
      </SpanishContent>
      {campaign.body.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index} lang="es">
          {paragraph}
        </p>
      ))}
      <Materials codes={campaign.materials} />
      {campaign.organiser ? <p>{t('campaigns.organiser', { name: campaign.organiser.name })}</p> : null}
      <p className="content-card__meta">{t('campaigns.participants', { count: campaign.participants_count })}</p>
      {campaign.reward_bonus_points > 0 ? (
        <p data-testid="campaign-bonus">
          {t(campaign.attended ? 'campaigns.bonusEarned' : 'campaigns.bonus', {
            count: campaign.reward_bonus_points,
            points: formatNumber(campaign.reward_bonus_points, i18n.language),
          })}
        </p>
      ) : null}
      <div className="action-row">
        <JoinButton campaign={campaign} loggedIn={isLoggedIn(user)} />
        <IonButton fill="outline" href={campaignCalendarUrl(campaign.id)} download={`campana-${campaign.id}.ics`}>
          <Icon slot="start" icon={calendarOutline} />
          {t('campaigns.addToCalendar')}
        </IonButton>
        <ShareButton campaign={campaign} />
      </div>
    </article>
  );
}

function Place({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const place = [campaign.place_name, campaign.address, campaign.city].filter(Boolean).join(' · ');
  if (!place && campaign.point_id === null) return null;
  return (
    <p>
      {place}
      {campaign.point_id !== null ? (
        <>
          {' '}
          <AppLink to={`/map/${campaign.point_id}`}>{t('campaigns.seePoint')}</AppLink>
        </>
      ) : campaign.lat !== null && campaign.lng !== null ? (
        <>
          {' '}
          <a
            href={`https://www.openstreetmap.org/?mlat=${campaign.lat}&mlon=${campaign.lng}#map=17/${campaign.lat}/${campaign.lng}`}
            target="_blank"
            rel="noreferrer"
          >
            {t('campaigns.seeOnMap')}
          </a>
        </>
      ) : null}
    </p>
  );
}

function Materials({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const nameOf = useMaterialNames();
  if (!codes.length) return null;
  return (
    <div>
      <h3>{t('campaigns.materials')}</h3>
      <ul className="chip-list" aria-label={t('campaigns.materials')}>
        {codes.map((code) => (
          <li key={code}>
            <ChipLink to={`/home?materials=${encodeURIComponent(code)}`}>{nameOf(code)}</ChipLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function JoinButton({ campaign, loggedIn }: { campaign: Campaign; loggedIn: boolean }) {
  const { t } = useTranslation();
  const [present] = useIonToast();
  const mutation = useJoinCampaign(campaign.id);
  if (campaign.status === 'past') return null;
  if (!loggedIn) {
    return (
      <IonButton routerLink={LOGIN_PATH} fill="solid">
        {t('campaigns.loginToJoin')}
      </IonButton>
    );
  }
  const toggle = (join: boolean) =>
    mutation.mutate(join, {
      onSuccess: () =>
        void present({ message: t(join ? 'campaigns.joinedToast' : 'campaigns.leftToast'), duration: TOAST_DURATION_MS, color: 'success' }),
      onError: (error) => void present({ message: apiErrorMessage(t, error), duration: TOAST_LONG_DURATION_MS, color: 'danger' }),
    });
  if (campaign.joined) {
    return (
      <>
        <IonBadge color="success" className="joined-badge">
          <Icon icon={checkmarkCircle} /> {t('campaigns.joined')}
        </IonBadge>
        <IonButton fill="clear" color="medium" onClick={() => toggle(false)} disabled={mutation.isPending}>
          {t('campaigns.leave')}
        </IonButton>
      </>
    );
  }
  return (
    <IonButton onClick={() => toggle(true)} disabled={mutation.isPending}>
      {t('campaigns.join')}
    </IonButton>
  );
}

function ShareButton({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const [present] = useIonToast();
  const share = async () => {
    const url = `${window.location.origin}/campaign?id=${campaign.id}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: campaign.title, text: campaign.summary, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      await present({ message: t('campaigns.linkCopied'), duration: TOAST_DURATION_MS });
    } catch {
      await present({ message: t('campaigns.copyFailed', { url }), duration: TOAST_LONG_DURATION_MS });
    }
  };
  return (
    <IonButton fill="outline" onClick={() => void share()}>
      <Icon slot="start" icon={shareSocialOutline} />
      {t('campaigns.share')}
    </IonButton>
  );
}

/** The way into Recompensas from Mi Perfil and from the allies page (the side menu keeps the spec's entries). */
import { giftOutline } from 'ionicons/icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { Icon } from '../../../components/icon';

export function RewardsLink({ variant }: { variant: 'profile' | 'allies' }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="pv-section" aria-labelledby={id}>
      <h2 id={id}>
        <Icon icon={giftOutline} /> {t('rewards.title')}
      </h2>
      <p>{t(variant === 'profile' ? 'rewards.link.profile' : 'rewards.link.allies')}</p>
      <p>
        <AppLink to="/recompensas" className="pv-button pv-button-secondary">
          {t('rewards.link.open')}
        </AppLink>
      </p>
    </section>
  );
}

/** "Continuar con Google" / "Continuar con Apple": one button per enabled provider (none → nothing). */
import type { SocialAccountKind, SocialProvider } from '@puntoverde/contract';
import { keyOutline, logoApple, logoGoogle } from 'ionicons/icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { useSocialProviders } from '../api/social-providers';
import { beginSocialSignIn } from '../social-session';
import './social-auth.css';

const ICONS: Record<string, string> = { google: logoGoogle, apple: logoApple };

export function SocialSignInButtons({ kind }: { kind?: SocialAccountKind }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data: providers } = useSocialProviders();
  const [leavingFor, setLeavingFor] = useState<string | null>(null);
  // No provider configured (or the list failed): the e-mail form is the way in.
  if (!providers?.length) return null;

  const start = (provider: SocialProvider) => {
    setLeavingFor(provider.id);
    // In the app the system browser opens over it and this screen stays: the buttons come back.
    void beginSocialSignIn(provider, kind).then(
      (how) => how === 'opened' && setLeavingFor(null),
      () => setLeavingFor(null),
    );
  };

  return (
    <section className="pv-social" aria-labelledby={headingId}>
      <p id={headingId} className="pv-social-divider">
        {t('socialAuth.buttons.heading')}
      </p>
      <ul className="pv-social-list">
        {providers.map((provider) => (
          <li key={provider.id}>
            <button
              type="button"
              className="pv-social-button"
              disabled={leavingFor !== null}
              aria-busy={leavingFor === provider.id ? true : undefined}
              onClick={() => start(provider)}
            >
              <Icon icon={ICONS[provider.id] ?? keyOutline} />
              <span>
                {leavingFor === provider.id
                  ? t('socialAuth.buttons.leaving', { provider: provider.label })
                  : t('socialAuth.buttons.continueWith', { provider: provider.label })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

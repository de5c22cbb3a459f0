/**
 * complete-client / complete-company: finish the account of a first social sign-in. The user
 * chooses the kind (the two screens link to each other, keeping the ticket) and fills its
 * required fields; the e-mail is the one the provider verified.
 */
import { SOCIAL_WEB_ROUTES } from '@puntoverde/contract';
import type { SessionUser, SocialAccountKind } from '@puntoverde/contract';
import { IonSkeletonText } from '@ionic/react';
import { businessOutline, homeOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { Icon } from '../../../components/icon';
import { useSocialTicket } from '../api/social-ticket';
import { socialErrorMessage } from '../social-messages';
import { currentCompletionTicket, forgetCompletionTicket, forgetSocialFragment } from '../social-session';
import { CompleteClientForm } from './complete-client-form';
import { CompleteCompanyForm } from './complete-company-form';
import type { CompletionFieldKit } from './completion-controls';
import './social-auth.css';

export interface CompleteProfileScreenProps {
  kind: SocialAccountKind;
  kit: CompletionFieldKit;
  onCompleted: (user: SessionUser) => void;
}

function KindChoice({ kind }: { kind: SocialAccountKind }) {
  const { t } = useTranslation();
  const choices = [
    { kind: 'client' as const, to: SOCIAL_WEB_ROUTES.completeClient, icon: homeOutline, label: t('socialAuth.complete.asHousehold') },
    { kind: 'company' as const, to: SOCIAL_WEB_ROUTES.completeCompany, icon: businessOutline, label: t('socialAuth.complete.asCompany') },
  ];
  return (
    <nav aria-label={t('socialAuth.complete.kindLabel')}>
      <ul className="pv-social-choice">
        {choices.map((choice) => (
          <li key={choice.kind}>
            <AppLink to={choice.to} aria-current={choice.kind === kind ? 'page' : undefined}>
              <Icon icon={choice.icon} />
              <span>{choice.label}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function StartAgain({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div className="pv-social-alert" role="alert">
      <p>{message}</p>
      <p>
        <AppLink to={SOCIAL_WEB_ROUTES.login}>{t('socialAuth.complete.backToLogin')}</AppLink>
      </p>
    </div>
  );
}

export function CompleteProfileScreen({ kind, kit, onCompleted }: CompleteProfileScreenProps) {
  const { t } = useTranslation();
  const [ticket] = useState(currentCompletionTicket);
  const info = useSocialTicket(ticket);
  useEffect(() => forgetSocialFragment(), []);

  if (!ticket) return <StartAgain message={t('socialAuth.complete.noTicket')} />;
  if (info.isPending) {
    return (
      <div className="pv-social-skeleton" role="status" aria-busy="true">
        <span className="visually-hidden">{t('socialAuth.complete.loading')}</span>
        <IonSkeletonText animated style={{ width: '80%', height: '1.2rem' }} />
        <IonSkeletonText animated style={{ width: '100%', height: '3rem' }} />
        <IonSkeletonText animated style={{ width: '100%', height: '3rem' }} />
      </div>
    );
  }
  if (info.isError) return <StartAgain message={socialErrorMessage(t, info.error)} />;

  const done = (user: SessionUser) => {
    forgetCompletionTicket();
    onCompleted(user);
  };
  return (
    <>
      <p className="lead">{t('socialAuth.complete.lead', { provider: info.data.provider_label, email: info.data.email })}</p>
      <KindChoice kind={kind} />
      {kind === 'company' ? (
        <CompleteCompanyForm ticket={ticket} info={info.data} kit={kit} onCompleted={done} />
      ) : (
        <CompleteClientForm ticket={ticket} info={info.data} kit={kit} onCompleted={done} />
      )}
    </>
  );
}

/** The Conócenos page: staff-written text and the scheme's contact channels. */
import { formatColombianPhone, phoneHref } from '@puntoverde/contract';
import { IonSkeletonText } from '@ionic/react';
import { callOutline, globeOutline, locationOutline, logoFacebook, logoInstagram, logoWhatsapp, mailOutline, timeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useAbout } from '../api/get-about';
import { apiErrorMessage } from '../../../lib/api-errors';
import { Icon } from '../../../components/icon';
import { SpanishContent } from '../../../components/spanish-content';

export function AboutView() {
  const { t } = useTranslation();
  const query = useAbout();
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={t('content.loading')}>
        <IonSkeletonText animated style={{ width: '80%' }} />
        <IonSkeletonText animated style={{ height: '6rem' }} />
      </div>
    );
  }
  if (query.isError) return <p role="alert">{apiErrorMessage(t, query.error)}</p>;
  const about = query.data;
  const whatsapp = about.whatsapp?.replace(/\D/g, '');
  const channels = [
    about.email ? { icon: mailOutline, label: t('content.email'), value: about.email, href: `mailto:${about.email}` } : null,
    about.phone ? { icon: callOutline, label: t('content.phone'), value: formatColombianPhone(about.phone), href: phoneHref(about.phone) } : null,
    whatsapp
      ? { icon: logoWhatsapp, label: 'WhatsApp', value: about.whatsapp ?? '', href: `https://wa.me/${whatsapp.length === 10 ? `57${whatsapp}` : whatsapp}` }
      : null,
    about.address ? { icon: locationOutline, label: t('content.address'), value: about.address, href: null } : null,
    about.hours ? { icon: timeOutline, label: t('content.hours'), value: about.hours, href: null } : null,
    about.website ? { icon: globeOutline, label: t('content.website'), value: about.website, href: about.website } : null,
    about.facebook ? { icon: logoFacebook, label: 'Facebook', value: about.facebook, href: about.facebook } : null,
    about.instagram ? { icon: logoInstagram, label: 'Instagram', value: about.instagram, href: about.instagram } : null,
  ].filter((c) => c !== null);
  return (
    <>
      <SpanishContent as="h2" mark>
        {about.title}
      </SpanishContent>
      <SpanishContent as="p" className="lead">
        {about.intro}
      </SpanishContent>
      {about.body.split(/\n{2,}/).filter(Boolean).map((p, i) => (
        <p key={i} lang="es">
          {p}
        </p>
      ))}
      <h2>{t('content.channels')}</h2>
      {channels.length === 0 ? (
        <p>{t('content.noChannels')}</p>
      ) : (
        <ul className="contact-list contact-list--large">
          {channels.map((c) => (
            <li key={c.label}>
              <Icon icon={c.icon} /> <span className="contact-list__label">{c.label}:</span>{' '}
              {c.href ? (
                <a href={c.href} {...(c.href.startsWith('http') ? { target: '_blank', rel: 'noreferrer' } : {})}>
                  {c.value}
                </a>
              ) : (
                <span lang="es">{c.value}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One ally or adhered member: logo, kind, category, description, benefits and contact. */
import { formatColombianPhone, phoneHref } from '@puntoverde/contract';
import type { Ally } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { formatAddress } from '../../../lib/address';
import { ResponsiveImage } from '../../../components/responsive-image';
import { SpanishContent } from '../../../components/spanish-content';

export function AllyCard({ ally }: { ally: Ally }) {
  const { t } = useTranslation();
  return (
    <article className="pv-card content-card ally-card" aria-labelledby={`ally-${ally.id}-name`}>
      <div className="ally-card__head">
        {ally.logo_url ? (
          <ResponsiveImage
            className="ally-card__logo"
            src={ally.logo_url}
            alt={t('allies.logoOf', { name: ally.name })}
            sizes="64px"
            width={64}
            height={64}
          />
        ) : (
          <span className="ally-card__logo ally-card__logo--empty" aria-hidden="true">
            {ally.name.slice(0, 1)}
          </span>
        )}
        <div>
          <h2 id={`ally-${ally.id}-name`} className="content-card__title" lang="es">
            {ally.name}
          </h2>
          <span className={`pv-badge ${ally.kind === 'aliado' ? 'pv-badge--success' : 'pv-badge--info'}`}>{t(`allies.kind.${ally.kind}`)}</span>{' '}
          <span className="content-card__meta">{t(`allies.category.${ally.category}`)}</span>
        </div>
      </div>
      <SpanishContent as="p" mark>
        {ally.description}
      </SpanishContent>
      {ally.benefits ? (
        <p>
          <strong>{t('allies.benefits')}:</strong> <SpanishContent>{ally.benefits}</SpanishContent>
        </p>
      ) : null}
      <ul className="contact-list">
        {ally.website ? (
          <li>
            <a href={ally.website} target="_blank" rel="noreferrer">
              {t('allies.website')}
            </a>
          </li>
        ) : null}
        {ally.phone ? (
          <li>
            <a href={phoneHref(ally.phone)}>{formatColombianPhone(ally.phone)}</a>
          </li>
        ) : null}
        {ally.email ? (
          <li>
            <a href={`mailto:${ally.email}`}>{ally.email}</a>
          </li>
        ) : null}
        {ally.address ? <li>{formatAddress(ally.address, ally.city)}</li> : null}
      </ul>
    </article>
  );
}

import { useTranslation } from 'react-i18next';

/** "Abierto ahora" / "Cerrado ahora" / "Horario no publicado", with text, not only colour. */
export function OpenNowBadge({ open, detail }: { open: boolean | null; detail?: string | null }) {
  const { t } = useTranslation();
  const cls = open === true ? 'pvp-open' : open === false ? 'pvp-closed' : 'pvp-unknown';
  const label = open === true ? t('points.hours.openNow') : open === false ? t('points.hours.closedNow') : t('points.hours.unknown');
  return (
    <p className={`pvp-open-badge ${cls}`}>
      <span className="pvp-open-dot" aria-hidden="true" />
      <strong>{label}</strong>
      {detail ? <span className="pvp-open-detail"> · {detail}</span> : null}
    </p>
  );
}

/** Status and traffic-light badges: colour plus text, never colour alone. */
import type { PqrLight, PqrStatus } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge as Badge, type BadgeTone } from '../../../components/status-badge';

/** `staff` words the statuses for the back office ("pendiente de información del peticionario"). */
export type StatusAudience = 'requester' | 'staff';

/** The i18n key of a status's name for this audience. */
export function statusLabelKey(status: PqrStatus, audience: StatusAudience): string {
  return audience === 'staff' ? `pqr.statusStaff.${status}` : `pqr.status.${status}`;
}

const TONES: Record<PqrStatus, BadgeTone> = {
  radicada: 'info',
  en_tramite: 'info',
  pendiente_informacion: 'warning',
  respondida: 'success',
  trasladada: 'neutral',
  cerrada: 'neutral',
};

export function StatusBadge({ status, audience = 'requester' }: { status: PqrStatus; audience?: StatusAudience }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(statusLabelKey(status, audience))}</Badge>;
}

export function LightBadge({ light, daysLeft }: { light: PqrLight; daysLeft: number | null }) {
  const { t } = useTranslation();
  let detail = '';
  if (daysLeft !== null && (light === 'on_time' || light === 'due_soon'))
    detail = t('pqr.light.daysLeft', { count: daysLeft });
  if (daysLeft !== null && light === 'overdue') detail = t('pqr.light.daysOverdue', { count: Math.abs(daysLeft) });
  return (
    <span className={`pqr-light pqr-light-${light}`}>
      <span className="pqr-nowrap">
        <span className="pqr-light-dot" aria-hidden="true" /> {t(`pqr.light.${light}`)}
      </span>
      {detail ? <span className="pqr-light-detail">{detail}</span> : null}
    </span>
  );
}

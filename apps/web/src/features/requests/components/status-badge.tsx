import type { RequestStatus } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge as Badge, type BadgeTone } from '../../../components/status-badge';

/** Waiting on someone is a warning, on its way is info, done is success, stopped is danger or neutral. */
const TONES: Record<RequestStatus, BadgeTone> = {
  pendiente: 'warning',
  aceptada: 'info',
  programada: 'info',
  recogida: 'success',
  rechazada: 'danger',
  cancelada: 'neutral',
};

/** The status as a badge of the design system; the word carries the meaning, not the colour. */
export function StatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`requests.status.${status}`)}</Badge>;
}

/** Whether the requester confirmed the phone with an SMS code, for the point's managers. */
export function PhoneStatus({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={verified ? 'success' : 'neutral'} outline={!verified}>
      {verified ? <span aria-hidden="true">✓ </span> : null}
      {t(verified ? 'phone.requester.verified' : 'phone.requester.notVerified')}
    </Badge>
  );
}

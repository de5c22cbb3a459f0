import type { RequestStatus } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';

/** The status as a coloured, bordered pill; the word carries the meaning, not the colour. */
export function StatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return <span className={`rq-badge rq-badge--${status}`}>{t(`requests.status.${status}`)}</span>;
}

/** Whether the requester confirmed the phone with an SMS code, for the point's managers. */
export function PhoneStatus({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`rq-badge rq-badge--phone-${verified ? 'verified' : 'unverified'}`}>
      {verified ? <span aria-hidden="true">✓ </span> : null}
      {t(verified ? 'phone.requester.verified' : 'phone.requester.notVerified')}
    </span>
  );
}

import type { RequestStatus } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';

/** The status as a coloured, bordered pill; the word carries the meaning, not the colour. */
export function StatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return <span className={`rq-badge rq-badge--${status}`}>{t(`requests.status.${status}`)}</span>;
}

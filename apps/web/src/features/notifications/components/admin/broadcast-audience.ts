/** The audiences a broadcast can have, and how the back office names one. */
import type { BroadcastAudience } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';

export const USER_KINDS = [
  { tc_id: 1, key: 'userKind.manager' },
  { tc_id: 2, key: 'userKind.household' },
  { tc_id: 3, key: 'userKind.company' },
] as const;

/** "Todas las cuentas", "Cuentas de hogar", "Ciudad: Medellín". */
export function useAudienceLabel() {
  const { t } = useTranslation();
  return (audience: BroadcastAudience): string => {
    if (audience.type === 'tc_id') {
      const kind = USER_KINDS.find((k) => k.tc_id === audience.tc_id);
      return t('notifications.admin.audienceKind', { kind: kind ? t(kind.key) : audience.tc_id });
    }
    if (audience.type === 'city') return t('notifications.admin.audienceCity', { city: audience.city });
    return t('notifications.admin.audienceAll');
  };
}

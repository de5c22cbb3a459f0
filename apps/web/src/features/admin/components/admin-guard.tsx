/** Shows its children to admins only; others get an explanation (the server refuses them anyway). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { isStaff, type CurrentUser } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';

export function isAdminUser(user: CurrentUser): boolean {
  return isStaff(user);
}

export function AdminGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSession();
  if (!isAdminUser(user)) {
    return (
      <div className="empty-state" role="alert">
        <p>{t('admin.forbidden')}</p>
        <AppLink to="/index">{t('admin.goHome')}</AppLink>
      </div>
    );
  }
  return <>{children}</>;
}

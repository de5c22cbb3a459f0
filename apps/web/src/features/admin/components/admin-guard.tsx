/**
 * Shows its children to admins only. Visitors get `signedOut` (the app passes the login, which
 * brings them back); signed-in users without permission get an explanation (the server refuses
 * them anyway).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { isLoggedIn, isStaff, type CurrentUser } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';

export function isAdminUser(user: CurrentUser): boolean {
  return isStaff(user);
}

export function AdminGuard({ children, signedOut }: { children: ReactNode; signedOut?: ReactNode }) {
  const { t } = useTranslation();
  const user = useSession();
  if (signedOut !== undefined && !isLoggedIn(user)) return <>{signedOut}</>;
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

/** The back office's door: admins go in, visitors get the login that brings them back here. */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AdminGuard } from '../features/admin/components/admin-guard';
import { LoginRequiredNotice } from '../features/identity/components/login-required-notice';

export function AdminAccess({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return <AdminGuard signedOut={<LoginRequiredNotice next={`${pathname}${search}`} />}>{children}</AdminGuard>;
}

/**
 * The dialog an account whose password was generated for it (admin:create) meets on every page
 * until it sets its own: the API answers 403 `password-change-required` to everything else
 * meanwhile. Modal (the page behind is inert), with no way around it but logging out.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { logout, updateCurrentUser } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { ChangePasswordForm } from './change-password-form';
import './password-change-dialog.css';

export default function PasswordChangeDialog() {
  const { t } = useTranslation();
  const user = useSession();
  const queryClient = useQueryClient();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const leadId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return undefined;
    // Browsers without the dialog API (and jsdom) get it open, not modal.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => (typeof dialog.close === 'function' ? dialog.close() : dialog.removeAttribute('open'));
  }, []);
  const personal = [user.email, user.name].filter((v): v is string => typeof v === 'string');
  return (
    <dialog
      ref={ref}
      className="pv-password-change-dialog"
      aria-labelledby={titleId}
      aria-describedby={leadId}
      // Escape would leave the account on pages that all answer 403.
      onCancel={(event) => event.preventDefault()}
    >
      <header>
        <h2 id={titleId}>
          {t('identity.passwordChangeRequired.title')}
        </h2>
      </header>
      <div>
        <p id={leadId}>{t('identity.passwordChangeRequired.lead')}</p>
        <ChangePasswordForm
          personal={personal}
          onChanged={() => {
            updateCurrentUser({ must_change_password: false });
            // What failed with 403 meanwhile is read again.
            void queryClient.invalidateQueries();
          }}
        />
        <div className="pv-actions">
          <button type="button" className="pv-button pv-button-secondary" onClick={() => void logout()}>
            {t('identity.passwordChangeRequired.logout')}
          </button>
        </div>
      </div>
    </dialog>
  );
}

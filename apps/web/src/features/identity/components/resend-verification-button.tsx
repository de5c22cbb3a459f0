/**
 * Re-sends the e-mail verification link to the logged-in user and says where it went.
 * Plain state rather than a query mutation: the banner that uses it is on every page.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateCurrentUser } from '../../../lib/session';
import { resendVerification } from '../api/resend-verification';
import type { ResendVerificationResult } from '../api/resend-verification';
import { apiErrorMessage } from '../../../lib/api-errors';

type State = { status: 'idle' | 'sending' } | { status: 'sent'; result: ResendVerificationResult } | { status: 'failed'; error: unknown };

export function ResendVerificationButton({ className = 'pv-button pv-button-secondary pv-button-small' }: { className?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'idle' });
  const send = async () => {
    setState({ status: 'sending' });
    try {
      const result = await resendVerification();
      setState({ status: 'sent', result });
      // Confirmed meanwhile (perhaps on another device): the banner can go.
      if (!result.sent) updateCurrentUser({ email_verified: true });
    } catch (error) {
      setState({ status: 'failed', error });
    }
  };
  return (
    <>
      <button type="button" className={className} disabled={state.status === 'sending'} onClick={() => void send()}>
        {state.status === 'sending' ? t('identity.verify.resending') : t('identity.verify.resend')}
      </button>
      <span role="status" aria-live="polite" className="pv-resend-status">
        {state.status === 'sent'
          ? state.result.sent
            ? t('identity.verify.resent', { email: state.result.email })
            : t('identity.verify.alreadyVerified')
          : state.status === 'failed'
            ? apiErrorMessage(t, state.error)
            : ''}
      </span>
    </>
  );
}

/**
 * "Verifica tu celular": sends a 6-digit code by SMS to the profile's mobile (or another one the
 * person types), then checks the code. A new code can be asked for after the countdown (60 s);
 * once verified, a badge says so. The code is typed by the person: never shown or kept here.
 */
import { COLOMBIAN_PHONE_REGEX, formatColombianMobile } from '@puntoverde/contract';
import type { ConfirmPhoneCodeRequest } from '@puntoverde/contract';
import type { Me, SendPhoneCodeResult } from '@puntoverde/contract';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';
import { useConfirmPhoneCode, useSendPhoneCode } from '../api/phone-verification';
import { formatDate } from '../forms/format';
import { endPhoneVerificationOffer } from '../phone-offer';
import './identity.css';
import { apiErrorMessage, applyApiError, isApiErrorLike } from '../../../lib/api-errors';
import { SubmitButton } from '../../../components/submit-button';

// Validation (zod and the schemas) loads when a field first takes focus, not with the page.
const numberResolver = lazyResolver(() => import('./identity-form-schemas').then((m) => m.phoneNumberResolver));
const codeResolver = lazyResolver(() => import('./identity-form-schemas').then((m) => m.phoneCodeResolver));
type NumberForm = { phone: string };
type CodeForm = ConfirmPhoneCodeRequest;

const PHONE_ERRORS = [
  'phone-not-mobile',
  'phone-code-invalid',
  'phone-verified-elsewhere',
  'sms-number-rejected',
  'sms-unavailable',
  'too-many-requests',
];

/** The phone feature's own wording for its errors; anything else as the identity screens say it. */
function phoneErrorMessage(t: TFunction, error: unknown): string {
  const code = isApiErrorLike(error) ? error.code : '';
  return PHONE_ERRORS.includes(code) ? t(`phone.errors.${code}`) : apiErrorMessage(t, error);
}

function isMobile(phone: string | null): phone is string {
  return phone !== null && COLOMBIAN_PHONE_REGEX.test(phone) && phone.startsWith('3');
}

/** A countdown in whole seconds: `start(n)` begins it; it ticks every second down to 0. */
function useCountdown(): [number, (seconds: number) => void] {
  const [clock, setClock] = useState({ until: 0, now: 0 });
  useEffect(() => {
    if (clock.until <= clock.now) return;
    const timer = window.setTimeout(() => setClock((c) => ({ ...c, now: Date.now() })), 1000);
    return () => window.clearTimeout(timer);
  }, [clock]);
  const start = (seconds: number) => {
    const now = Date.now();
    setClock({ until: now + seconds * 1000, now });
  };
  return [Math.max(0, Math.ceil((clock.until - clock.now) / 1000)), start];
}

export function PhoneVerifiedBadge() {
  const { t } = useTranslation();
  return (
    <span className="pv-badge pv-badge--success">
      <span aria-hidden="true">✓ </span>
      {t('phone.verified')}
    </span>
  );
}

/**
 * Verified: the number and its badge. Otherwise the steps (the number, then the code), whose two
 * forms are only set up for a person who still has to verify: on the profile of one who has,
 * react-hook-form's set-up was about a third of one of the page's longest tasks on a phone.
 */
export function PhoneVerification({ me, onVerified }: { me: Me; onVerified?: () => void }) {
  const { t, i18n } = useTranslation();
  // Here, not in the steps: they are gone once the account says the phone is verified.
  const [justVerified, setJustVerified] = useState(false);

  if (me.phone_verified && me.phone) {
    return (
      <div className="pv-phone-verified">
        <p>
          <strong>{formatColombianMobile(me.phone)}</strong> <PhoneVerifiedBadge />
        </p>
        <p role="status" className="pv-hint">
          {justVerified
            ? t('phone.success')
            : me.phone_verified_at
              ? t('phone.verifiedOn', { date: formatDate(me.phone_verified_at, i18n.language) })
              : ''}
        </p>
      </div>
    );
  }
  return (
    <PhoneVerificationSteps
      me={me}
      onVerified={() => {
        setJustVerified(true);
        onVerified?.();
      }}
    />
  );
}

function PhoneVerificationSteps({ me, onVerified }: { me: Me; onVerified: () => void }) {
  const { t } = useTranslation();
  const send = useSendPhoneCode();
  const confirm = useConfirmPhoneCode();
  const [sent, setSent] = useState<SendPhoneCodeResult | null>(null);
  const [editingNumber, setEditingNumber] = useState(!isMobile(me.phone));
  const [sendError, setSendError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [secondsLeft, startCountdown] = useCountdown();

  const numberForm = useForm<NumberForm>({
    resolver: numberResolver,
    defaultValues: { phone: isMobile(me.phone) ? me.phone : '' },
  });
  const codeForm = useForm<CodeForm>({ resolver: codeResolver, defaultValues: { code: '' } });

  const requestCode = async (phone: string | undefined) => {
    setSendError(null);
    try {
      const result = await send.mutateAsync(phone && phone !== me.phone ? { phone } : {});
      if (!result.sent) {
        setSendError(t('phone.alreadyVerified'));
        return;
      }
      setSent(result);
      setEditingNumber(false);
      startCountdown(result.resend_after_s);
      codeForm.reset({ code: '' });
    } catch (error) {
      if (applyApiError(t, error, numberForm.setError, ['phone']).placed) {
        setEditingNumber(true);
        return;
      }
      setSendError(phoneErrorMessage(t, error));
    }
  };

  const onSendNumber = numberForm.handleSubmit(async (values) => requestCode(values.phone));

  const onConfirm = codeForm.handleSubmit(async (values) => {
    setCodeError(null);
    try {
      await confirm.mutateAsync(values.code);
      endPhoneVerificationOffer();
      onVerified();
    } catch (error) {
      if (isApiErrorLike(error) && error.code === 'phone-code-invalid') {
        codeForm.setError(
          'code',
          { type: 'server', message: t('phone.errors.phone-code-invalid') },
          { shouldFocus: true },
        );
        return;
      }
      if (isApiErrorLike(error) && error.code === 'phone-verified-elsewhere') {
        // The number is another account's: back to the number, with the reason above it.
        setSent(null);
        numberForm.reset({ phone: '' });
        setEditingNumber(true);
        setSendError(phoneErrorMessage(t, error));
        return;
      }
      setCodeError(phoneErrorMessage(t, error));
    }
  });

  const target = sent?.phone ?? (isMobile(me.phone) ? me.phone : null);

  return (
    <div className="pv-phone-verification">
      <p>{t('phone.lead')}</p>
      {!sent && !editingNumber && target ? (
        <>
          <p>
            <strong>{formatColombianMobile(target)}</strong> <span className="pv-hint">({t('phone.notVerified')})</span>
          </p>
          <FormAlert message={sendError} />
          <div className="pv-actions">
            <button
              type="button"
              className="pv-button"
              disabled={send.isPending}
              onClick={() => void requestCode(undefined)}
            >
              {send.isPending ? t('phone.sending') : t('phone.send')}
            </button>
            <button type="button" className="pv-button pv-button-secondary" onClick={() => setEditingNumber(true)}>
              {t('phone.useOtherNumber')}
            </button>
          </div>
        </>
      ) : null}

      {!sent && editingNumber ? (
        <form noValidate onFocus={numberResolver.preload} onSubmit={(e) => void onSendNumber(e)} className="pv-form">
          {!isMobile(me.phone) ? <p>{t('phone.noMobile')}</p> : null}
          <TextField
            label={t('phone.numberLabel')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            hint={t('phone.numberHint')}
            registration={numberForm.register('phone')}
            error={numberForm.formState.errors.phone?.message}
          />
          <FormAlert message={sendError} />
          <div className="pv-actions">
            <SubmitButton className="pv-button" busy={send.isPending}>
              {send.isPending ? t('phone.sending') : t('phone.send')}
            </SubmitButton>
          </div>
        </form>
      ) : null}

      {sent ? (
        <form noValidate onFocus={codeResolver.preload} onSubmit={(e) => void onConfirm(e)} className="pv-form">
          <p role="status">{t('phone.sentTo', { phone: formatColombianMobile(sent.phone) })}</p>
          <TextField
            label={t('phone.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            hint={t('phone.codeHint')}
            registration={codeForm.register('code')}
            error={codeForm.formState.errors.code?.message}
          />
          <FormAlert message={codeError ?? sendError} />
          <div className="pv-actions">
            <SubmitButton className="pv-button" busy={confirm.isPending}>
              {confirm.isPending ? t('phone.confirming') : t('phone.confirm')}
            </SubmitButton>
            <button
              type="button"
              className="pv-button pv-button-secondary"
              disabled={secondsLeft > 0 || send.isPending}
              onClick={() => void requestCode(sent.phone)}
            >
              {t('phone.resend')}
            </button>
          </div>
          <p className="pv-hint" aria-live="polite">
            {secondsLeft > 0 ? t('phone.resendIn', { seconds: secondsLeft }) : ''}
          </p>
        </form>
      ) : null}
    </div>
  );
}

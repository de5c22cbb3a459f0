/**
 * A redemption's single-use code, large and grouped (XXXX-XXXX), its QR when the answer carried
 * it, and the time left of its 30 minutes. At zero the code is dead: the server gives the points
 * and the unit back, and the screen's figures are fetched again.
 */
import { formatRedemptionCode } from '@puntoverde/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { REWARDS_KEY } from '../api/rewards';
import { formatCountdown, useSecondsLeft } from './redemption-countdown';

export function RedemptionCode({
  code,
  expiresAt,
  offerTitle,
  allyName,
  qrSvg,
}: {
  code: string;
  expiresAt: string;
  offerTitle: string;
  allyName: string;
  qrSvg?: string;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const left = useSecondsLeft(expiresAt);
  const shown = formatRedemptionCode(code);
  useEffect(() => {
    if (left === 0) void qc.invalidateQueries({ queryKey: REWARDS_KEY });
  }, [left, qc]);
  return (
    <div className="rw-code pv-callout">
      <p>{t('rewards.code.lead', { offer: offerTitle, ally: allyName })}</p>
      <p className="rw-code-value" data-testid="redemption-code">
        {shown}
      </p>
      {qrSvg ? (
        <img
          className="rw-code-qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
          alt={t('rewards.code.qrAlt', { code: shown })}
          width={200}
          height={200}
        />
      ) : null}
      {left > 0 ? (
        <p role="timer" className="rw-code-timer">
          {t('rewards.code.expiresIn', { time: formatCountdown(left) })}
        </p>
      ) : (
        <p role="status" className="rw-code-timer">
          {t('rewards.code.expired')}
        </p>
      )}
      <p className="pv-field-hint">{t('rewards.code.howTo')}</p>
    </div>
  );
}

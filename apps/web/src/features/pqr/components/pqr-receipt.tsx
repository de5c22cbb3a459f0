/** Shown right after filing: the radicado, the due date and what happens next. */
import type { PqrPublic } from '@puntoverde/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../format';

export function PqrReceipt({ pqr, onTrack, onNew }: { pqr: PqrPublic; onTrack: () => void; onNew: () => void }) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="pqr-receipt" aria-labelledby="pqr-receipt-title">
      <h3 id="pqr-receipt-title" ref={heading} tabIndex={-1}>
        {t('pqr.receipt.title')}
      </h3>
      <p>{t('pqr.receipt.numberLabel')}</p>
      <p className="pqr-receipt-number" data-testid="pqr-radicado">
        {pqr.radicado}
      </p>
      <p>
        {pqr.due_date
          ? t('pqr.receipt.due', { date: formatDate(pqr.due_date, i18n.language), days: pqr.term_days })
          : null}
      </p>
      <p className="pqr-hint">{t('pqr.receipt.email', { email: pqr.email })}</p>
      <div className="pqr-actions">
        <button
          type="button"
          className="pv-button pv-button-secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(pqr.radicado).then(() => setCopied(true));
          }}
        >
          {copied ? t('pqr.receipt.copied') : t('pqr.receipt.copy')}
        </button>
        <button type="button" className="pv-button" onClick={onTrack}>
          {t('pqr.receipt.track')}
        </button>
        <button type="button" className="pv-button pv-button-secondary" onClick={onNew}>
          {t('pqr.receipt.new')}
        </button>
      </div>
    </section>
  );
}

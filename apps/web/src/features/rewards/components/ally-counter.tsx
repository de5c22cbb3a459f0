/**
 * The ally's counter (staff of an ally): type or scan a customer's code and confirm it, see the
 * ally's redemptions (who, what, when, who confirmed), and the ally's offers, proposing new ones
 * that PuntoVerde's staff approve before people see them.
 */
import { formatRedemptionCode, normalizeRedemptionCode, type AllyRedemption } from '@puntoverde/contract';
import { scanOutline } from 'ionicons/icons';
import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FormAlert } from '../../../components/field-shell';
import { Icon } from '../../../components/icon';
import { StatusBadge } from '../../../components/status-badge';
import { apiErrorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/date-format';
import { formatNumber } from '../../../lib/number-format';
import { useAllyAccount, useAllyRedemptions, useConfirmRedemption } from '../api/ally';
import { canScanCodes } from './code-scanner';
import { REDEMPTION_TONE } from './rewards-labels';
import '../../../components/actions.css';
import '../../../components/facts.css';
import '../rewards.css';
import { SubmitButton } from '../../../components/submit-button';

const CodeScanner = lazy(() => import('./code-scanner').then((m) => ({ default: m.CodeScanner })));
// The offers and their form load below the counter, after the code box is usable.
const AllyOffers = lazy(() => import('./ally-offers').then((m) => ({ default: m.AllyOffers })));

export function AllyCounter() {
  const { t } = useTranslation();
  const account = useAllyAccount();
  if (account.isPending) return <p role="status">{t('app.loading')}</p>;
  if (account.isError) return <p role="alert">{apiErrorMessage(t, account.error)}</p>;
  if (!account.data)
    return <EmptyState title={t('rewards.ally.notStaff')}>{t('rewards.ally.notStaffHint')}</EmptyState>;
  return (
    <div className="rw">
      <p className="lead">{t('rewards.ally.lead', { ally: account.data.ally_name })}</p>
      <ConfirmCode />
      <AllyRedemptions />
      <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
        <AllyOffers />
      </Suspense>
    </div>
  );
}

function ConfirmCode() {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmRedemption();
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [done, setDone] = useState<AllyRedemption | null>(null);
  const send = useCallback(
    (raw: string) => {
      const normalized = normalizeRedemptionCode(raw);
      setDone(null);
      confirm.mutate(normalized, {
        onSuccess: (r) => {
          setDone(r);
          setCode('');
        },
      });
    },
    [confirm],
  );
  const onScanned = useCallback(
    (value: string) => {
      setScanning(false);
      setCode(formatRedemptionCode(normalizeRedemptionCode(value)));
      send(value);
    },
    [send],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(code);
  };
  return (
    <section className="rw-section" aria-labelledby="rw-confirm-title">
      <h2 id="rw-confirm-title">{t('rewards.ally.confirmTitle')}</h2>
      <form className="rw-confirm" onSubmit={submit} noValidate>
        <div className="pv-field">
          <label className="pv-field-label" htmlFor="rw-code-input">
            {t('rewards.ally.codeLabel')}
          </label>
          <input
            id="rw-code-input"
            className="pv-field-input rw-code-input"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            aria-describedby="rw-code-hint"
            onChange={(e) => setCode(e.target.value)}
          />
          <p id="rw-code-hint" className="pv-field-hint">
            {t('rewards.ally.codeHint')}
          </p>
        </div>
        <div className="pv-action-bar">
          <SubmitButton className="pv-button" busy={confirm.isPending || normalizeRedemptionCode(code).length < 8}>
            {t('rewards.ally.confirm')}
          </SubmitButton>
          {canScanCodes() ? (
            <button type="button" className="pv-button pv-button-secondary" onClick={() => setScanning(true)}>
              <Icon icon={scanOutline} /> {t('rewards.ally.scan')}
            </button>
          ) : null}
        </div>
      </form>
      {scanning ? (
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <CodeScanner onCode={onScanned} onClose={() => setScanning(false)} />
        </Suspense>
      ) : null}
      <FormAlert message={confirm.error ? apiErrorMessage(t, confirm.error) : null} />
      <div role="status">
        {done ? (
          <div className="pv-callout rw-confirmed">
            <p>
              <strong>{t('rewards.ally.confirmed', { code: formatRedemptionCode(done.code) })}</strong>
            </p>
            <p>
              {t('rewards.ally.confirmedWhat', {
                offer: done.offer_title,
                person: done.person,
                when: formatDateTime(done.confirmed_at ?? done.created_at, i18n.language),
              })}
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function AllyRedemptions() {
  const { t, i18n } = useTranslation();
  const list = useAllyRedemptions(true);
  const lang = i18n.language;
  return (
    <section className="rw-section" aria-labelledby="rw-ally-list-title">
      <h2 id="rw-ally-list-title">{t('rewards.ally.listTitle')}</h2>
      {list.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : list.isError ? (
        <p role="alert">{apiErrorMessage(t, list.error)}</p>
      ) : list.data.length === 0 ? (
        <EmptyState title={t('rewards.ally.listNone')} />
      ) : (
        <ul className="rw-list" aria-label={t('rewards.ally.listTitle')}>
          {list.data.map((r) => (
            <li key={r.id} className="pv-card">
              <div className="pv-card-head">
                <h3>
                  <code>{formatRedemptionCode(r.code)}</code> · {r.offer_title}
                </h3>
                <StatusBadge tone={REDEMPTION_TONE[r.status]}>{t(`rewards.redemptionStatus.${r.status}`)}</StatusBadge>
              </div>
              <p>
                {r.person} · {t('rewards.pointsValue', { value: formatNumber(r.points, lang), count: r.points })} ·{' '}
                {formatDateTime(r.created_at, lang)}
              </p>
              {r.confirmed_at ? (
                <p className="pv-field-hint">
                  {t('rewards.ally.confirmedBy', {
                    when: formatDateTime(r.confirmed_at, lang),
                    name: r.confirmed_by_name ?? '—',
                  })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

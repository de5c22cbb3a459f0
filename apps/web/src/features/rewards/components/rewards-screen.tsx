/**
 * Recompensas (households and companies): the balance, the offers of the allies with a redeem
 * button, the code just redeemed (with its QR and countdown), my redemptions and the points
 * history, each entry with its signed points and what caused it.
 */
import type { LedgerEntry, Redemption, RedemptionWithQr, RewardBalance, RewardOffer } from '@puntoverde/contract';
import { giftOutline } from 'ionicons/icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { FormAlert } from '../../../components/field-shell';
import { Icon } from '../../../components/icon';
import { ResponsiveImage } from '../../../components/responsive-image';
import { StatusBadge } from '../../../components/status-badge';
import { apiErrorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/date-format';
import { formatNumber } from '../../../lib/number-format';
import { LEDGER_PAGE_SIZE, useLedger, useMyRedemptions, useRedeem, useRewardBalance, useRewardOffers } from '../api/rewards';
import { RedemptionCode } from './redemption-code';
import { formatDay, LEDGER_TONE, REDEMPTION_TONE, signedPoints } from './rewards-labels';
import '../../../components/actions.css';
import '../../../components/facts.css';
import '../rewards.css';

export function RewardsScreen() {
  const { t } = useTranslation();
  const ally = useRewardBalance();
  const [fresh, setFresh] = useState<RedemptionWithQr | null>(null);
  return (
    <div className="rw">
      <BalanceCard />
      {ally.data?.ally ? (
        <p className="pv-callout">
          {t('rewards.allyCounterLead', { ally: ally.data.ally.ally_name })}{' '}
          <AppLink to="/recompensas/aliado">{t('rewards.allyCounterLink')}</AppLink>
        </p>
      ) : null}
      {fresh ? (
        <section className="rw-section" aria-labelledby="rw-fresh-title">
          <h2 id="rw-fresh-title">{t('rewards.code.title')}</h2>
          <RedemptionCode
            key={fresh.code}
            code={fresh.code}
            expiresAt={fresh.expires_at}
            offerTitle={fresh.offer_title}
            allyName={fresh.ally_name}
            qrSvg={fresh.qr_svg}
          />
        </section>
      ) : null}
      <Offers onRedeemed={setFresh} />
      <MyRedemptions hideCode={fresh?.code} />
      <History />
    </div>
  );
}

function BalanceCard() {
  const { t, i18n } = useTranslation();
  const balance = useRewardBalance();
  const lang = i18n.language;
  return (
    <section className="rw-balance pv-card" aria-labelledby="rw-balance-title">
      <h2 id="rw-balance-title">{t('rewards.balance.title')}</h2>
      {balance.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : balance.isError ? (
        <p role="alert">{apiErrorMessage(t, balance.error)}</p>
      ) : (
        <>
          <p className="rw-balance-value">
            <span data-testid="rewards-balance">{formatNumber(balance.data.balance, lang)}</span>{' '}
            <span className="rw-balance-unit">{t('rewards.points', { count: balance.data.balance })}</span>
          </p>
          <dl className="pv-facts">
            <div>
              <dt>{t('rewards.balance.earnedThisMonth')}</dt>
              <dd>
                {balance.data.monthly_cap === null
                  ? formatNumber(balance.data.earned_this_month, lang)
                  : t('rewards.balance.ofCap', {
                      earned: formatNumber(balance.data.earned_this_month, lang),
                      cap: formatNumber(balance.data.monthly_cap, lang),
                    })}
              </dd>
            </div>
            {balance.data.held_points > 0 ? (
              <div>
                <dt>{t('rewards.balance.held')}</dt>
                <dd>{formatNumber(balance.data.held_points, lang)}</dd>
              </div>
            ) : null}
            {balance.data.reserved > 0 ? (
              <div>
                <dt>{t('rewards.balance.reserved')}</dt>
                <dd>{formatNumber(balance.data.reserved, lang)}</dd>
              </div>
            ) : null}
          </dl>
          {balance.data.expiring ? (
            <p className="pv-callout" data-testid="rewards-expiring">
              {t('rewards.balance.expiring', {
                count: balance.data.expiring.points,
                points: formatNumber(balance.data.expiring.points, lang),
                date: formatDay(balance.data.expiring.on, lang),
              })}
            </p>
          ) : null}
          {balance.data.points_to ? <CompanyBalances balance={balance.data} /> : null}
          <p className="pv-field-hint">{t('rewards.balance.how')}</p>
        </>
      )}
    </section>
  );
}

/** Companies: where the points go; the head also sees each branch's own balance. */
function CompanyBalances({ balance }: { balance: RewardBalance }) {
  const { t, i18n } = useTranslation();
  if (!balance.branches) {
    return (
      <p className="pv-field-hint" data-testid="rewards-points-to">
        {t(balance.points_to === 'branches' ? 'rewards.company.branchOwn' : 'rewards.company.branchToHead')}
      </p>
    );
  }
  return (
    <>
      <p className="pv-field-hint" data-testid="rewards-points-to">
        {t(balance.points_to === 'branches' ? 'rewards.company.headBranches' : 'rewards.company.headOne')}
      </p>
      {balance.branches.length ? (
        <dl className="pv-facts" aria-label={t('rewards.company.branchesLabel')}>
          {balance.branches.map((b) => (
            <div key={b.user_id}>
              <dt>{b.name}</dt>
              <dd data-testid={`rewards-branch-${b.user_id}`}>
                {t('rewards.pointsValue', { value: formatNumber(b.balance, i18n.language), count: b.balance })}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  );
}

function Offers({ onRedeemed }: { onRedeemed: (r: RedemptionWithQr) => void }) {
  const { t } = useTranslation();
  const offers = useRewardOffers();
  const balance = useRewardBalance();
  return (
    <section className="rw-section" aria-labelledby="rw-offers-title">
      <h2 id="rw-offers-title">{t('rewards.offers.title')}</h2>
      {offers.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : offers.isError ? (
        <p role="alert">{apiErrorMessage(t, offers.error)}</p>
      ) : offers.data.length === 0 ? (
        <EmptyState title={t('rewards.offers.none')} icon={giftOutline}>
          {t('rewards.offers.noneHint')}
        </EmptyState>
      ) : (
        <ul className="rw-offers">
          {offers.data.map((offer) => (
            <OfferCard key={offer.id} offer={offer} balance={balance.data?.balance} onRedeemed={onRedeemed} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Dónde canjearla: the ally's points of sale, and the allies page's map showing them. */
export function OfferWhere({ offer }: { offer: Pick<RewardOffer, 'ally_id' | 'ally_name' | 'where'> }) {
  const { t } = useTranslation();
  const id = useId();
  if (offer.where.length === 0) return null;
  const onMap = offer.where.some((p) => p.lat !== null && p.lng !== null);
  return (
    // A named group, not a region: every card has one, and landmarks must have unique names.
    <div className="rw-where" role="group" aria-labelledby={id}>
      <h4 id={id}>{t('rewards.offers.where')}</h4>
      <ul>
        {offer.where.map((p, i) => (
          <li key={i}>
            <strong lang="es">{p.name}</strong>
            {p.address ? <> · {[p.address, p.city].filter(Boolean).join(', ')}</> : null}
          </li>
        ))}
      </ul>
      {onMap ? (
        <AppLink to={`/allies?aliado=${offer.ally_id}&mapa=1`} className="rw-where-map">
          {t('rewards.offers.whereMap')}
        </AppLink>
      ) : null}
    </div>
  );
}

function OfferCard({
  offer,
  balance,
  onRedeemed,
}: {
  offer: RewardOffer;
  balance: number | undefined;
  onRedeemed: (r: RedemptionWithQr) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const redeem = useRedeem();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const short = balance !== undefined && balance < offer.cost_points;
  return (
    <li className="pv-card rw-offer" aria-labelledby={titleId}>
      {offer.picture_url ? (
        <ResponsiveImage className="rw-offer-picture" src={offer.picture_url} alt="" sizes="(min-width: 50rem) 20rem, 100vw" />
      ) : (
        <div className="rw-offer-picture rw-offer-picture--none" aria-hidden="true">
          <Icon icon={giftOutline} />
        </div>
      )}
      <div className="rw-offer-body">
        <h3 id={titleId} lang="es">
          {offer.title}
        </h3>
        <p className="rw-offer-ally">{offer.ally_name}</p>
        <dl className="pv-facts">
          <div>
            <dt>{t('rewards.offers.cost')}</dt>
            <dd>{t('rewards.pointsValue', { value: formatNumber(offer.cost_points, lang), count: offer.cost_points })}</dd>
          </div>
          <div>
            <dt>{t('rewards.offers.stock')}</dt>
            <dd>{t('rewards.offers.units', { value: formatNumber(offer.stock, lang), count: offer.stock })}</dd>
          </div>
          <div>
            <dt>{t('rewards.offers.validity')}</dt>
            <dd>{t('rewards.offers.until', { date: formatDay(offer.valid_to, lang) })}</dd>
          </div>
          <div>
            <dt>{t('rewards.offers.limit')}</dt>
            <dd>{formatNumber(offer.per_person_limit, lang)}</dd>
          </div>
        </dl>
        <OfferWhere offer={offer} />
        <details className="rw-terms">
          <summary>{t('rewards.offers.terms')}</summary>
          <p>{offer.terms}</p>
        </details>
        {confirming ? (
          <div className="pv-callout" role="group" aria-label={t('rewards.offers.confirmLabel', { offer: offer.title })}>
            <p>{t('rewards.offers.confirm', { count: offer.cost_points, offer: offer.title, points: formatNumber(offer.cost_points, lang) })}</p>
            <div className="pv-action-bar">
              <button
                type="button"
                className="pv-button pv-button-small"
                disabled={redeem.isPending}
                onClick={() =>
                  redeem.mutate(offer.id, {
                    onSuccess: (r) => {
                      setConfirming(false);
                      onRedeemed(r);
                    },
                  })
                }
              >
                {t('rewards.offers.confirmYes')}
              </button>
              <button
                type="button"
                className="pv-button pv-button-secondary pv-button-small"
                onClick={() => setConfirming(false)}
              >
                {t('rewards.offers.confirmNo')}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="pv-button pv-button-small"
            disabled={short}
            aria-describedby={short ? `${titleId}-short` : undefined}
            onClick={() => {
              redeem.reset();
              setConfirming(true);
            }}
          >
            {t('rewards.offers.redeem')}
          </button>
        )}
        {short ? (
          <p id={`${titleId}-short`} className="pv-field-hint">
            {t('rewards.offers.short', { count: offer.cost_points - (balance ?? 0), missing: formatNumber(offer.cost_points - (balance ?? 0), lang) })}
          </p>
        ) : null}
        <FormAlert message={redeem.error ? apiErrorMessage(t, redeem.error) : null} />
      </div>
    </li>
  );
}

function MyRedemptions({ hideCode }: { hideCode: string | undefined }) {
  const { t } = useTranslation();
  const redemptions = useMyRedemptions();
  return (
    <section className="rw-section" aria-labelledby="rw-mine-title">
      <h2 id="rw-mine-title">{t('rewards.mine.title')}</h2>
      {redemptions.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : redemptions.isError ? (
        <p role="alert">{apiErrorMessage(t, redemptions.error)}</p>
      ) : redemptions.data.length === 0 ? (
        <EmptyState title={t('rewards.mine.none')} />
      ) : (
        <ul className="rw-list">
          {redemptions.data.map((r) => (
            <RedemptionItem key={r.id} redemption={r} showCode={r.code !== hideCode} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RedemptionItem({ redemption: r, showCode }: { redemption: Redemption; showCode: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <li className="pv-card">
      <div className="pv-card-head">
        <h3>{r.offer_title}</h3>
        <StatusBadge tone={REDEMPTION_TONE[r.status]}>{t(`rewards.redemptionStatus.${r.status}`)}</StatusBadge>
      </div>
      <p>
        {r.ally_name} · {t('rewards.pointsValue', { value: formatNumber(r.points, lang), count: r.points })} ·{' '}
        {formatDateTime(r.created_at, lang)}
      </p>
      {r.status === 'reserved' && showCode ? (
        <RedemptionCode code={r.code} expiresAt={r.expires_at} offerTitle={r.offer_title} allyName={r.ally_name} />
      ) : null}
      {r.status === 'confirmed' && r.confirmed_at ? (
        <p className="pv-field-hint">{t('rewards.mine.confirmedAt', { when: formatDateTime(r.confirmed_at, lang) })}</p>
      ) : null}
    </li>
  );
}

function History() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const ledger = useLedger(page);
  const pages = ledger.data ? Math.max(1, Math.ceil(ledger.data.total / LEDGER_PAGE_SIZE)) : 1;
  return (
    <section className="rw-section" aria-labelledby="rw-history-title">
      <h2 id="rw-history-title">{t('rewards.history.title')}</h2>
      {ledger.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : ledger.isError ? (
        <p role="alert">{apiErrorMessage(t, ledger.error)}</p>
      ) : ledger.data.items.length === 0 ? (
        <EmptyState title={t('rewards.history.none')}>{t('rewards.history.noneHint')}</EmptyState>
      ) : (
        <>
          <ul className="rw-ledger" aria-label={t('rewards.history.listLabel')}>
            {ledger.data.items.map((entry) => (
              <LedgerItem key={entry.id} entry={entry} lang={i18n.language} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="pv-action-bar rw-pager" aria-label={t('rewards.history.pager')}>
              <button
                type="button"
                className="pv-button pv-button-secondary pv-button-small"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {t('rewards.history.newer')}
              </button>
              <span>{t('rewards.history.page', { page, pages })}</span>
              <button
                type="button"
                className="pv-button pv-button-secondary pv-button-small"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('rewards.history.older')}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

function LedgerItem({ entry, lang }: { entry: LedgerEntry; lang: string }) {
  const { t } = useTranslation();
  const points = signedPoints(entry.points, lang);
  return (
    <li className="rw-ledger-entry">
      <div className="rw-ledger-main">
        <StatusBadge tone={LEDGER_TONE[entry.kind]}>{t(`rewards.ledgerKind.${entry.kind}`)}</StatusBadge>
        <p className="rw-ledger-description">
          {entry.cause_type === 'pickup' ? (
            <AppLink to={`/app/tabs/request/${entry.cause_id}`}>
              {/* The stored description is Spanish (with its kilos); other languages name the pickup. */}
              {lang.startsWith('es') ? entry.description : t('rewards.ledgerPickup', { number: entry.cause_id })}
            </AppLink>
          ) : (
            <span lang="es">{entry.description}</span>
          )}
        </p>
        {entry.reason ? (
          <p className="pv-field-hint" lang="es">
            {entry.reason}
          </p>
        ) : null}
        <p className="pv-field-hint">{formatDateTime(entry.created_at, lang)}</p>
      </div>
      <p className={`rw-ledger-points ${entry.points < 0 ? 'rw-ledger-points--minus' : ''}`}>
        {points} <span className="rw-ledger-unit">{t('rewards.points', { count: Math.abs(entry.points) })}</span>
      </p>
    </li>
  );
}

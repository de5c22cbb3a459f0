/** Words and tones for the rewards' kinds and statuses (i18n keys under `rewards.*`). */
import type { LedgerKind, OfferStatus, RedemptionStatus } from '@puntoverde/contract';
import type { BadgeTone } from '../../../components/status-badge';
import { formatNumber } from '../../../lib/number-format';

export const REDEMPTION_TONE: Record<RedemptionStatus, BadgeTone> = {
  reserved: 'info',
  confirmed: 'success',
  expired: 'neutral',
};

export const OFFER_TONE: Record<OfferStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export const LEDGER_TONE: Record<LedgerKind, BadgeTone> = {
  earned: 'success',
  redeemed: 'info',
  reversed: 'warning',
  expired: 'neutral',
  adjusted: 'info',
  transferred: 'neutral',
};

/** "+45", "−300" (a true minus sign), "0": the points an entry adds to or takes from the balance. */
export function signedPoints(points: number, lang: string): string {
  if (points > 0) return `+${formatNumber(points, lang)}`;
  if (points < 0) return `\u2212${formatNumber(-points, lang)}`;
  return '0';
}

/** "21 de noviembre de 2026" (Bogotá) from an ISO instant or a `YYYY-MM-DD` day. */
export function formatDay(value: string, lang: string): string {
  const at = value.length === 10 ? new Date(`${value}T12:00:00-05:00`) : new Date(value);
  return new Intl.DateTimeFormat(lang.startsWith('en') ? 'en-US' : 'es-CO', {
    dateStyle: 'long',
    timeZone: 'America/Bogota',
  }).format(at);
}

/** Today's date in Bogotá (UTC−5 all year), `YYYY-MM-DD`. */
export function bogotaToday(): string {
  return new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
}

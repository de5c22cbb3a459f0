/**
 * Rewards' paths, kinds, statuses and code format, apart from their schemas (rewards.ts) so that
 * the web's Recompensas screens, first screens of their routes, do not load zod.
 */

export const REWARDS_PATH = '/back/api/v1/rewards';
export const ADMIN_REWARDS_PATH = '/back/api/v1/admin/rewards';

/** A redemption code is valid this long; unconfirmed, its points and stock go back. */
export const REDEMPTION_TTL_MINUTES = 30;
/** Points of a household per Bogotá month, unless staff set another cap. */
export const REWARDS_DEFAULT_MONTHLY_CAP = 5000;
/** Codes use letters and digits nobody confuses when reading them aloud (no 0/O, 1/I/L). */
export const REDEMPTION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REDEMPTION_CODE_LENGTH = 8;

/** Points expire this many months after they were earned, oldest first (FIFO). */
export const REWARDS_EXPIRY_MONTHS = 12;
/** People hear of points about to expire this many days before. */
export const REWARDS_EXPIRY_NOTICE_DAYS = 30;

/** `transferred`: a company's branch balances moved to its head when it chose one balance. */
export const LEDGER_KINDS = ['earned', 'redeemed', 'reversed', 'expired', 'adjusted', 'transferred'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** `campaign`: a campaign's attendance bonus (cause id `<campaign>:<person>`); `transfer`: see above. */
export const LEDGER_CAUSES = ['pickup', 'redemption', 'hold', 'adjustment', 'expiry', 'campaign', 'transfer'] as const;
export type LedgerCause = (typeof LEDGER_CAUSES)[number];

/** Where a company's points go: the head's one balance, or each branch's own. */
export const COMPANY_POINTS_TO = ['head', 'branches'] as const;
export type CompanyPointsTo = (typeof COMPANY_POINTS_TO)[number];

export const OFFER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const REDEMPTION_STATUSES = ['reserved', 'confirmed', 'expired'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

export const HOLD_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** Upper-cased, without spaces or dashes: what people type from the screen ("ab2c-9xqm"). */
export function normalizeRedemptionCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '');
}
/** "AB2C9XQM" → "AB2C-9XQM", as the screens show it. */
export function formatRedemptionCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/**
 * Offline writes carry an `Idempotency-Key` header (DESIGN.md §7): the server keeps the first
 * answer for 24 hours, so a write retried after a lost answer gets that answer again instead of
 * a second radicado or number. Plain values only (no zod) so the service worker can import them.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on a replayed answer (`true`), so clients and logs can tell it from a fresh one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** 16–128 URL-safe characters: a UUID v4 (122 random bits) is the expected value. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

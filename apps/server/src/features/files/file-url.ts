import { createHmac, timingSafeEqual } from 'node:crypto';

export const FILES_PATH = '/back/api/v1/files';
/** How long a signed link to a private file stays valid. */
export const PRIVATE_URL_TTL_S = 60 * 60;

function signature(secret: string, publicId: string, exp: number): string {
  return createHmac('sha256', secret).update(`file:${publicId}:${exp}`).digest('base64url').slice(0, 32);
}

/**
 * The URL of a stored file. Public files (campaign images, logos) get a stable URL; private
 * ones a link signed for an hour, so an <img> can show them without a bearer header.
 */
export function fileUrl(
  secret: string,
  file: { public_id: string; is_public: number | boolean },
  now: number = Date.now(),
): string {
  const base = `${FILES_PATH}/${file.public_id}`;
  if (file.is_public) return base;
  const exp = Math.floor(now / 1000) + PRIVATE_URL_TTL_S;
  return `${base}?exp=${exp}&sig=${signature(secret, file.public_id, exp)}`;
}

/** Whether `sig`/`exp` form a valid, unexpired link to `publicId`. */
export function verifyFileSignature(
  secret: string,
  publicId: string,
  exp: number | undefined,
  sig: string | undefined,
  now: number = Date.now(),
): boolean {
  if (!exp || !sig || exp * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, publicId, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

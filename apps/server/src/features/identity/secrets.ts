import { createHash, randomBytes } from 'node:crypto';

/** An unguessable opaque token: `bytes` random bytes (256 bits by default), base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * SHA-256 of a high-entropy token, as stored in the database. A plain hash is enough (no salt,
 * no slow hash): the tokens carry >= 128 random bits, so the hash cannot be reversed by guessing.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

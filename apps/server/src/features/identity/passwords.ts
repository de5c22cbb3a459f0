import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MIN_LENGTH } from '@puntoverde/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEs from '@zxcvbn-ts/language-es-es';
import { randomBytes } from 'node:crypto';

/**
 * Password hashing with argon2id at the OWASP minimum or above: m = 19 MiB, t = 2, p = 1
 * (OWASP Password Storage Cheat Sheet; ASVS 5.0 §11.4.2). Hashes made with other parameters
 * are rehashed at the next successful login.
 */
export type PasswordHashParams = { memoryCost: number; timeCost: number; parallelism: number };

/** Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, not importable as a value here). */
const ARGON2ID = 2;

export const PASSWORD_HASH_PARAMS: PasswordHashParams = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string, params: PasswordHashParams = PASSWORD_HASH_PARAMS): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...params });
}

/** False for a malformed hash instead of throwing (a corrupt row must not become a 500). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when the PHC string was not made with argon2id and exactly `params`. */
export function needsRehash(passwordHash: string, params: PasswordHashParams = PASSWORD_HASH_PARAMS): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  return (
    Number(match[1]) !== params.memoryCost || Number(match[2]) !== params.timeCost || Number(match[3]) !== params.parallelism
  );
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against a hash of a random password made with the current parameters, so a login
 * for an unknown e-mail (or a social-only account) spends the same time as a wrong password.
 */
export async function dummyVerify(password: string): Promise<false> {
  await verifyPassword(await warmUpDummyHash(), password);
  return false;
}

/** Makes the dummy hash at start-up, so the first unknown-e-mail login costs no extra hashing. */
export function warmUpDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummyHash;
}

// zxcvbn-ts: built once (dictionaries load in ~200 ms), then each check takes a few ms.
// Levenshtein matching is off: it multiplies the cost by ~20 for little gain on top of the
// dictionaries, and it would run on the event loop.
let zxcvbn: ZxcvbnFactory | null = null;

function strengthChecker(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEs.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEs.translations,
    useLevenshteinDistance: false,
  });
  return zxcvbn;
}

/** Loads the dictionaries now (at start-up) rather than on the first sign-up. */
export function warmUpStrengthChecker(): void {
  strengthChecker().check('calentamiento');
}

/**
 * A password is weak when shorter than PASSWORD_MIN_LENGTH (spec §5) or commonly used:
 * zxcvbn score 0 (under 10^3 guesses), or score 1 made only of dictionary words, keyboard
 * patterns, sequences, dates or the user's own data (no random part) — e.g. `123456`,
 * `contraseña`, `gato1234`, the user's e-mail. A random 6-letter password passes.
 */
export function isWeakPassword(password: string, userInputs: Array<string | null | undefined> = []): boolean {
  if (password.length < PASSWORD_MIN_LENGTH) return true;
  // The whole value, an e-mail's local part and each word: `laura.gomez@x.co` → laura.gomez, laura, gomez…
  const inputs = userInputs.flatMap((v) =>
    v ? [v, v.split('@')[0] ?? v, ...v.split(/[@.\s_-]+/).filter((p) => p.length >= 3)] : [],
  );
  const result = strengthChecker().check(password, inputs);
  if (result.score === 0) return true;
  if (result.score === 1) return !result.sequence.some((m) => m.pattern === 'bruteforce');
  return false;
}

/** A readable random password for the admin CLIs (about 96 bits). */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

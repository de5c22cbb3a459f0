/**
 * A quick, local strength hint while the user types a new password. It only guides: the
 * server decides (minimum length from the spec plus a maintained dictionary of common
 * passwords, `weak-password`).
 */
import { PASSWORD_MIN_LENGTH } from '@puntoverde/contract';

export type PasswordStrength = 'empty' | 'too-short' | 'weak' | 'fair' | 'good' | 'strong';

const KEYBOARD_RUNS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890', 'abcdefghijklmnopqrstuvwxyz'];

/** Longest run of consecutive keyboard/alphabet characters or of one repeated character. */
function longestPredictableRun(password: string): number {
  const lower = password.toLowerCase();
  let longest = 1;
  let repeat = 1;
  let sequence = 1;
  for (let i = 1; i < lower.length; i += 1) {
    const prev = lower[i - 1] ?? '';
    const cur = lower[i] ?? '';
    repeat = cur === prev ? repeat + 1 : 1;
    const follows = KEYBOARD_RUNS.some((run) => {
      const at = run.indexOf(prev);
      return at >= 0 && (run[at + 1] === cur || run[at - 1] === cur);
    });
    sequence = follows ? sequence + 1 : 1;
    longest = Math.max(longest, repeat, sequence);
  }
  return longest;
}

/**
 * `personal`: words the user already typed (name, e-mail, company); a password built on them
 * is easy to guess.
 */
export function passwordStrength(password: string, personal: readonly string[] = []): PasswordStrength {
  if (password.length === 0) return 'empty';
  if (password.length < PASSWORD_MIN_LENGTH) return 'too-short';
  const classes = [/[a-záéíóúñü]/, /[A-ZÁÉÍÓÚÑÜ]/, /\d/, /[^\p{L}\d]/u].filter((re) => re.test(password)).length;
  let score = 0;
  if (password.length >= 8) score += 1;
  if (password.length >= 12) score += 1;
  if (password.length >= 16) score += 1;
  score += Math.max(0, classes - 1);
  const run = longestPredictableRun(password);
  if (run >= 4) score -= 2;
  if (run >= password.length - 1) score = 0;
  const lower = password.toLowerCase();
  const usesPersonal = personal
    .flatMap((word) => word.toLowerCase().split(/[^\p{L}\d]+/u))
    .some((part) => part.length >= 4 && lower.includes(part));
  if (usesPersonal) score -= 2;
  if (score <= 1) return 'weak';
  if (score === 2) return 'fair';
  if (score <= 4) return 'good';
  return 'strong';
}

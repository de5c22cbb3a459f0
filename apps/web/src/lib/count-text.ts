/**
 * "1 persona", "2 personas", "1.250 personas": a number with its noun in the chosen language's
 * plural form (i18next picks `counts.<noun>_one` / `_other` with Intl.PluralRules) and the number
 * written the language's way.
 */
import type { TFunction } from 'i18next';
import { formatNumber } from './number-format';

export type CountNoun =
  | 'people'
  | 'pushDevices'
  | 'materials'
  | 'containers'
  | 'managers'
  | 'pending'
  | 'failed'
  | 'ecas'
  | 'recyclers';

export function countText(t: TFunction, noun: CountNoun, count: number, lang: string): string {
  return t(`counts.${noun}`, { count, n: formatNumber(count, lang) });
}

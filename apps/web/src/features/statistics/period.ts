/** Periods of Mis cifras and certificates, in the Bogotá calendar (a fixed UTC−5, no DST). */

export const PERIOD_PRESETS = ['last12', 'month', 'quarter', 'year', 'lastQuarter', 'lastYear', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type Period = { from: string; to: string };

const BOGOTA_OFFSET_MS = 5 * 60 * 60 * 1000;

export function bogotaToday(now = new Date()): string {
  return new Date(now.getTime() - BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}

function ymd(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
}

/** The from/to of a preset (custom keeps the given period). */
export function periodOf(preset: PeriodPreset, custom: Period, now = new Date()): Period {
  const today = bogotaToday(now);
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1;
  const q = Math.floor(m / 3) * 3;
  switch (preset) {
    case 'month':
      return { from: ymd(y, m, 1), to: today };
    case 'quarter':
      return { from: ymd(y, q, 1), to: today };
    case 'year':
      return { from: ymd(y, 0, 1), to: today };
    case 'lastQuarter':
      return { from: ymd(y, q - 3, 1), to: ymd(y, q, 0) };
    case 'lastYear':
      return { from: ymd(y - 1, 0, 1), to: ymd(y - 1, 11, 31) };
    case 'custom':
      return custom;
    case 'last12':
    default:
      return { from: ymd(y, m - 11, 1), to: today };
  }
}

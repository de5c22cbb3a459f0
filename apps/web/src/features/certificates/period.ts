/** Certificate periods in the Bogotá calendar (a fixed UTC−5). */
const BOGOTA_OFFSET_MS = 5 * 60 * 60 * 1000;

export function bogotaToday(now = new Date()): string {
  return new Date(now.getTime() - BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}

function ymd(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
}

/** The last whole calendar quarter before today. */
export function lastQuarter(now = new Date()): { from: string; to: string } {
  const today = bogotaToday(now);
  const y = Number(today.slice(0, 4));
  const q = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3;
  return { from: ymd(y, q - 3, 1), to: ymd(y, q, 0) };
}

/** The last 365 days up to today. */
export function lastYear(now = new Date()): { from: string; to: string } {
  const today = bogotaToday(now);
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  return { from, to: today };
}

/** `2026-03-01` → `01/03/2026`. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

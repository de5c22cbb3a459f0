import { getHolidaysForYear } from 'colombian-holidays';
import OpeningHours from 'opening_hours';

/**
 * "Abierto ahora" from OSM `opening_hours` values, in Colombian time (America/Bogota, UTC-5
 * all year: Colombia has no daylight saving time).
 *
 * The opening_hours package evaluates in the process's local time zone and has no Colombian
 * public holidays, so: (1) instants are shifted to a Date whose local fields read Bogotá's wall
 * clock, and (2) `PH` (public holiday) selectors are rewritten into the explicit dates of the
 * Colombian holidays (Ley 51 de 1983, from the colombian-holidays package) of the years around.
 */

const BOGOTA_OFFSET_MS = -5 * 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAY_LIST = /^\s*((?:Mo|Tu|We|Th|Fr|Sa|Su|PH)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))?(?:\s*,\s*(?:Mo|Tu|We|Th|Fr|Sa|Su|PH)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))?)*)(\s.*)?$/;

/** A Date whose local-time fields are Bogotá's wall clock at `instant`. */
function toBogotaWallClock(instant: Date): Date {
  const b = new Date(instant.getTime() + BOGOTA_OFFSET_MS);
  return new Date(b.getUTCFullYear(), b.getUTCMonth(), b.getUTCDate(), b.getUTCHours(), b.getUTCMinutes(), b.getUTCSeconds());
}

/** Back from a Bogotá wall-clock Date (local fields) to the real instant. */
function fromBogotaWallClock(wall: Date): Date {
  const utc = Date.UTC(wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes(), wall.getSeconds());
  return new Date(utc - BOGOTA_OFFSET_MS);
}

function holidaySelector(year: number): string {
  const dates: string[] = [];
  for (const y of [year - 1, year, year + 1]) {
    for (const h of getHolidaysForYear(y)) {
      // `celebrationDate` is the (possibly moved, Ley Emiliani) date the holiday is observed: YYYY-MM-DD.
      const [yy, mm, dd] = h.celebrationDate.split('-');
      dates.push(`${yy} ${MONTHS[Number(mm) - 1]} ${dd}`);
    }
  }
  return dates.join(',');
}

/** Rewrites rules that use `PH` into explicit Colombian holiday dates. */
export function withColombianHolidays(value: string, year: number): string {
  if (!/\bPH\b/.test(value)) return value;
  const holidays = holidaySelector(year);
  const rules: string[] = [];
  for (const rule of value.split(';')) {
    const m = WEEKDAY_LIST.exec(rule);
    if (!m?.[1] || !/\bPH\b/.test(m[1])) {
      rules.push(rule.trim());
      continue;
    }
    const rest = (m[2] ?? '').trim();
    const days = m[1]
      .split(',')
      .map((d) => d.trim())
      .filter((d) => d !== 'PH');
    if (days.length) rules.push(`${days.join(',')} ${rest}`.trim());
    rules.push(`${holidays} ${rest || 'open'}`.trim());
  }
  return rules.filter(Boolean).join('; ');
}

const parsed = new Map<string, OpeningHours | null>();

function parse(value: string, year: number): OpeningHours | null {
  const key = `${year}|${value}`;
  if (parsed.has(key)) return parsed.get(key) ?? null;
  let result: OpeningHours | null;
  try {
    result = new OpeningHours(withColombianHolidays(value, year), null, 0);
  } catch {
    result = null;
  }
  if (parsed.size > 5000) parsed.clear();
  parsed.set(key, result);
  return result;
}

/** True when the value can be evaluated (used to warn on import). */
export function isValidOpeningHours(value: string): boolean {
  return parse(value, new Date().getUTCFullYear()) !== null;
}

export type OpenState = { open: boolean | null; nextChange: Date | null };

const stateCache = new Map<string, OpenState>();

/** Open or closed at `at`, and when that changes; open null when unknown (no or unreadable hours). */
export function openState(value: string | null, at: Date): OpenState {
  if (!value) return { open: null, nextChange: null };
  // Many points share a few values: remember each (value, minute) answer.
  const minute = Math.floor(at.getTime() / 60000);
  const cacheKey = `${minute}|${value}`;
  const cached = stateCache.get(cacheKey);
  if (cached) return cached;
  const wall = toBogotaWallClock(at);
  const oh = parse(value, wall.getFullYear());
  let state: OpenState = { open: null, nextChange: null };
  if (oh) {
    try {
      const open = oh.getState(wall);
      const next = oh.getNextChange(wall);
      state = { open, nextChange: next ? fromBogotaWallClock(next) : null };
    } catch {
      state = { open: null, nextChange: null };
    }
  }
  if (stateCache.size > 20000) stateCache.clear();
  stateCache.set(cacheKey, state);
  return state;
}

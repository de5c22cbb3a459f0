import { getHolidaysForYear } from 'colombian-holidays';

/**
 * Colombian business days for legal deadlines (Ley 1755 de 2015 art. 14; Código General del
 * Proceso art. 118: terms in days count business days only). Pure: no clock, no database.
 *
 * Every date is a calendar date in America/Bogota written as `YYYY-MM-DD`. colombian-holidays
 * compares `Date`s in UTC, so instants are first turned into the Bogotá date and holidays are
 * compared as strings, never as `Date`s.
 */

export type IsoDate = string;

/** Admin-set exceptions: `false` = extra non-working day (closure), `true` = declared working. */
export type CalendarOverrides = ReadonlyMap<IsoDate, boolean>;

export const BOGOTA_TIME_ZONE = 'America/Bogota';

const bogotaFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: BOGOTA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Bogotá of an instant (Colombia has no daylight saving; Intl keeps it honest anyway). */
export function bogotaDate(instant: Date): IsoDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError('invalid instant');
  return bogotaFormatter.format(instant);
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: IsoDate): [number, number, number] {
  const m = DATE_PATTERN.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** `date` plus `days` calendar days. */
export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: IsoDate): number {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const holidayCache = new Map<number, ReadonlySet<IsoDate>>();

/** The dates (celebration dates, after the Ley Emiliani move to Monday) of Colombian holidays in a year. */
export function holidaysOf(year: number): ReadonlySet<IsoDate> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(getHolidaysForYear(year).map((h) => h.celebrationDate));
    holidayCache.set(year, set);
  }
  return set;
}

export function isHoliday(date: IsoDate): boolean {
  return holidaysOf(parts(date)[0]).has(date);
}

export class BusinessCalendar {
  constructor(private readonly overrides: CalendarOverrides = new Map()) {}

  /** Monday to Friday, not a public holiday, unless the admin table says otherwise. */
  isBusinessDay(date: IsoDate): boolean {
    const override = this.overrides.get(date);
    if (override !== undefined) return override;
    const wd = weekday(date);
    return wd !== 0 && wd !== 6 && !isHoliday(date);
  }

  /** `date` itself when it is a business day, else the next one. */
  onOrAfter(date: IsoDate): IsoDate {
    let d = date;
    for (let i = 0; i < MAX_SCAN_DAYS; i++) {
      if (this.isBusinessDay(d)) return d;
      d = addCalendarDays(d, 1);
    }
    throw new RangeError(`no business day within ${MAX_SCAN_DAYS} days of ${date}`);
  }

  /** The `n`th business day after `date` (n ≥ 1; `date` itself never counts). */
  addBusinessDays(date: IsoDate, n: number): IsoDate {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`business days must be a whole number ≥ 0: ${n}`);
    let d = date;
    let left = n;
    for (let i = 0; left > 0; i++) {
      if (i > MAX_SCAN_DAYS) throw new RangeError(`no ${n} business days within ${MAX_SCAN_DAYS} days of ${date}`);
      d = addCalendarDays(d, 1);
      if (this.isBusinessDay(d)) left -= 1;
    }
    return d;
  }

  /**
   * Business days after `from` up to and including `to` (negative when `to` is before `from`):
   * 0 when both are the same day, 1 when `to` is the next business day.
   */
  businessDaysBetween(from: IsoDate, to: IsoDate): number {
    if (to === from) return 0;
    const forward = to > from;
    const [start, end] = forward ? [from, to] : [to, from];
    let count = 0;
    let d = start;
    for (let i = 0; d < end; i++) {
      if (i > MAX_SCAN_DAYS * 4) throw new RangeError('date range too long');
      d = addCalendarDays(d, 1);
      if (this.isBusinessDay(d)) count += 1;
    }
    return forward ? count : -count;
  }

  /**
   * The business day a filing counts as received: its Bogotá date, or the next business day
   * when it was filed on a weekend, holiday or closure.
   */
  receivedOn(filedAt: Date): IsoDate {
    return this.onOrAfter(bogotaDate(filedAt));
  }

  /** Last day to answer: counting starts the business day after receipt; the Nth business day is due. */
  dueDate(filedAt: Date, termBusinessDays: number): { receivedOn: IsoDate; dueDate: IsoDate } {
    const receivedOn = this.receivedOn(filedAt);
    return { receivedOn, dueDate: this.addBusinessDays(receivedOn, termBusinessDays) };
  }
}

/** A year: enough for any legal term even with long admin closures; stops runaway loops. */
const MAX_SCAN_DAYS = 366;

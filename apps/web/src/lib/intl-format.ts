/**
 * Cached Intl formatters. Building an `Intl.DateTimeFormat` loads and resolves locale data: on a
 * mid-range phone the first costs several milliseconds and each further one about a millisecond,
 * which a list of campaigns or requests (two or three dates per row) turned into a long task of
 * its own. Formatters are immutable, so one per (locale, options) serves every call.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The cache's formatter for (locale, options), built by `make` the first time. */
function cached<F, O>(cache: Map<string, F>, locale: string, options: O, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, built once per distinct pair. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.NumberFormat(locale, options)`, built once per distinct pair. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

type IdleScheduler = (step: () => void) => void;

/** The next idle moment (a separate task), or the next task where the browser has no idle callback. */
const onIdle: IdleScheduler = (step) => {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(step, { timeout: 2000 });
  else setTimeout(step, 0);
};

/**
 * The first Intl formatter of a page loads the ICU locale data: ~70 ms for a number format and
 * another ~100 ms for a date format with a time zone, four times slower on a phone, in one
 * piece. Paid inside the render that first shows a date (a list arriving from the API), it made
 * that render a long task. Built ahead, in idle moments while the page's code and data are still
 * on their way, one formatter per task, the cost is cut into pieces and the render that needs
 * them finds them ready. The formatters are the ones the first screens use (lib/date-format.ts,
 * lib/number-format.ts, i18next's plurals), so nothing is built that a page would not build anyway.
 */
export function warmIntlFormats(language: string, schedule: IdleScheduler = onIdle): void {
  const locale = language.startsWith('en') ? 'en-US' : 'es-CO';
  const timeZone = 'America/Bogota';
  const at = new Date();
  const steps = [
    () => numberFormat(locale, { maximumFractionDigits: 1 }).format(1.5),
    // i18next picks a text's plural form ("26 solicitudes") with its own Intl.PluralRules of the
    // language: building one here loads the plural data it will find ready.
    () => new Intl.PluralRules(language).select(2),
    () => dateTimeFormat(locale, { dateStyle: 'short', timeZone }).format(at),
    () => dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(at),
    () => dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(at),
  ];
  const next = (i: number) => {
    const step = steps[i];
    if (!step) return;
    schedule(() => {
      step();
      next(i + 1);
    });
  };
  next(0);
}

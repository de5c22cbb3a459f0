/**
 * Cached Intl formatters. Building an `Intl.DateTimeFormat` loads and resolves locale data: on a
 * mid-range phone the first costs several milliseconds and each further one about a millisecond,
 * which a list of campaigns or requests (two or three dates per row) turned into a long task of
 * its own. Formatters are immutable, so one per (locale, options) serves every call.
 */
import { askWorker, INTL_WARM_KEY, type IntlWarm } from '../boot/boot-loader';

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

/** The formats the first screens use (lib/date-format.ts, lib/number-format.ts, i18next's plurals). */
export function firstScreenFormats(language: string): {
  locale: string;
  numbers: Intl.NumberFormatOptions[];
  dates: Intl.DateTimeFormatOptions[];
} {
  const timeZone = 'America/Bogota';
  return {
    locale: language.startsWith('en') ? 'en-US' : 'es-CO',
    numbers: [{ maximumFractionDigits: 1 }],
    dates: [
      { dateStyle: 'short', timeZone },
      { dateStyle: 'long', timeStyle: 'short', timeZone },
      { dateStyle: 'short', timeStyle: 'short', timeZone },
    ],
  };
}

/** Starts lib/intl-warm.worker.ts; resolves once it has built the formats (or could not start). */
export type IntlWarmer = (language: string) => Promise<void>;

/**
 * ICU's locale data loads on the first number or date format of a page: ~25-45 ms of main
 * thread in one piece here, four times that on a phone. The data is cached for the whole
 * renderer process, so a worker that builds the same formats first takes that cost on another
 * thread, and the main thread's first formatter then costs under a millisecond (measured in
 * Chromium: 35-42 ms without the worker, 0.1-0.9 ms after it).
 */
const warmInWorker: IntlWarmer = (language) => {
  // Already started by the boot loader at the first paint (src/boot/boot-loader.ts).
  const early = (globalThis as unknown as Record<string, IntlWarm | undefined>)[INTL_WARM_KEY];
  if (early && early.language === language) return early.done;
  if (typeof Worker !== 'function') return Promise.resolve();
  let worker: Worker;
  try {
    // Written out here: this `new Worker(new URL(...))` is what makes Vite build the worker.
    worker = new Worker(new URL('./intl-warm.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve();
  }
  return askWorker(worker, language);
};

/**
 * Builds the first screens' formatters ahead of the render that needs them: the locale data in
 * a worker first (above), then each cached formatter on the main thread, one per idle task, so
 * the render that first shows a date or a number (a list arriving from the API) finds them
 * ready. Nothing is built that a page would not build anyway.
 */
export function warmIntlFormats(language: string, schedule: IdleScheduler = onIdle, warmer: IntlWarmer = warmInWorker): void {
  const { locale, numbers, dates } = firstScreenFormats(language);
  const at = new Date();
  const steps = [
    ...numbers.map((options) => () => numberFormat(locale, options).format(1.5)),
    // i18next picks a text's plural form ("26 solicitudes") with its own Intl.PluralRules of the
    // language: building one here loads the plural data it will find ready.
    () => new Intl.PluralRules(language).select(2),
    ...dates.map((options) => () => dateTimeFormat(locale, options).format(at)),
  ];
  const next = (i: number) => {
    const step = steps[i];
    if (!step) return;
    schedule(() => {
      step();
      next(i + 1);
    });
  };
  // The worker starts at the first idle moment: started with the app, it took a core from the
  // first render on a 2-core machine.
  schedule(() => void warmer(language).then(() => next(0)));
}

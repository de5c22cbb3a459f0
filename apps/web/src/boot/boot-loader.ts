/**
 * The page's content first, then the app. index.html names no script or module for the browser to
 * fetch on its own but the app's stylesheet: the build (build/deferred-boot.ts) turns the app's
 * entry, its module preloads and the translations' preload into a list, and the server adds the page's own
 * files to it (apps/server/src/app-shell.ts). This small classic script, deferred, asks for all of
 * them at once — in parallel, as the <link>s did — once the page's HTML content has been painted:
 * the first paint, and on a page whose frame shows a picture first (a campaign's), that picture.
 *
 * Why: the public pages' content is in the HTML (apps/server/src/page-frames.ts). Fetched from the
 * <head>, ~300 KiB of modules and the translations shared a phone's link with
 * that content and its picture, and a fast machine ran the app before painting it at all. Now the
 * content's paint never waits for the app's files; the app starts at most a frame later.
 *
 * A browser without paint timing, a page loaded in the background (no frame is painted there), a
 * paint that does not come or a picture that does not load do not hold the app: each wait has a cap.
 */

import { LANGUAGE_STORAGE_KEY } from '../lib/language-key';

/** One file of the list: its URL, and how it is fetched ahead of the entry. */
export type BootFile = string;

/** The longest the app waits for the first paint (a browser that reports none). */
export const FIRST_PAINT_WAIT_MS = 1_000;
/** After the first paint, the longest it waits for the frame's first picture. */
export const PICTURE_WAIT_MS = 500;

/**
 * The element that carries the entry (`data-entry`), the modules run before it (`data-first`,
 * space-separated) and the locale-data worker (`data-intl-worker`).
 */
export const BOOT_SCRIPT_ID = 'pv-boot';
/** Where the boot loader leaves the locale-data worker's progress for the app (lib/intl-format.ts). */
export const INTL_WARM_KEY = '__pvIntlWarm';
/** The worker's progress: the language whose formats it builds, and when it has. */
export type IntlWarm = { language: string; done: Promise<void> };
/** Lists of files (`<script type="application/json" class="pv-preloads">["/assets/…"]</script>`). */
export const PRELOAD_LIST_CLASS = 'pv-preloads';

/** Every file the lists name, once each, in order. */
export function bootFiles(doc: Document): BootFile[] {
  const files: BootFile[] = [];
  for (const list of doc.querySelectorAll(`script.${PRELOAD_LIST_CLASS}`)) {
    try {
      const parsed: unknown = JSON.parse(list.textContent ?? '[]');
      if (Array.isArray(parsed))
        for (const file of parsed) if (typeof file === 'string' && !files.includes(file)) files.push(file);
    } catch {
      // A list that is not JSON names nothing: the entry still loads what it imports.
    }
  }
  return files;
}

/**
 * Asks for every file and runs the entry: modules are fetched ahead (modulepreload), a page's
 * stylesheets and the translations preloaded (as the app's CSS loader and i18n then ask for
 * them), all in CORS mode like those requests.
 *
 * `first` names modules that run before the entry, one at a time, each once the one before it
 * has run (its `load` or `error` event): the libraries the entry imports, evaluated in tasks of
 * their own (build/deferred-boot.ts). A module graph is evaluated in one task, and the app's
 * whole graph was the longest task of every page's start-up; the entry then finds them evaluated.
 * Their files download with the others, at once: only their evaluation waits its turn.
 */
export function startApp(doc: Document, entry: string, files: BootFile[], clock: Clock = { setTimeout }, first: string[] = []): void {
  const link = (href: string): HTMLLinkElement => {
    const element = doc.createElement('link');
    element.crossOrigin = 'anonymous';
    if (href.endsWith('.css')) {
      element.rel = 'preload';
      element.setAttribute('as', 'style');
    } else if (href.endsWith('.json')) {
      element.rel = 'preload';
      element.setAttribute('as', 'fetch');
      element.type = 'application/json';
    } else {
      element.rel = 'modulepreload';
    }
    element.href = href;
    return element;
  };
  const runModule = (src: string, then?: () => void) => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = src;
    if (then) {
      let done = false;
      const next = () => {
        if (done) return;
        done = true;
        then();
      };
      script.addEventListener('load', next);
      // A module that fails to load or run must not hold the app: the entry imports it anyway.
      script.addEventListener('error', next);
    }
    doc.head.appendChild(script);
  };
  const runFrom = (i: number) => {
    const module = first[i];
    if (module === undefined) runModule(entry);
    else runModule(module, () => runFrom(i + 1));
  };
  // The entry (or the first module before it) first, then the files for at most LINK_BUDGET_MS
  // per task: each <link> the <head> takes starts a request of its own (~0.2 ms on a laptop at
  // rest, but up to 5 ms while the page's responses arrive on a busy 2-core machine, 40 a page).
  // Six per task were tasks of 25-40 ms there, each a long task on a phone; a time budget keeps
  // every one short whatever the machine, and still asks for all of them in one task where
  // requests are cheap.
  runFrom(0);
  const now = clock.now ?? (() => doc.defaultView?.performance.now() ?? Date.now());
  const appendFrom = (start: number) => {
    const began = now();
    let next = start;
    while (next < files.length) {
      doc.head.appendChild(link(files[next++] as string));
      if (now() - began >= LINK_BUDGET_MS) break;
    }
    if (next < files.length) clock.setTimeout(() => appendFrom(next), 0);
  };
  appendFrom(0);
}

/** How long one task may spend inserting files' <link>s before it yields (ms). */
export const LINK_BUDGET_MS = 4;

type Clock = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  /** Milliseconds on a monotonic clock (default: the document's `performance.now`). */
  now?: () => number;
  requestAnimationFrame?: (fn: () => void) => unknown;
};

/** `fn` once the frame being drawn now has been presented (after the next animation frame). */
function afterNextFrame(clock: Clock, fn: () => void): void {
  if (typeof clock.requestAnimationFrame === 'function') clock.requestAnimationFrame(() => clock.setTimeout(fn, 0));
  else clock.setTimeout(fn, 0);
}

/** Resolves at the document's first contentful paint, or after `FIRST_PAINT_WAIT_MS`. */
function whenFirstPaint(doc: Document, clock: Clock, done: () => void): void {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    done();
  };
  clock.setTimeout(once, FIRST_PAINT_WAIT_MS);
  const Observer = doc.defaultView?.PerformanceObserver;
  if (
    doc.visibilityState !== 'visible' ||
    typeof Observer !== 'function' ||
    !Observer.supportedEntryTypes?.includes('paint')
  ) {
    afterNextFrame(clock, once);
    return;
  }
  const observer = new Observer((entries) => {
    if (entries.getEntries().some((e) => e.name === 'first-contentful-paint')) {
      observer.disconnect();
      afterNextFrame(clock, once);
    }
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Resolves once the boot screen's first picture (fetchpriority high) has loaded, or at once. */
function whenPicture(doc: Document, clock: Clock, done: () => void): void {
  const picture = doc.querySelector<HTMLImageElement>('#boot img[fetchpriority="high"]');
  if (!picture || picture.complete || doc.visibilityState !== 'visible') {
    done();
    return;
  }
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    afterNextFrame(clock, done);
  };
  picture.addEventListener('load', once, { once: true });
  picture.addEventListener('error', once, { once: true });
  clock.setTimeout(once, PICTURE_WAIT_MS);
}

/** Posts `message` to `worker`; resolves once it has answered (or failed), and terminates it. */
export function askWorker(worker: Worker, message: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const finish = () => {
      worker.terminate();
      resolve();
    };
    worker.addEventListener('message', finish, { once: true });
    worker.addEventListener('error', finish, { once: true });
    worker.postMessage(message);
  });
}

/**
 * Starts lib/intl-warm.worker.ts, which builds the first screens' date and number formats so that
 * ICU's locale data (cached for the whole renderer process) is loaded off the main thread; the
 * app waits for it through `INTL_WARM_KEY` (lib/intl-format.ts) rather than starting its own.
 * Started by the app, at its first idle moment, the worker shared the cores with the app's
 * first render and answered 1.7 s later, after /index's campaigns had built their date format on
 * the main thread (22 ms unthrottled); started at the first paint, it runs while the app's files
 * download.
 */
export function startIntlWarm(win: Window & typeof globalThis, url: string): IntlWarm | null {
  if (typeof win.Worker !== 'function') return null;
  let language = 'es';
  try {
    language = win.localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? language;
  } catch {
    // Storage blocked: the default language, as lib/i18n.ts's storedLanguage does.
  }
  let worker: Worker;
  try {
    worker = new win.Worker(url, { type: 'module' });
  } catch {
    return null;
  }
  const warm: IntlWarm = { language, done: askWorker(worker, language) };
  (win as unknown as Record<string, unknown>)[INTL_WARM_KEY] = warm;
  return warm;
}

/** The whole start-up: read the entry and the lists, wait for the content's paint, start the app. */
export function bootAfterContent(doc: Document, clock: Clock): void {
  const script = doc.getElementById(BOOT_SCRIPT_ID);
  const entry = script?.getAttribute('data-entry');
  if (!entry) return;
  const first = (script?.getAttribute('data-first') ?? '').split(' ').filter(Boolean);
  const files = bootFiles(doc);
  const intlWorker = script?.getAttribute('data-intl-worker');
  whenFirstPaint(doc, clock, () => {
    if (intlWorker && doc.defaultView) startIntlWarm(doc.defaultView, intlWorker);
    whenPicture(doc, clock, () => startApp(doc, entry, files, clock, first));
  });
}

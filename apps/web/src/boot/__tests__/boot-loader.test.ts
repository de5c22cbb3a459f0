import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bootAfterContent,
  bootFiles,
  FIRST_PAINT_WAIT_MS,
  INTL_WARM_KEY,
  LINK_BUDGET_MS,
  PICTURE_WAIT_MS,
  startApp,
  startIntlWarm,
  type IntlWarm,
} from '../boot-loader';

/** The <head> and boot screen the server sends: the build's list, a page's list, the loader. */
function page({ picture = false }: { picture?: boolean } = {}) {
  document.head.innerHTML = `
    <script type="application/json" class="pv-preloads">["/assets/i18n/es.json","/assets/index-a.js","/assets/react-b.js"]</script>
    <script type="application/json" class="pv-preloads">["/assets/help.page-c.js","/assets/help-d.css","/assets/react-b.js"]</script>
    <script type="application/json" class="pv-preloads">not json</script>
    <script id="pv-boot" defer src="/assets/boot-loader-e.js" data-entry="/assets/index-a.js"></script>`;
  document.body.innerHTML = `<div id="boot">${picture ? '<img fetchpriority="high" src="/x.avif">' : ''}</div><div id="root"></div>`;
}

const started = () => [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>)[INTL_WARM_KEY];
  localStorage.clear();
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the boot loader', () => {
  it('reads every list once, in order, and skips what is not a list', () => {
    page();
    expect(bootFiles(document)).toEqual([
      '/assets/i18n/es.json',
      '/assets/index-a.js',
      '/assets/react-b.js',
      '/assets/help.page-c.js',
      '/assets/help-d.css',
    ]);
  });

  it('runs the modules named first one at a time, each once the one before has run (or failed), then the entry', () => {
    page();
    const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')];
    startApp(document, '/assets/index-a.js', ['/assets/index-a.js', '/assets/react-b.js'], { setTimeout, now: () => 0 }, [
      '/assets/react-dom-first-f.js',
      '/assets/ionic-first-g.js',
    ]);
    // The files are all asked for at once; only the modules' evaluation waits its turn.
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(2);
    expect(started()).toEqual(['/assets/react-dom-first-f.js']);
    scripts()[0]!.dispatchEvent(new Event('load'));
    expect(started()).toEqual(['/assets/react-dom-first-f.js', '/assets/ionic-first-g.js']);
    // A module that could not load does not hold the app.
    scripts()[1]!.dispatchEvent(new Event('error'));
    scripts()[1]!.dispatchEvent(new Event('load'));
    expect(started()).toEqual(['/assets/react-dom-first-f.js', '/assets/ionic-first-g.js', '/assets/index-a.js']);
  });

  it('reads the modules to run first from the loader\'s element', async () => {
    vi.useFakeTimers();
    page();
    document.getElementById('pv-boot')!.setAttribute('data-first', '/assets/react-dom-first-f.js');
    bootAfterContent(document, window);
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS + PICTURE_WAIT_MS);
    expect(started()).toEqual(['/assets/react-dom-first-f.js']);
    document.head.querySelector<HTMLScriptElement>('script[type="module"]')!.dispatchEvent(new Event('load'));
    expect(started()).toEqual(['/assets/react-dom-first-f.js', '/assets/index-a.js']);
  });

  it('runs the entry and asks for each file the way the app then uses it, in CORS mode, yielding when a task has used its time', async () => {
    vi.useFakeTimers();
    page();
    const many = Array.from({ length: 5 }, (_, i) => `/assets/chunk-${i}.js`);
    // Each <link> costs half the budget on this clock: two per task, then a yield.
    let time = 0;
    const slow = { setTimeout, now: () => (time += LINK_BUDGET_MS / 2) };
    startApp(document, '/assets/index-a.js', many, slow);
    expect(started()).toEqual(['/assets/index-a.js']);
    expect(document.head.querySelectorAll('link')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(document.head.querySelectorAll('link')).toHaveLength(4);
    await vi.runAllTimersAsync();
    expect([...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'))).toEqual(many);

    // Where requests are cheap, all of them in the first task.
    document.head.innerHTML = '';
    page();
    startApp(document, '/assets/index-a.js', many, { setTimeout, now: () => 0 });
    expect(document.head.querySelectorAll('link')).toHaveLength(5);

    document.head.innerHTML = '';
    page();
    startApp(document, '/assets/index-a.js', bootFiles(document));
    await vi.advanceTimersByTimeAsync(0);
    const links = [...document.head.querySelectorAll('link')].map((l) => [
      l.rel,
      l.getAttribute('as'),
      l.getAttribute('href'),
      l.crossOrigin,
    ]);
    expect(links).toEqual([
      ['preload', 'fetch', '/assets/i18n/es.json', 'anonymous'],
      ['modulepreload', null, '/assets/index-a.js', 'anonymous'],
      ['modulepreload', null, '/assets/react-b.js', 'anonymous'],
      ['modulepreload', null, '/assets/help.page-c.js', 'anonymous'],
      ['preload', 'style', '/assets/help-d.css', 'anonymous'],
    ]);
    expect(started()).toEqual(['/assets/index-a.js']);
  });

  it('starts the app after the next frame where the browser reports no paint (jsdom), never before', async () => {
    vi.useFakeTimers();
    page();
    bootAfterContent(document, window);
    expect(started()).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(started()).toEqual(['/assets/index-a.js']);
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS);
    expect(started()).toHaveLength(1);
  });

  it("waits for the frame's first picture, and not longer than PICTURE_WAIT_MS", async () => {
    vi.useFakeTimers();
    page({ picture: true });
    bootAfterContent(document, window);
    await vi.advanceTimersByTimeAsync(50);
    expect(started()).toEqual([]);
    document.querySelector('img')!.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(50);
    expect(started()).toEqual(['/assets/index-a.js']);

    page({ picture: true });
    bootAfterContent(document, window);
    await vi.advanceTimersByTimeAsync(PICTURE_WAIT_MS - 50);
    expect(started()).toEqual([]);
    await vi.advanceTimersByTimeAsync(150);
    expect(started()).toEqual(['/assets/index-a.js']);
  });

  it('starts the locale-data worker at the first paint, in the stored language, and leaves its progress for the app', async () => {
    /** A Worker that answers its first message once `answer` is called. */
    const made: { url: string; posted: unknown[]; terminated: boolean; answer: () => void }[] = [];
    class FakeWorker extends EventTarget {
      record: (typeof made)[number];
      constructor(url: string) {
        super();
        this.record = {
          url,
          posted: [],
          terminated: false,
          answer: () => this.dispatchEvent(new MessageEvent('message')),
        };
        made.push(this.record);
      }
      postMessage(message: unknown) {
        this.record.posted.push(message);
      }
      terminate() {
        this.record.terminated = true;
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    vi.useFakeTimers();
    localStorage.setItem('language', 'en');
    page();
    document.getElementById('pv-boot')!.setAttribute('data-intl-worker', '/assets/intl-warm.worker-f.js');
    bootAfterContent(document, window);
    expect(made).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(50);
    expect(made.map((w) => [w.url, w.posted])).toEqual([['/assets/intl-warm.worker-f.js', ['en']]]);
    const warm = (window as unknown as Record<string, IntlWarm>)[INTL_WARM_KEY]!;
    expect(warm.language).toBe('en');
    let done = false;
    void warm.done.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    made[0]!.answer();
    await vi.waitFor(() => expect(done).toBe(true));
    expect(made[0]!.terminated).toBe(true);
  });

  it('leaves no progress where the browser has no workers', () => {
    vi.stubGlobal('Worker', undefined);
    expect(startIntlWarm(window, '/assets/intl-warm.worker-f.js')).toBeNull();
    expect((window as unknown as Record<string, unknown>)[INTL_WARM_KEY]).toBeUndefined();
  });

  it('does nothing without an entry', async () => {
    vi.useFakeTimers();
    document.head.innerHTML = '<script id="pv-boot" defer src="/assets/boot-loader-e.js"></script>';
    bootAfterContent(document, window);
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS + PICTURE_WAIT_MS);
    expect(document.head.querySelectorAll('link, script[type="module"]')).toHaveLength(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bootAfterContent,
  bootFiles,
  FIRST_PAINT_WAIT_MS,
  LINK_BUDGET_MS,
  PICTURE_WAIT_MS,
  startApp,
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

  it('does nothing without an entry', async () => {
    vi.useFakeTimers();
    document.head.innerHTML = '<script id="pv-boot" defer src="/assets/boot-loader-e.js"></script>';
    bootAfterContent(document, window);
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS + PICTURE_WAIT_MS);
    expect(document.head.querySelectorAll('link, script[type="module"]')).toHaveLength(0);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildBootLoader, deferBoot } from '../deferred-boot';

const BUILT = `<html><head>
    <link rel="preload" href="/assets/i18n/es.json" as="fetch" type="application/json" crossorigin="anonymous" />
    <!--preload--><!--/preload-->
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="modulepreload" crossorigin href="/assets/ionic-c.js">
  </head><body><div id="boot"></div><div id="root"></div>
    <link rel="stylesheet" crossorigin href="/assets/index-d.css">
  </body></html>`;

describe('deferred-boot', () => {
  it('leaves the browser nothing to fetch on its own but the stylesheet: one list and the loader', () => {
    const out = deferBoot(BUILT, '/assets/boot-loader-e.js');
    expect(out).not.toMatch(/<script type="module"|rel="modulepreload"|as="fetch"/);
    const list = /<script type="application\/json" class="pv-preloads">([^<]+)<\/script>/.exec(out)?.[1];
    expect(JSON.parse(list ?? 'null')).toEqual([
      '/assets/i18n/es.json',
      '/assets/index-a.js',
      '/assets/react-b.js',
      '/assets/ionic-c.js',
    ]);
    expect(out).toContain(
      '<script id="pv-boot" defer src="/assets/boot-loader-e.js" data-entry="/assets/index-a.js"></script>',
    );
    // The server's markers stay for the page's own files; the stylesheet stays a <link> (the frames are laid out with it).
    expect(out).toContain('<!--preload--><!--/preload-->');
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/index-d.css">');
    expect(out.indexOf('pv-boot')).toBeLessThan(out.indexOf('</head>'));
  });

  it('leaves a page without a module entry alone', () => {
    const html = '<html><head><link rel="modulepreload" href="/x.js"></head><body></body></html>';
    expect(deferBoot(html, '/assets/boot-loader-e.js')).toBe(html);
  });

  it('names the locale-data worker for the loader to start at the first paint, when the build has one', () => {
    expect(deferBoot(BUILT, '/assets/boot-loader-e.js', '/assets/intl-warm.worker-f.js')).toContain(
      '<script id="pv-boot" defer src="/assets/boot-loader-e.js" data-entry="/assets/index-a.js" data-intl-worker="/assets/intl-warm.worker-f.js"></script>',
    );
  });

  it('names the modules run before the entry, and lists them with the files to fetch at once', () => {
    const out = deferBoot(BUILT, '/assets/boot-loader-e.js', undefined, ['/assets/react-dom-first-g.js']);
    expect(out).toContain(
      '<script id="pv-boot" defer src="/assets/boot-loader-e.js" data-entry="/assets/index-a.js" data-first="/assets/react-dom-first-g.js"></script>',
    );
    const list = /class="pv-preloads">([^<]+)<\/script>/.exec(out)?.[1];
    expect(JSON.parse(list ?? 'null')).toEqual([
      '/assets/i18n/es.json',
      '/assets/react-dom-first-g.js',
      '/assets/index-a.js',
      '/assets/react-b.js',
      '/assets/ionic-c.js',
    ]);
  });

  it('builds the loader as one classic script: no import, no export', () => {
    const code = buildBootLoader(new URL('../..', import.meta.url).pathname);
    expect(code).not.toMatch(/\bimport\s*[({"']|\bexport\s/);
    expect(code).toContain('pv-preloads');
    expect(code.length).toBeLessThan(3000);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAppShell, pagePreloads, type BundleChunk } from '../app-shell';

const webRoot = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(webRoot, file), 'utf8'));
const routes = read('src/app/routes.json');

describe('app-shell.json', () => {
  it('gives every route with a fixed title its Spanish title, and the demo note', () => {
    const shell = buildAppShell(routes, read('public/assets/i18n/es.json'));
    expect(shell.routes).toContainEqual({ path: '/home', title: 'Mapa de Residuos' });
    expect(shell.routes).toContainEqual({ path: '/home/:id', title: 'Mapa de Residuos' });
    // The signed-in lists' bars name them too (their server frames draw the page's lead under it).
    expect(shell.routes).toContainEqual({ path: '/admin', title: 'Administración' });
    expect(shell.routes).toContainEqual({ path: '/app/tabs/request', title: 'Mis solicitudes' });
    // A route whose title depends on what it shows (a section, one request) has none.
    expect(shell.routes.find((r) => r.path === '/admin/:section')).toBeUndefined();
    expect(shell.routes.find((r) => r.path === '/app/tabs/request/:id')).toBeUndefined();
    expect(shell.demoNote).toMatch(/demostración/i);
  });

  it('names only keys that exist in English too', () => {
    expect(() => buildAppShell(routes, read('public/assets/i18n/en.json'))).not.toThrow();
  });

  it('fails the build on a title key without a translation', () => {
    const broken = { routes: [{ path: '/x', page: 'x', title: 'pages.nothing.title' }] };
    expect(() => buildAppShell(broken, read('public/assets/i18n/es.json'))).toThrow('pages.nothing.title');
  });
});

describe("each lazy page's preloads", () => {
  const chunk = (fileName: string, imports: string[], extra: Partial<BundleChunk> = {}): BundleChunk => ({
    type: 'chunk',
    fileName,
    isEntry: false,
    facadeModuleId: null,
    imports,
    ...extra,
  });
  const chunks = [
    chunk('assets/index-1.js', ['assets/react-2.js', 'assets/index.page-3.js'], {
      isEntry: true,
      facadeModuleId: '/app/index.html',
    }),
    chunk('assets/react-2.js', []),
    chunk('assets/index.page-3.js', [], { facadeModuleId: '/app/src/app/pages/index.page.tsx' }),
    chunk('assets/home.page-4.js', ['assets/react-2.js', 'assets/map-5.js'], {
      facadeModuleId: '/app/src/app/pages/home.page.tsx',
      viteMetadata: { importedCss: new Set(['assets/home-6.css']) },
    }),
    chunk('assets/map-5.js', ['assets/react-2.js'], { viteMetadata: { importedCss: new Set(['assets/map-7.css']) } }),
    chunk('assets/help.page-8.js', ['assets/map-5.js'], { facadeModuleId: 'C:\\app\\src\\app\\pages\\help.page.tsx' }),
    chunk('assets/leaflet-src-10.js', [], { moduleIds: ['/app/node_modules/leaflet/dist/leaflet-src.js'] }),
    chunk('assets/leaflet-11.js', [], {
      moduleIds: ['/app/node_modules/leaflet/dist/leaflet.css'],
      viteMetadata: { importedCss: new Set(['assets/leaflet-12.css']) },
    }),
  ];

  it("lists the page's chunk, its imports not in the entry, and their stylesheets", () => {
    const preloads = pagePreloads(['index', 'home', 'help', 'missing'], chunks);
    expect(preloads.get('home')).toEqual([
      'assets/home.page-4.js',
      'assets/map-5.js',
      'assets/home-6.css',
      'assets/map-7.css',
    ]);
    expect(preloads.get('help')).toEqual(['assets/help.page-8.js', 'assets/map-5.js', 'assets/map-7.css']);
    // In the entry already, or not built: nothing to name.
    expect(preloads.has('index')).toBe(false);
    expect(preloads.has('missing')).toBe(false);
  });

  it("measures against index.html's entry, not a module the boot loader runs before it", () => {
    const first = chunk('assets/react-dom-first-9.js', ['assets/react-2.js'], {
      isEntry: true,
      facadeModuleId: '/app/src/boot/react-dom-first.ts',
    });
    const preloads = pagePreloads(['index', 'home'], [first, ...chunks]);
    // map-5 is not in react-dom-first's closure but neither in the app's entry: still listed.
    expect(preloads.get('home')).toEqual([
      'assets/home.page-4.js',
      'assets/map-5.js',
      'assets/home-6.css',
      'assets/map-7.css',
    ]);
    // index.page-3 is in the app's entry: nothing to name.
    expect(preloads.has('index')).toBe(false);
  });

  it('adds the chunks of the packages a page loads on demand at once', () => {
    const preloads = pagePreloads(['home'], chunks, new Map([['home', ['leaflet']]]));
    expect(preloads.get('home')).toEqual([
      'assets/home.page-4.js',
      'assets/map-5.js',
      'assets/leaflet-src-10.js',
      'assets/leaflet-11.js',
      'assets/home-6.css',
      'assets/map-7.css',
      'assets/leaflet-12.css',
    ]);
  });

  it('goes into app-shell.json beside the titles, also for routes without a fixed title', () => {
    const table = {
      routes: [
        { path: '/home', page: 'home', title: 'pages.home.title' },
        { path: '/admin', page: 'admin' },
        { path: '/reports', page: 'reports' },
      ],
    };
    const shell = buildAppShell(
      table,
      read('public/assets/i18n/es.json'),
      new Map([['admin', ['assets/admin.page-9.js']]]),
    );
    expect(shell.routes).toEqual([
      { path: '/home', title: 'Mapa de Residuos' },
      { path: '/admin', preload: ['assets/admin.page-9.js'] },
    ]);
  });
});

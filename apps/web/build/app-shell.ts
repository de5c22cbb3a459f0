/**
 * Writes dist/app-shell.json: what the server needs to render the boot screen of each page into
 * index.html (apps/server/src/app-shell.ts) — the page's fixed title from routes.json and the
 * Spanish translation file, and the demo-mode note. So the first paint, before any script, is
 * already the page's own toolbar (and, in demo mode, its note), not a generic bar that the app
 * then replaces.
 *
 * It also lists, per route, the files of its lazily loaded page that the entry does not load:
 * the page's chunk, the chunks it imports and their stylesheets. The server names them in the
 * page's <head> (modulepreload / preload), so they download with the app's own code instead of
 * after it has started and asked for the page: one network round trip less before any page but
 * /index shows.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export type AppShellRoute = { path: string; title?: string; preload?: string[] };

export type AppShellFile = {
  appName: string;
  demoNote: string;
  routes: AppShellRoute[];
};

/** The parts of a bundled chunk this plugin reads (Rollup/Rolldown output chunk). */
export type BundleChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds?: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * For each page of the route table, the files its lazy chunk needs beyond the entry's: its
 * chunk, its static imports (recursively) and their stylesheets. Pages in the entry get none.
 * `packages` names, per page, packages the page always imports on demand at once (the map's
 * Leaflet): their chunks are listed too.
 */
export function pagePreloads(
  pages: string[],
  chunks: BundleChunk[],
  packages: Map<string, string[]> = new Map(),
): Map<string, string[]> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (chunk: BundleChunk, seen: Set<string> = new Set()): Set<string> => {
    if (seen.has(chunk.fileName)) return seen;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) closure(imported, seen);
    }
    return seen;
  };
  // The app's entry: index.html's, not a module the boot loader runs before it (deferred-boot.ts).
  const entry =
    chunks.find((c) => c.isEntry && c.facadeModuleId?.replaceAll('\\', '/').endsWith('/index.html')) ??
    chunks.find((c) => c.isEntry);
  const inEntry = entry ? closure(entry) : new Set<string>();
  const result = new Map<string, string[]>();
  for (const page of pages) {
    const suffix = `/src/app/pages/${page}.page.tsx`;
    const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(suffix));
    if (!chunk || inEntry.has(chunk.fileName)) continue;
    const seen = closure(chunk);
    for (const name of packages.get(page) ?? []) {
      const inPackage = (id: string) => id.replaceAll('\\', '/').includes(`/node_modules/${name}/`);
      for (const c of chunks) if (c.moduleIds?.some(inPackage)) closure(c, seen);
    }
    const files = [...seen].filter((file) => !inEntry.has(file));
    const css = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
    result.set(page, [...files, ...new Set(css)]);
  }
  return result;
}

type RouteTable = { routes: { path: string; page: string; title?: string; preloadPackages?: string[] }[] };
type Translations = { [key: string]: string | Translations };

export const APP_NAME = 'PuntoVerde';
export const DEMO_NOTE_KEY = 'identity.demo.banner';

function lookup(translations: Translations, key: string): string | undefined {
  let node: string | Translations | undefined = translations;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * The shell file for a route table, a translation file and each page's preloads; throws
 * naming any missing key.
 */
export function buildAppShell(
  table: RouteTable,
  translations: Translations,
  preloads: Map<string, string[]> = new Map(),
): AppShellFile {
  const text = (key: string): string => {
    const value = lookup(translations, key);
    if (value === undefined) throw new Error(`app-shell: no translation for ${key}`);
    return value;
  };
  return {
    appName: APP_NAME,
    demoNote: text(DEMO_NOTE_KEY),
    routes: table.routes.flatMap((r) => {
      const route: AppShellRoute = { path: r.path };
      if (r.title) route.title = text(r.title);
      const preload = preloads.get(r.page);
      if (preload?.length) route.preload = preload;
      return route.title || route.preload ? [route] : [];
    }),
  };
}

export function appShell(webRoot: string): Plugin {
  const read = (file: string): unknown => JSON.parse(readFileSync(path.join(webRoot, file), 'utf8'));
  return {
    name: 'puntoverde:app-shell',
    apply: 'build',
    // After Vite's own generateBundle hooks: its CSS plugin removes the chunks that held only
    // styles (moving their stylesheets to the importers), so the bundle seen here is what is written.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const table = read('src/app/routes.json') as RouteTable;
        const chunks = Object.values(bundle).filter((item): item is typeof item & BundleChunk => item.type === 'chunk');
        const packages = new Map(
          table.routes.flatMap((r) => (r.preloadPackages ? [[r.page, r.preloadPackages] as const] : [])),
        );
        const preloads = pagePreloads([...new Set(table.routes.map((r) => r.page))], chunks, packages);
        const shell = buildAppShell(table, read('public/assets/i18n/es.json') as Translations, preloads);
        const missing = shell.routes.flatMap((r) => (r.preload ?? []).filter((file) => !(file in bundle)));
        if (missing.length)
          this.error(`app-shell: preloads of files the build does not write: ${[...new Set(missing)].join(', ')}`);
        this.emitFile({ type: 'asset', fileName: 'app-shell.json', source: JSON.stringify(shell) });
      },
    },
  };
}

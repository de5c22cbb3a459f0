/**
 * Writes dist/app-shell.json: what the server needs to render the boot screen of each page into
 * index.html (apps/server/src/app-shell.ts) — the page's fixed title from routes.json and the
 * Spanish translation file, and the demo-mode note. So the first paint, before any script, is
 * already the page's own toolbar (and, in demo mode, its note), not a generic bar that the app
 * then replaces.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export type AppShellFile = {
  appName: string;
  demoNote: string;
  routes: { path: string; title: string }[];
};

type RouteTable = { routes: { path: string; page: string; title?: string }[] };
type Translations = { [key: string]: string | Translations };

export const APP_NAME = 'PuntoVerde';
export const DEMO_NOTE_KEY = 'identity.demo.banner';

function lookup(translations: Translations, key: string): string | undefined {
  let node: string | Translations | undefined = translations;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The shell file for a route table and a translation file; throws naming any missing key. */
export function buildAppShell(table: RouteTable, translations: Translations): AppShellFile {
  const text = (key: string): string => {
    const value = lookup(translations, key);
    if (value === undefined) throw new Error(`app-shell: no translation for ${key}`);
    return value;
  };
  return {
    appName: APP_NAME,
    demoNote: text(DEMO_NOTE_KEY),
    routes: table.routes.flatMap((r) => (r.title ? [{ path: r.path, title: text(r.title) }] : [])),
  };
}

export function appShell(webRoot: string): Plugin {
  const read = (file: string): unknown => JSON.parse(readFileSync(path.join(webRoot, file), 'utf8'));
  return {
    name: 'puntoverde:app-shell',
    apply: 'build',
    generateBundle() {
      const shell = buildAppShell(read('src/app/routes.json') as RouteTable, read('public/assets/i18n/es.json') as Translations);
      this.emitFile({ type: 'asset', fileName: 'app-shell.json', source: JSON.stringify(shell) });
    },
  };
}

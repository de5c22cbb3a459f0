/**
 * index.html's files, asked for once the page's content has painted (src/boot/boot-loader.ts).
 *
 * Vite writes the app's entry (`<script type="module">`) and its module preloads into index.html,
 * and the source names the translations' preload. The browser fetched all of them from the <head>
 * at once, beside the page's HTML content and its picture, and on a fast machine ran the app
 * before it had painted that content. (The app's stylesheet stays a <link>, after the boot screen
 * (stylesheet-after-boot.ts): the content frames are laid out with it, so it must apply before
 * their first paint, or they would move when it arrives.) This plugin replaces them with a list
 * (`<script type="application/json" class="pv-preloads">`) and one small deferred classic script,
 * built here from src/boot/boot-loader.entry.ts, that asks for the list after the first paint.
 * The server adds each page's own files as a second list (apps/server/src/app-shell.ts).
 *
 * The dev server keeps Vite's own tags (build only).
 */
import { buildSync } from 'esbuild';
import path from 'node:path';
import type { Plugin } from 'vite';

const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;
const FETCH_PRELOAD = /<link rel="preload"[^>]*\shref="([^"]+\.json)"[^>]*\sas="fetch"[^>]*>\s*/g;

/**
 * index.html with its entry, module preloads and fetch preloads replaced by the boot loader (at
 * `loader`) and their list, in the order the app needs them: the translations, the modules run
 * before the entry (`first`), the entry, its modules. Unchanged when it has no module entry.
 */
export function deferBoot(html: string, loader: string, intlWorker?: string, first: string[] = []): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry?.[1]) return html;
  const src = entry[1];
  const take = (pattern: RegExp, from: string) => [...from.matchAll(pattern)].map((m) => m[1] as string);
  const files = [...take(FETCH_PRELOAD, html), ...first, src, ...take(MODULE_PRELOAD, html)].filter(
    (file, i, all) => all.indexOf(file) === i,
  );
  let out = html.replace(ENTRY_SCRIPT, '');
  for (const pattern of [MODULE_PRELOAD, FETCH_PRELOAD]) out = out.replace(pattern, '');
  // File names are the build's own (no quote or `<` can occur), JSON-encoded for the loader.
  const tags =
    `<script type="application/json" class="pv-preloads">${JSON.stringify(files)}</script>\n    ` +
    `<script id="pv-boot" defer src="${loader}" data-entry="${src}"` +
    `${first.length ? ` data-first="${first.join(' ')}"` : ''}` +
    `${intlWorker ? ` data-intl-worker="${intlWorker}"` : ''}></script>\n  `;
  return out.replace('</head>', `  ${tags}</head>`);
}

/** The boot loader as one minified classic script (no imports, no module syntax). */
export function buildBootLoader(root: string): string {
  const result = buildSync({
    entryPoints: [path.join(root, 'src/boot/boot-loader.entry.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2019',
    write: false,
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('deferred-boot: esbuild wrote no boot loader');
  return file.text;
}

/**
 * Build inputs besides index.html: modules the boot loader runs before the app's entry, one per
 * task, each importing one large library the entry imports too (src/boot/*-first.ts). A module
 * graph is evaluated in one task: the entry's, React DOM with Ionic and the app, was the longest
 * task of every page's start-up (~15 ms of CPU here, about four times that on a phone). Run
 * first, React DOM's evaluation is a task of its own, and the entry's graph finds it done.
 */
export const FIRST_MODULES: Record<string, string> = {
  'react-dom-first': 'src/boot/react-dom-first.ts',
};

export function deferredBoot(root: string): Plugin {
  let ref = '';
  return {
    name: 'puntoverde:deferred-boot',
    apply: 'build',
    buildStart() {
      ref = this.emitFile({ type: 'asset', name: 'boot-loader.js', source: buildBootLoader(root) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const loader = Object.keys(bundle).find((file) => /^assets\/boot-loader-[\w-]+\.js$/.test(file));
        if (!loader) throw new Error(`deferred-boot: the build wrote no boot loader (${ref})`);
        // The worker that loads the date and number formats' locale data, which the loader starts
        // at the first paint (src/lib/intl-warm.worker.ts).
        const intlWorker = Object.keys(bundle).find((file) =>
          /^assets\/intl-warm\.worker-[\w-]+\.js$/.test(file),
        );
        const first = Object.keys(FIRST_MODULES).map((name) => {
          const file = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry && item.name === name);
          if (!file) throw new Error(`deferred-boot: the build wrote no ${name} module`);
          return `/${file.fileName}`;
        });
        return deferBoot(html, `/${loader}`, intlWorker ? `/${intlWorker}` : undefined, first);
      },
    },
  };
}

import { z } from 'zod';

/**
 * The boot screen the server writes into index.html for each page: the page's toolbar with its
 * title and, in demo mode, the demo note — the first paint, before any script has loaded. The web
 * build describes it in dist/app-shell.json (apps/web/build/app-shell.ts); the app removes it once
 * its first page has rendered underneath (apps/web/src/lib/boot-screen.ts).
 *
 * The same file lists each lazily loaded page's own files; the server names them in the page's
 * <head> so the browser fetches them alongside the app's code, not after it.
 */
/** A built asset: only names the build writes (no path, query or markup can get through). */
const ZAssetFile = z.string().regex(/^assets\/[\w.-]+\.(?:js|css)$/);

export const ZAppShell = z.object({
  appName: z.string().min(1),
  demoNote: z.string(),
  routes: z.array(
    z.object({
      path: z.string().startsWith('/'),
      title: z.string().min(1).optional(),
      preload: z.array(ZAssetFile).optional(),
    }),
  ),
});
export type AppShell = z.infer<typeof ZAppShell>;
export type AppShellRoute = AppShell['routes'][number];

/** The markers around the boot screen's content in index.html. */
const BOOT_REGION = /<!--boot-->[\s\S]*?<!--\/boot-->/;
/** The markers in index.html's <head> where a page's preloads go. */
const PRELOAD_REGION = /<!--preload-->[\s\S]*?<!--\/preload-->/;

/** Whether a route pattern of the web app (`/home/:id`) matches a path. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? (have[i] ?? '') !== '' : segment === have[i]));
}

/**
 * The route of the web app a path opens, as its router picks it: among the matching patterns the
 * one with the most fixed segments (`/admin/pqr` before `/admin/:section`), else the first.
 */
export function shellRoute(shell: AppShell, pathname: string): AppShellRoute | undefined {
  // `/` opens /index; a trailing slash is the same route (the router ignores it too).
  const path = pathname === '/' ? '/index' : pathname.replace(/\/+$/, '');
  const fixedSegments = (pattern: string) => pattern.split('/').filter((s) => !s.startsWith(':')).length;
  let best: AppShellRoute | undefined;
  for (const route of shell.routes) {
    if (matchesRoute(route.path, path) && (!best || fixedSegments(route.path) > fixedSegments(best.path))) best = route;
  }
  return best;
}

/** The title the boot screen shows for a path: its page's fixed title, else the app's name. */
export function shellTitle(shell: AppShell, pathname: string): string {
  return shellRoute(shell, pathname)?.title ?? shell.appName;
}

/**
 * A page's own files (module chunks and stylesheets) as a list for the web app's boot loader
 * (apps/web/src/boot/boot-loader.ts), which asks for them with the app's code once the page's
 * content has painted: as `<link rel="modulepreload">` / `rel="stylesheet"` in CORS mode, as the
 * app then asks for them. File names are checked against the build's pattern (ZAssetFile), so
 * no quote or `<` can occur; the list is JSON.
 */
export function renderPreloads(route: AppShellRoute | undefined): string {
  const files = route?.preload ?? [];
  if (files.length === 0) return '';
  return `<script type="application/json" class="pv-preloads">${JSON.stringify(files.map((file) => `/${file}`))}</script>`;
}

/** index.html with `content` between its preload markers (unchanged when it has none). */
export function embedPreloads(html: string, content: string): string {
  return html.replace(PRELOAD_REGION, () => `<!--preload-->${content}<!--/preload-->`);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The boot screen's content: the same classes as the app's toolbar and demo note, so nothing
 * moves when the app takes over. `frame` is the page's content rendered by the server
 * (page-frames.ts, already escaped HTML): it goes under the note in a scrolling area like the
 * app's page content.
 */
export function renderBootScreen(shell: AppShell, title: string, demo: boolean, frame: string | null = null): string {
  const bar = `<div class="boot-bar">${escapeHtml(title)}</div>`;
  const note = demo && shell.demoNote ? `<p class="pv-demo-note">${escapeHtml(shell.demoNote)}</p>` : '';
  if (frame) return `${bar}<div class="boot-content"><div class="page-body">${note}${frame}</div></div>`;
  return note ? `${bar}<div class="page-body">${note}</div>` : bar;
}

/** The app's stylesheets a page links, as one inline <style> (a page with a content frame needs them for its first paint). */
export const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g;

/**
 * index.html naming its page in <title> ("Mis solicitudes · PuntoVerde", WCAG 2.4.2), as the app
 * does once it runs (apps/web/src/lib/route-focus.ts documentTitle): a page without a fixed
 * title keeps the app's name.
 */
export function embedTitle(html: string, shell: AppShell, pageTitle: string): string {
  const text = pageTitle && pageTitle !== shell.appName ? `${pageTitle} · ${shell.appName}` : shell.appName;
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(text)}</title>`);
}

/** index.html with `content` between its boot markers (unchanged when it has none). */
export function embedBootScreen(html: string, content: string): string {
  return html.replace(BOOT_REGION, () => `<!--boot-->${content}<!--/boot-->`);
}

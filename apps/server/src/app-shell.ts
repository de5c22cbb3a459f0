import { z } from 'zod';

/**
 * The boot screen the server writes into index.html for each page: the page's toolbar with its
 * title and, in demo mode, the demo note — the first paint, before any script has loaded. The web
 * build describes it in dist/app-shell.json (apps/web/build/app-shell.ts); the app removes it once
 * its first page has rendered underneath (apps/web/src/lib/boot-screen.ts).
 */
export const ZAppShell = z.object({
  appName: z.string().min(1),
  demoNote: z.string(),
  routes: z.array(z.object({ path: z.string().startsWith('/'), title: z.string().min(1) })),
});
export type AppShell = z.infer<typeof ZAppShell>;

/** The markers around the boot screen's content in index.html. */
const BOOT_REGION = /<!--boot-->[\s\S]*?<!--\/boot-->/;

/** Whether a route pattern of the web app (`/home/:id`) matches a path. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? (have[i] ?? '') !== '' : segment === have[i]));
}

/** The title the boot screen shows for a path: its page's fixed title, else the app's name. */
export function shellTitle(shell: AppShell, pathname: string): string {
  // `/` opens /index; a trailing slash is the same route (the router ignores it too).
  const path = pathname === '/' ? '/index' : pathname.replace(/\/+$/, '');
  return shell.routes.find((r) => matchesRoute(r.path, path))?.title ?? shell.appName;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The boot screen's content: the same classes as the app's toolbar and demo note, so nothing moves when the app takes over. */
export function renderBootScreen(shell: AppShell, title: string, demo: boolean): string {
  const bar = `<div class="boot-bar">${escapeHtml(title)}</div>`;
  return demo && shell.demoNote ? `${bar}<div class="page-body"><p class="pv-demo-note">${escapeHtml(shell.demoNote)}</p></div>` : bar;
}

/** index.html with `content` between its boot markers (unchanged when it has none). */
export function embedBootScreen(html: string, content: string): string {
  return html.replace(BOOT_REGION, () => `<!--boot-->${content}<!--/boot-->`);
}

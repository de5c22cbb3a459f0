/**
 * Moves the app's stylesheet link from <head> to the end of <body>, after the boot screen.
 * In <head> it held the first paint until it had loaded (30 kB of Ionic and app styles the
 * boot screen does not use: index.html styles the boot screen inline). After the boot screen
 * the browser paints the boot screen at once and the stylesheet still loads before any module
 * script runs (deferred scripts wait for the document's pending style sheets), so the app never
 * renders unstyled.
 */
import type { Plugin } from 'vite';

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>\s*/g;

export function moveStylesheetsAfterBoot(html: string): string {
  const links = html.match(STYLESHEET);
  if (!links || !html.includes('</body>')) return html;
  const head = html.slice(0, html.indexOf('</head>'));
  const moved = links.filter((link) => head.includes(link));
  let out = html;
  for (const link of moved) out = out.replace(link, '');
  return out.replace('</body>', `    ${moved.map((l) => l.trim()).join('\n    ')}\n  </body>`);
}

export function stylesheetAfterBoot(): Plugin {
  return {
    name: 'puntoverde:stylesheet-after-boot',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: moveStylesheetsAfterBoot },
  };
}

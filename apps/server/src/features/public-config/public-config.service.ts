import { DEFAULT_BRANDING, type PublicBranding, type PublicConfig } from '@puntoverde/contract';
import type { Config } from '../../config.js';

/** The public, non-secret settings the web app needs at start (GET v1/config and index.html). */
export function publicConfigOf(config: Pick<Config, 'demo' | 'tileUrl'>, branding: PublicBranding = DEFAULT_BRANDING): PublicConfig {
  return { demo: config.demo, tile_url: config.tileUrl, branding };
}

/** Id of the JSON block index.html carries the public config in (read by the web app's lib/embedded-config). */
export const EMBEDDED_CONFIG_ID = 'pv-public-config';

/**
 * index.html with the public config embedded before `</head>`, so the first render has it
 * without a request (the demo note, the map's tiles). A JSON block is not executed, so the
 * CSP's `script-src 'self'` still holds; `<` is escaped so no value can close the element.
 */
export function embedPublicConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${EMBEDDED_CONFIG_ID}">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : html;
}

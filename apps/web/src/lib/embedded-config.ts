/**
 * The public config the server embeds in index.html (`<script type="application/json"
 * id="pv-public-config">`, apps/server/src/features/public-config/public-config.service.ts), read once, synchronously: the
 * first render knows the demo flag and the map's tiles without a request. `null` when the
 * page has no such block (the Vite dev server) or it is malformed: callers then fetch
 * GET v1/config.
 */
import { DEFAULT_BRANDING, type PublicBranding } from '@puntoverde/contract';

export interface EmbeddedPublicConfig {
  demo: boolean;
  tile_url: string;
  /** The scheme's brand; the defaults when the server sent none. */
  branding: PublicBranding;
}

const ELEMENT_ID = 'pv-public-config';

/** The scheme's brand as the page was served with it (the defaults without an embedded config). */
export function embeddedBranding(): PublicBranding {
  return embeddedPublicConfig()?.branding ?? DEFAULT_BRANDING;
}
let read = false;
let value: EmbeddedPublicConfig | null = null;

function parse(text: string | null | undefined): EmbeddedPublicConfig | null {
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<EmbeddedPublicConfig> | null;
    if (!data || typeof data.demo !== 'boolean' || typeof data.tile_url !== 'string') return null;
    const branding = data.branding && typeof data.branding.name === 'string' ? { ...DEFAULT_BRANDING, ...data.branding } : DEFAULT_BRANDING;
    return { demo: data.demo, tile_url: data.tile_url, branding };
  } catch {
    return null;
  }
}

export function embeddedPublicConfig(): EmbeddedPublicConfig | null {
  if (!read && typeof document !== 'undefined') {
    value = parse(document.getElementById(ELEMENT_ID)?.textContent);
    read = true;
  }
  return value;
}

/** Test hook: read the document again on the next call. */
export function resetEmbeddedPublicConfig(): void {
  read = false;
  value = null;
}

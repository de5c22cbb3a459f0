/**
 * The answers a public page was rendered from, embedded by the server beside the page's content
 * (`<script type="application/json" id="pv-page-data">`, apps/server/src/page-frames.ts): a map
 * from the API path the app asks (`v1/campaigns?status=ongoing&page=1&page_size=12`) to the
 * response body. The app's first anonymous GET of such a path takes it instead of fetching, so
 * the page shows the data the HTML already painted without a second round trip. Each answer
 * serves once: a later refetch goes to the network.
 */
import { API_BASE_PATH } from '@puntoverde/contract';

const ELEMENT_ID = 'pv-page-data';

let answers: Map<string, unknown> | null = null;
/** When the server computed the answers (ms since the epoch), or NaN when the block does not say. */
let renderedAt = Number.NaN;
/** How far the device's `?at=` may be from the server's render time for a clock-dependent answer. */
const CLOCK_TOLERANCE_MS = 60_000;

/**
 * The key of an answer: relative to the API base (the server writes `v1/points/12`, the app asks
 * `/back/api/v1/points/12`, both mean the same call), without `?at=` (the time a point's opening
 * state is computed for differs by milliseconds between server and app).
 */
export function normalizePagePath(path: string): string {
  const relative = path.startsWith(API_BASE_PATH) ? path.slice(API_BASE_PATH.length) : path;
  return relative.replace(/([?&])at=[^&]*&?/, '$1').replace(/[?&]$/, '');
}

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  if (typeof document === 'undefined') return answers;
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return answers;
  try {
    const data = JSON.parse(text) as unknown;
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
      for (const [path, body] of Object.entries(data)) {
        if (path === '@rendered_at') renderedAt = typeof body === 'string' ? Date.parse(body) : Number.NaN;
        else answers.set(normalizePagePath(path), body);
      }
    }
  } catch {
    // A malformed block: the app fetches as usual.
  }
  return answers;
}

/** The embedded answer to `path`, once; undefined when the page has none. */
export function takeEmbeddedAnswer(path: string): unknown {
  const map = read();
  const key = normalizePagePath(path);
  const body = map.get(key);
  map.delete(key);
  // An answer computed for another moment ("abierto ahora" at the server's time, the device asks
  // for its own clock): fetch instead.
  const at = /[?&]at=([^&]*)/.exec(path)?.[1];
  if (at !== undefined && !(Math.abs(Date.parse(decodeURIComponent(at)) - renderedAt) <= CLOCK_TOLERANCE_MS)) return undefined;
  return body;
}

/** When the server computed the page's answers (ms since the epoch); undefined when it does not say. */
export function embeddedRenderedAt(): number | undefined {
  read();
  return Number.isNaN(renderedAt) ? undefined : renderedAt;
}

/** Test hook: read the document again on the next call. */
export function resetEmbeddedPageData(): void {
  answers = null;
  renderedAt = Number.NaN;
}

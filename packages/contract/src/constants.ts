/**
 * Business constants from the specification (shared/spec/seed-spec.md §9 and §2).
 * Both the server and the web app read them from here; nothing else hard-codes them.
 */

/** Local storage key holding the whole `data` object of login/sign-up (spec §3, §9). */
export const STORAGE_KEY_CURRENT_USER = 'currentUser';

/** Path prefix of every API call (spec §9). */
export const API_BASE_PATH = '/back/api/';
/** New RESTful resources live under this prefix (DESIGN.md §4). */
export const API_V1_PATH = '/back/api/v1/';

/** Toast durations in milliseconds (spec §9). */
export const TOAST_DURATION_MS = 3000;
export const TOAST_LONG_DURATION_MS = 5000;

/** The side menu becomes a permanent split pane at this width or more (spec §2, §9). */
export const SPLIT_PANE_MIN_WIDTH_PX = 2400;
/** Media query Ionic's IonSplitPane `when` understands for the width above. */
export const SPLIT_PANE_MEDIA_QUERY = `(min-width: ${SPLIT_PANE_MIN_WIDTH_PX}px)`;

/** The logged-in flag is updated this long after a session event (spec §4, §9). */
export const LOGGED_IN_FLAG_DELAY_MS = 300;

/** Upload limits in KiB (spec §9 sizeImg/sizeDoc; DESIGN.md §3 takes them as KiB). */
export const SIZE_IMG_KIB = 1536;
export const SIZE_DOC_KIB = 2048;
export const SIZE_IMG_BYTES = SIZE_IMG_KIB * 1024;
export const SIZE_DOC_BYTES = SIZE_DOC_KIB * 1024;

/** Geolocation options (spec §9). */
export const GEOLOCATION_TIMEOUT_MS = 10000;
export const GEOLOCATION_HIGH_ACCURACY = true;

/** Map container rules (spec §5, §8, §9). */
export const MAP_MIN_WIDTH_PX = 100;
export const MAP_MIN_HEIGHT_PX = 100;
export const MAP_LOOKUP_INTERVAL_MS = 100;
export const MAP_LOOKUP_MAX_ATTEMPTS = 20;

/** Identity constants (spec §5, §9). */
export const TOKEN_REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 6;
export const IDENTITY_POPUP_POLL_MS = 2000;
export const IDENTITY_TIMEOUT_SHORT_MS = 30000;
export const IDENTITY_TIMEOUT_LONG_MS = 60000;
export const IDENTITY_SCRIPT_LOAD_TIMEOUT_MS = 5000;

/** Session events published on the client bus (spec §4). */
export const SESSION_EVENTS = {
  login: 'user:login',
  signup: 'user:signup',
  logout: 'user:logout',
} as const;
export type SessionEvent = (typeof SESSION_EVENTS)[keyof typeof SESSION_EVENTS];

/** Name of the refresh timestamp query parameter added on menu navigation (spec §2). */
export const REFRESH_PARAM = 'refresh';

/** Languages with a translation file under assets/i18n/{lang}.json. */
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** Demo accounts share this password (identity issue, demo mode). */
export const DEMO_PASSWORD = 'PuntoVerde2026!';

export const PASSWORD_MAX_LENGTH = 128;

/**
 * A whole number as es-CO writes it (`4.000`, `10.000`): what `n.toLocaleString('es-CO')` gives,
 * without Intl. The contract's messages are built when their module loads, and the first Intl
 * call of a page loads the ICU locale data (tens of milliseconds on a phone) in that moment.
 */
export function formatIntegerEsCo(n: number): string {
  const digits = String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return n < 0 ? `-${digits}` : digits;
}

/** The back office's resources (`{path}/users`, `{path}/points`...), staff only. */
export const ADMIN_API_PATH = '/back/api/v1/admin';

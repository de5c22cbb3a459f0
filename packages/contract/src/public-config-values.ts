/** The public settings' path, apart from its schema (public-config.ts): the app reads it at start-up. */

/** GET: the few server settings the web app needs before anyone logs in. */
export const PUBLIC_CONFIG_PATH = '/back/api/v1/config';

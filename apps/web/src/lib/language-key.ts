/** Where the chosen language is kept (localStorage): read by lib/i18n.ts and by the boot loader. */
export const LANGUAGE_STORAGE_KEY = 'language';

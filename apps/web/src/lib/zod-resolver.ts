/**
 * The forms' zod resolver, with zod's own messages in the app's language.
 *
 * The contract's schemas name most problems in Spanish (translated on screen by
 * field-messages.ts); what they leave to zod ("too small", "invalid type"…) comes from zod's
 * locale. One error map per language, chosen at the moment of the issue so that switching the
 * language applies to the next validation. zod reads `localeError` from its global config
 * (zod-without-eval.ts sets that object before zod loads); it is set here rather than there
 * because the locales would otherwise weigh on the first screen, which does not load zod.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import en from 'zod/v4/locales/en.js';
import es from 'zod/v4/locales/es.js';
import type { $ZodConfig } from 'zod/v4/core';
import { currentLanguage } from './i18n';

const ERROR_MAPS = { es: es().localeError, en: en().localeError } as const;

const localeError: NonNullable<$ZodConfig['localeError']> = (issue) => ERROR_MAPS[currentLanguage()](issue);

globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { localeError });

export { zodResolver };

/**
 * Tells zod, before it loads, that the app runs without eval.
 *
 * The pages' Content Security Policy forbids eval (`script-src 'self'`, no 'unsafe-eval':
 * apps/server/src/plugins/security.ts). Unless told so, zod finds out by trying `new Function`
 * when it builds its first object schema: the CSP blocks it and zod catches the error, but
 * Chrome still reports the blocked eval as a Content Security Policy issue (Lighthouse's best
 * practices, `inspector-issues`). With `jitless` zod skips the probe; parsing is the same, only
 * interpreted.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` and reads one set there before it
 * loads (zod/src/v4/core/core.ts) — the way to configure it without importing it: zod is not in
 * the first screen's JavaScript (scripts/size-check.mjs) and a `z.config()` call here would put
 * it there. main.tsx imports this module first, before anything can load zod.
 */
import type { $ZodConfig } from 'zod/v4/core';

declare global {
  var __zod_globalConfig: $ZodConfig | undefined;
}

globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });

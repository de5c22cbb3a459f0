#!/usr/bin/env node
/**
 * Size budget check for the built web app (plain Node, no dependencies).
 *
 * Reads dist/.vite/manifest.json and reports, in KiB of gzip:
 *   - entry: the entry chunk (index.html's script) plus every chunk it imports statically,
 *     recursively: the JavaScript loaded before the first paint;
 *   - per route (src/app/routes.json): the extra JavaScript its lazy page chunk adds on top
 *     of the entry (its own chunk plus static imports not already in the entry).
 * The /index figure (entry + the index page chunk if it is lazy) must stay within the budget,
 * every other route within its own (ROUTE_BUDGETS_KIB: each route of routes.json needs one),
 * and the JavaScript of the first screens (ZOD_FREE_ROUTES) must not contain the schema library
 * zod: evaluating it costs a phone ~150 ms of main thread at start-up.
 *
 * Usage: node scripts/size-check.mjs [--dist <dir>] [--out <file>] [--budget <kib>]
 * Writes { budget_kib, entry_kib, routes: { '/index': kib, ... }, page_kib: { ... } } to --out
 * (default <dist>/size-report.json): `routes` holds each route's total (entry + its page),
 * `page_kib` the page's own extra, `route_budgets_kib` the budgets. Exits 1 when a route is over
 * its budget, 2 on bad input (a route without a budget).
 */
import { existsSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DEFAULT_BUDGET_KIB = 170;
/**
 * KiB of gzipped JavaScript each route loads for its first screen (the entry and its page's
 * chunks): the figure measured when the budget was set plus a few KiB, so growth is a decision.
 * /index's comes from --budget (DEFAULT_BUDGET_KIB).
 */
const ROUTE_BUDGETS_KIB = {
  '/index': 170,
  '/home': 170, // the first-screen budget of /index and /home
  '/home/:id': 170,
  '/map/:id': 175,
  '/allies': 200,
  '/campaign': 205,
  '/auth/login': 225,
  '/auth/signup': 165,
  '/auth/signup-client': 225,
  '/auth/signup-company': 225,
  '/auth/forgot-password': 220,
  '/auth/profile/:id_user': 230,
  '/auth/verify-email': 195,
  '/data-policy': 190,
  '/contact': 175,
  '/accesibilidad': 175,
  '/help': 190,
  '/page-not-found': 160,
  '/complete-client': 225,
  '/complete-company': 225,
  // The lists are the first screens; a request's page and the form load when opened.
  '/app/tabs/prequest': 172,
  '/app/tabs/prequest/:id': 172,
  // A household's list also lays out a request beside it on a desktop (components/list-detail.tsx).
  '/app/tabs/request': 180,
  '/app/tabs/request/:id': 180,
  '/app/tabs/points': 176,
  '/app/tabs/branch-offices/list/:id': 226,
  // The list with its map and handling inbox; the form, a report's page, the figures and the
  // certificates load when opened. Its error messages (api-errors: every server error code's
  // Spanish text) grow with each feature's codes.
  '/app/tabs/reports': 208,
  '/app/tabs/reports/:number': 208,
  '/reports/follow-up': 168,
  '/admin': 180, // sections load when opened
  '/admin/:section': 180,
  '/admin/pqr': 230,
  '/admin/pqr/:radicado': 230,
  '/auth/branch-invitation': 220,
  '/verificar/:code': 165,
  // The coordinator's organisation (its forms), a member's id card, the card's public check.
  '/app/tabs/recyclers/:id': 175,
  '/app/tabs/recyclers/:id/members/:memberId/card': 172,
  '/app/tabs/mis-pesajes': 175,
  // Mi ruta de hoy: the route, its stops' outcome (outbox) and the open pickups; Leaflet loads on demand.
  '/app/tabs/mi-ruta': 185,
  '/verificar-reciclador/:code': 165,
  '/notifications': 190,
  // Balance, offers, codes and history; the ally's counter (its offers and form load below it).
  '/recompensas': 172,
  '/recompensas/aliado': 172,
};
/** Routes whose first screen must not load zod (the contract's plain values are zod-free). */
const ZOD_FREE_ROUTES = [
  '/index',
  '/home',
  '/home/:id',
  '/map/:id',
  '/allies',
  '/campaign',
  '/contact',
  '/help',
  // The forms' validation loads on first focus (lib/lazy-resolver.ts), not with the page.
  '/auth/login',
  '/auth/signup-client',
  '/auth/signup-company',
  '/auth/profile/:id_user',
  '/app/tabs/request',
  '/app/tabs/prequest',
  '/app/tabs/points',
  '/app/tabs/reports',
  '/admin',
  '/recompensas',
  '/recompensas/aliado',
];
/**
 * Modules every page loads after start-up (app.tsx's lazy runtimes, the side menu) that must not
 * load zod either: its evaluation was the longest task of their arrival.
 */
const ZOD_FREE_MODULES = [
  'src/app/side-menu.tsx',
  'src/features/requests/components/live-updates.tsx',
  'src/app/offline-runtime.tsx',
  'src/features/notifications/components/in-app-alerts.tsx',
];
/** Every zod v4 schema keeps its internals under `._zod`; minifiers keep property names. */
const ZOD_SIGNATURE = '._zod';
const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const args = { dist: join(webRoot, 'dist'), out: undefined, budget: DEFAULT_BUDGET_KIB };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    if ((flag === '--out' || flag === '--dist' || flag === '--budget') && value === undefined) {
      throw new Error(`${flag} needs a value`);
    }
    if (flag === '--out') args.out = resolve(value);
    else if (flag === '--dist') args.dist = resolve(value);
    else if (flag === '--budget') args.budget = Number(value);
    else throw new Error(`Unknown argument: ${flag}`);
    i += 1;
  }
  args.out ??= join(args.dist, 'size-report.json');
  return args;
}

const kib = (bytes) => Math.round((bytes / 1024) * 100) / 100;

function main() {
  const args = parseArgs(process.argv.slice(2));
  const manifestPath = join(args.dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No ${manifestPath}: run \`vite build\` (build.manifest must be on) first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const routeTable = JSON.parse(readFileSync(join(webRoot, 'src', 'app', 'routes.json'), 'utf8')).routes;

  const gzipCache = new Map();
  const gzipBytes = (key) => {
    if (!gzipCache.has(key)) {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`Manifest has no chunk "${key}"`);
      gzipCache.set(
        key,
        chunk.file.endsWith('.js') ? gzipSync(readFileSync(join(args.dist, chunk.file)), { level: 9 }).length : 0,
      );
    }
    return gzipCache.get(key);
  };
  /** The chunk and everything it imports statically, recursively. */
  const staticClosure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
    return seen;
  };
  const sum = (keys) => [...keys].reduce((total, key) => total + gzipBytes(key), 0);

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('The manifest has no index.html entry');
  const entryChunks = staticClosure(entryKey);
  const entryBytes = sum(entryChunks);

  const routes = {};
  const pageKib = {};
  const rows = [];
  const zodLoadedBy = [];
  const zodChunksOf = (chunks) =>
    [...chunks].filter(
      (chunk) =>
        manifest[chunk].file.endsWith('.js') &&
        readFileSync(join(args.dist, manifest[chunk].file), 'utf8').includes(ZOD_SIGNATURE),
    );
  for (const key of ZOD_FREE_MODULES) {
    if (!manifest[key]) throw new Error(`${key}: no chunk in the manifest`);
    const withZod = zodChunksOf(staticClosure(key));
    if (withZod.length > 0) zodLoadedBy.push(`${key} (${withZod.map((chunk) => manifest[chunk].file).join(', ')})`);
  }
  for (const { path, page } of routeTable) {
    const key = `src/app/pages/${page}.page.tsx`;
    let extra = 0;
    let loading = 'entry';
    if (manifest[key] && !entryChunks.has(key)) {
      const extraChunks = [...staticClosure(key)].filter((chunk) => !entryChunks.has(chunk));
      extra = sum(extraChunks);
      loading = 'lazy';
    } else if (!manifest[key] && page !== 'index') {
      throw new Error(`Route ${path}: no chunk for ${key} in the manifest`);
    }
    if (ZOD_FREE_ROUTES.includes(path)) {
      const chunks = new Set([...entryChunks, ...(manifest[key] ? staticClosure(key) : [])]);
      const withZod = zodChunksOf(chunks);
      if (withZod.length > 0) zodLoadedBy.push(`${path} (${withZod.map((chunk) => manifest[chunk].file).join(', ')})`);
    }
    routes[path] = kib(entryBytes + extra);
    pageKib[path] = kib(extra);
    rows.push({ route: path, loading, 'page KiB': kib(extra), 'total KiB': kib(entryBytes + extra), 'budget KiB': path === '/index' ? args.budget : ROUTE_BUDGETS_KIB[path] });
  }

  const indexKib = routes['/index'];
  const budgets = { ...ROUTE_BUDGETS_KIB, '/index': args.budget };
  const unbudgeted = Object.keys(routes).filter((path) => budgets[path] === undefined);
  if (unbudgeted.length > 0) throw new Error(`no size budget for ${unbudgeted.join(', ')}: add it to ROUTE_BUDGETS_KIB`);
  const over = Object.entries(routes).filter(([path, total]) => path !== '/index' && total > budgets[path]);
  const report = {
    budget_kib: args.budget,
    entry_kib: kib(entryBytes),
    routes,
    page_kib: pageKib,
    route_budgets_kib: Object.fromEntries(Object.keys(routes).map((path) => [path, budgets[path]])),
  };
  mkdirSync(dirname(args.out), { recursive: true });
  writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);

  console.log(
    `Entry (${manifest[entryKey].file} + ${entryChunks.size - 1} static imports): ${kib(entryBytes)} KiB gzip`,
  );
  console.table(rows);
  console.log(`Report written to ${args.out}`);
  if (zodLoadedBy.length > 0) {
    console.error(
      `zod is in the first screen's JavaScript of ${zodLoadedBy.join('; ')}: import plain values from a zod-free contract module (packages/contract/src/map-values.ts, constants.ts).`,
    );
    process.exit(1);
  }
  if (over.length > 0) {
    console.error(
      `Size budget exceeded: ${over.map(([path, total]) => `${path} loads ${total} KiB (budget ${budgets[path]} KiB)`).join('; ')} of gzipped JavaScript for its first screen.`,
    );
    process.exit(1);
  }
  if (indexKib > args.budget) {
    console.error(
      `Size budget exceeded: /index loads ${indexKib} KiB of gzipped JavaScript before the first paint; the budget is ${args.budget} KiB.`,
    );
    process.exit(1);
  }
  console.log(`OK: /index loads ${indexKib} KiB gzip of JavaScript (budget ${args.budget} KiB); every route is within its budget.`);
}

try {
  main();
} catch (error) {
  console.error(`size-check: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

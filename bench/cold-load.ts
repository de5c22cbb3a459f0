// Time to content of every signed-in page on a cold load: a fresh browser context (empty HTTP
// cache, no service worker yet) opens the page with the session already stored, on the CPU
// slowed 4× (Chromium's CPU throttling, as Lighthouse's mobile setting), against the real server
// with the built web app and the demo data. "Content" is the moment the page's own heading is on
// screen with nothing left loading in it (no skeleton, nothing aria-busy, no "Cargando…" status)
// and the frame after it painted, in ms since navigation started. RUNS runs per page; the figure
// is the median. Baseline in the same run: the same pages unthrottled, which says how much of
// the time is the CPU.
//
// Target: every page's median ≤ 1,500 ms at 4×.
//
//   npm run bench -- cold-load
//   COLD_LOAD_RUNS=3 npm run bench -- cold-load --pages=request,prequest
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from '../scripts/find-chromium.mjs';
import { freePort, repoRoot, startProcess, writeResult } from './lib/harness.js';

const TARGET_MS = 1500;
const SLOWDOWN = 4;
const RUNS = Math.max(1, Number(process.env.COLD_LOAD_RUNS ?? 5));
const PASSWORD = 'PuntoVerde2026!';
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const only = option('pages')?.split(',').filter(Boolean);

type Page = { name: string; path: string; account: string | null };
/** The signed-in screens people open first, as the user who opens them, and the public id-card check. */
const PAGES: readonly Page[] = [
  { name: 'request', path: '/app/tabs/request', account: 'hogar@demo.puntoverde.co' },
  { name: 'reports', path: '/app/tabs/reports', account: 'hogar@demo.puntoverde.co' },
  { name: 'profile', path: '/auth/profile/{user}', account: 'hogar@demo.puntoverde.co' },
  { name: 'rewards', path: '/recompensas', account: 'hogar@demo.puntoverde.co' },
  { name: 'prequest', path: '/app/tabs/prequest', account: 'gestor@demo.puntoverde.co' },
  { name: 'points', path: '/app/tabs/points', account: 'gestor@demo.puntoverde.co' },
  { name: 'branches', path: '/app/tabs/branch-offices/list/{user}', account: 'empresa@demo.puntoverde.co' },
  { name: 'weighings', path: '/app/tabs/mis-pesajes', account: 'reciclador@demo.puntoverde.co' },
  { name: 'admin', path: '/admin', account: 'admin@demo.puntoverde.co' },
  { name: 'admin-pqr', path: '/admin/pqr', account: 'admin@demo.puntoverde.co' },
  { name: 'verify-certificate', path: '/verificar/CERT-2026-000001', account: null },
];

// In the page, as a plain string (tsx would add helpers to a function passed to the page): resolves
// with performance.now() at the frame after the active page's heading shows with nothing loading.
const CONTENT_SHOWN = `new Promise((resolve) => {
  const ready = () => {
    if (document.getElementById('boot')) return false;
    const pages = [...document.querySelectorAll('.ion-page:not(.ion-page-hidden)')];
    const screen = pages[pages.length - 1];
    const h1 = screen && screen.querySelector('h1');
    if (!h1 || !h1.checkVisibility()) return false;
    if (screen.querySelector('ion-skeleton-text, [aria-busy="true"]:not(.pvp-map-frame)')) return false;
    for (const s of screen.querySelectorAll('[role="status"]')) if (/^\\s*Cargando/.test(s.textContent || '')) return false;
    return true;
  };
  const tick = () => {
    if (ready()) requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())));
    else requestAnimationFrame(tick);
  };
  tick();
})`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Logs in once through the API; the returned state signs every fresh context in. */
async function sessionFor(browser: Browser, origin: string, account: string) {
  const context = await browser.newContext({ baseURL: origin });
  const res = await context.request.post('/back/api/clientes/login', { data: { username: account, password: PASSWORD, playerId: '' } });
  if (!res.ok()) throw new Error(`login as ${account}: HTTP ${res.status()} ${await res.text()}`);
  const user = ((await res.json()) as { data: { id: number } }).data;
  const state = await context.storageState();
  await context.close();
  return { state, user };
}

async function oneLoad(browser: Browser, origin: string, page: Page, session: Awaited<ReturnType<typeof sessionFor>> | null, slowdown: number) {
  const context: BrowserContext = await browser.newContext({
    baseURL: origin,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    ...(session ? { storageState: session.state } : {}),
  });
  try {
    if (session) await context.addInitScript((user) => window.localStorage.setItem('currentUser', JSON.stringify(user)), session.user);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const target = page.path.replace('{user}', String(session?.user.id ?? ''));
    await tab.goto(target, { waitUntil: 'commit' });
    const ms = await tab.evaluate<number>(CONTENT_SHOWN);
    if (new URL(tab.url()).pathname !== new URL(target, origin).pathname) throw new Error(`${target} ended on ${tab.url()}`);
    return Math.round(ms);
  } finally {
    await context.close();
  }
}

execFileSync(process.execPath, ['scripts/web-build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
const pages = PAGES.filter((p) => !only || only.includes(p.name));
if (!pages.length) {
  console.error(`cold-load: no page named ${only?.join(', ')}; pages: ${PAGES.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-cold-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
console.log('starting the server with the demo data and the built web app…');
// The server runs at a lower priority: the browser has first call on the cores, as a phone has its own.
const server = await startProcess('bench/lib/points-web-target.ts', { DATA_DIR: dataDir, PORT: String(port), DEMO: 'true', POINTS_COUNT: '1000' }, { nice: 19 });
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const rows: { page: string; path: string; median_ms: number; runs_ms: number[]; baseline_unthrottled_median_ms: number; meets_target: boolean }[] = [];
  for (const page of pages) {
    const session = page.account ? await sessionFor(browser, origin, page.account) : null;
    // A first load warms the server's own caches (not the browser's): every measured run is cold in the browser only.
    await oneLoad(browser, origin, page, session, 1);
    const throttled: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      throttled.push(await oneLoad(browser, origin, page, session, SLOWDOWN));
      plain.push(await oneLoad(browser, origin, page, session, 1));
    }
    const row = { page: page.name, path: page.path, median_ms: median(throttled), runs_ms: throttled, baseline_unthrottled_median_ms: median(plain), meets_target: median(throttled) <= TARGET_MS };
    console.log(`${page.path}: ${row.median_ms} ms at ${SLOWDOWN}× (runs ${throttled.join(', ')}), ${row.baseline_unthrottled_median_ms} ms unthrottled`);
    rows.push(row);
  }
  const worst = rows.reduce((a, r) => (r.median_ms > a.median_ms ? r : a), rows[0]!);
  writeResult('cold-load', {
    cpu_slowdown: SLOWDOWN,
    runs_per_page: RUNS,
    target_ms: TARGET_MS,
    worst_page: worst.page,
    worst_median_ms: worst.median_ms,
    baseline_worst_unthrottled_ms: Math.max(...rows.map((r) => r.baseline_unthrottled_median_ms)),
    pages_over_target: rows.filter((r) => !r.meets_target).map((r) => r.page).join(',') || 'none',
    meets_target: rows.every((r) => r.meets_target),
    pages: rows,
    note: 'fresh browser context per run (cold HTTP cache), session stored, 390 px phone viewport; time from navigation start to the frame after the heading shows with nothing loading',
  });
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// Lighthouse (mobile, median of 3 runs) on /home with 100,000 points in the database.
// Targets: performance >= 0.95, accessibility 1.00, measured as `npm start` serves the app (demo
// mode); the same page without demo mode is measured and reported beside it (`without_demo_mode`).
// Needs the `lighthouse` package (12.x: 13 needs Node 22) and its `chrome-launcher`; when they
// are not installed this benchmark says so and fails instead of reporting a number.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, startProcess, writeResult } from './lib/harness.js';
import { lighthouseBrowser, lighthouseChromeFlags } from './lib/lighthouse-browser.js';
import { startTileStandIn } from './lib/tile-stand-in.js';

type LighthouseResult = {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number; score: number | null; title: string; details?: unknown }>;
  };
};
type LighthouseFn = (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<LighthouseResult | undefined>;
type ChromeLauncher = {
  launch: (o: { chromePath?: string; chromeFlags: string[]; userDataDir?: string; ignoreDefaultFlags?: boolean }) => Promise<{ port: number; kill: () => Promise<void> | void }>;
  Launcher: { defaultFlags: () => string[] };
};

async function importOptional<T>(name: string): Promise<T | null> {
  try {
    return (await import(name)) as T;
  } catch {
    return null;
  }
}

const lighthouseModule = await importOptional<{ default: LighthouseFn }>('lighthouse');
const launcher = await importOptional<ChromeLauncher>('chrome-launcher');
if (!lighthouseModule || !launcher) {
  console.error(
    'lighthouse-home: the `lighthouse` package (12.8.x, with chrome-launcher) is not installed in this repository; ' +
      'add it as a devDependency to measure. No figure reported.',
  );
  process.exit(2);
}
const lighthouse = lighthouseModule.default;
const chromeLauncher: ChromeLauncher = launcher;

// Builds the web app when its build is missing or older than its sources.
execFileSync(process.execPath, ['scripts/web-build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
const browser = lighthouseBrowser();
const chromePath = browser.path;
type Run = {
  performance: number;
  accessibility: number;
  fcp_ms: number;
  si_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  lcp_element: string;
  failed_audits: string[];
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Three Lighthouse runs against a fresh server with 100,000 points, in demo mode or not. */
async function measure(demo: boolean, tileUrl: string): Promise<Run[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-bench-lh-'));
  const port = await freePort();
  console.log(`seeding 100,000 points and starting the server with the built web app (demo mode ${demo ? 'on' : 'off'})…`);
  // The map's tiles from a local stand-in, and the server under nice 19, as in bench/lighthouse.ts.
  const target = await startProcess(
    'bench/lib/points-web-target.ts',
    { DATA_DIR: dataDir, PORT: String(port), DEMO: String(demo), TILE_URL: tileUrl },
    { nice: 19 },
  );
  const runs: Run[] = [];
  try {
    const url = `http://127.0.0.1:${port}/home`;
    for (let i = 0; i < 3; i++) {
      const userDataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-lh-chrome-'));
      const chrome = await chromeLauncher.launch({
        chromePath,
        userDataDir,
        chromeFlags: lighthouseChromeFlags(browser, chromeLauncher.Launcher.defaultFlags()),
        ignoreDefaultFlags: true,
      });
      try {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], formFactor: 'mobile' });
        if (!result) throw new Error('lighthouse returned nothing');
        const { categories, audits } = result.lhr;
        runs.push({
          performance: categories.performance?.score ?? 0,
          accessibility: categories.accessibility?.score ?? 0,
          fcp_ms: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
          si_ms: Math.round(audits['speed-index']?.numericValue ?? 0),
          lcp_ms: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          tbt_ms: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
          // What Lighthouse took as the largest paint, and the audits that cost points.
          lcp_element: JSON.stringify(audits['largest-contentful-paint-element']?.details ?? null).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1] ?? '',
          failed_audits: Object.entries(audits)
            .filter(([, a]) => a.score !== null && a.score < 0.9 && !['manual', 'notApplicable', 'informative'].includes(String((a as { scoreDisplayMode?: string }).scoreDisplayMode)))
            .map(([id, a]) => `${id} (${a.score})`),
        });
        console.log(runs.at(-1));
      } finally {
        await chrome.kill();
        rmSync(userDataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await target.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return runs;
}

const summary = (runs: Run[]) => ({
  performance: median(runs.map((r) => r.performance)),
  accessibility: median(runs.map((r) => r.accessibility)),
  fcp_ms: median(runs.map((r) => r.fcp_ms)),
  si_ms: median(runs.map((r) => r.si_ms)),
  lcp_ms: median(runs.map((r) => r.lcp_ms)),
  tbt_ms: median(runs.map((r) => r.tbt_ms)),
});

// The goal is measured as `npm start` serves the app (demo mode: its largest paint is the demo
// note, painted with the HTML). The same page without demo mode is reported beside it.
const tiles = await startTileStandIn();
let demoRuns: Run[];
let plainRuns: Run[];
try {
  demoRuns = await measure(true, tiles.url);
  plainRuns = await measure(false, tiles.url);
} finally {
  tiles.server.close();
}
const main = summary(demoRuns);
writeResult('lighthouse-home', {
  url: '/home',
  browser: browser.kind,
  points_in_database: 100000,
  ...main,
  goal_performance: 0.95,
  goal_accessibility: 1,
  meets_goal: main.performance >= 0.95 && main.accessibility >= 1,
  runs: demoRuns,
  without_demo_mode: { ...summary(plainRuns), lcp_element: plainRuns[0]?.lcp_element ?? '', runs: plainRuns },
});

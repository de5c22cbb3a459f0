// The server's cold start: from spawning the process to the first 200 of GET /back/api/health,
// and the process's CPU time (user + system) and resident memory (RSS) at that moment (Linux). The
// CPU time is the figure a loaded machine moves least. Compared in the same run, in alternating
// rounds: the compiled server `npm start` runs (node apps/server/dist/server.js), the same
// through `npm start`'s own entry (scripts/start.mjs: the build freshness checks, then the server
// in-process), and the TypeScript sources through tsx (node --import tsx apps/server/src/server.ts,
// the development path). SQLite in a data directory migrated by a first start, no demo data, no
// Redis. Target: tsx's loader costs a start at least a quarter of its CPU time and 50 MiB; the
// compiled server's start takes at most 0.75 of tsx's CPU time and 0.85 of its memory.
// Options: --runs=N (default 5 per command).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, writeResult } from './lib/harness.js';

const runsArg = process.argv.find((a) => a.startsWith('--runs='));
const runs = Number(runsArg?.slice('--runs='.length) ?? 5);
const commands = {
  compiled: ['apps/server/dist/server.js'],
  npm_start_entry: ['scripts/start.mjs'],
  tsx: ['--import', 'tsx', 'apps/server/src/server.ts'],
} as const;
type Mode = keyof typeof commands;

type Start = { ms: number; cpu_ms: number | null; rss_mib: number | null };

/** VmRSS of a process in MiB (null where /proc is not there). */
function rssMib(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/** User + system CPU time of a process, all its threads, in ms (Linux clock ticks of 10 ms). */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // utime and stime are the 14th and 15th fields; the command name (2nd) may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function startOnce(mode: Mode, dataDir: string, webDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...commands[mode]], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      DEMO: 'false',
      MAIL_TRANSPORT: 'outbox',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/back/api/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (child.exitCode !== null) throw new Error(`${mode}: the server exited with ${child.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error(`${mode}: no 200 within 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { ms: Math.round(performance.now() - started), cpu_ms: cpuMs(child.pid!), rss_mib: rssMib(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

execFileSync(process.execPath, ['scripts/server-build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-cold-start-'));
// An empty folder: the web app is not part of what is measured (and start.mjs does not build it).
const webDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-cold-start-web-'));
try {
  const modes = Object.keys(commands) as Mode[];
  // A first start of each migrates the database and warms the file cache; not counted.
  for (const mode of modes) await startOnce(mode, dataDir, webDir);
  const results = Object.fromEntries(modes.map((m) => [m, [] as Start[]])) as Record<Mode, Start[]>;
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? modes : [...modes].reverse();
    for (const mode of order) {
      const r = await startOnce(mode, dataDir, webDir);
      results[mode].push(r);
      console.log(
        `${mode.padEnd(16)} ${String(r.ms).padStart(6)} ms  CPU ${r.cpu_ms ?? '?'} ms  RSS ${r.rss_mib ?? '?'} MiB`,
      );
    }
  }
  const summary = (mode: Mode) => ({
    command: `node ${commands[mode].join(' ')}`,
    median_ms: median(results[mode].map((r) => r.ms)),
    runs_ms: results[mode].map((r) => r.ms),
    median_cpu_ms: median(results[mode].map((r) => r.cpu_ms ?? 0)),
    runs_cpu_ms: results[mode].map((r) => r.cpu_ms),
    median_rss_mib: median(results[mode].map((r) => r.rss_mib ?? 0)),
    runs_rss_mib: results[mode].map((r) => r.rss_mib),
  });
  const compiled = summary('compiled');
  const tsx = summary('tsx');
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const cpuRatio = ratio(compiled.median_cpu_ms, tsx.median_cpu_ms);
  const rssRatio = ratio(compiled.median_rss_mib, tsx.median_rss_mib);
  writeResult('cold-start', {
    target: 'compiled start CPU time <= 0.75 x tsx, compiled RSS <= 0.85 x tsx',
    cpu_ratio_compiled_to_tsx: cpuRatio,
    wall_ratio_compiled_to_tsx: ratio(compiled.median_ms, tsx.median_ms),
    rss_ratio_compiled_to_tsx: rssRatio,
    meets_target: cpuRatio <= 0.75 && rssRatio <= 0.85,
    method: `${runs} alternating rounds; spawn → first 200 of /back/api/health (polled every 10 ms), CPU time and RSS then; SQLite, migrated, no demo data`,
    compiled,
    npm_start_entry: summary('npm_start_entry'),
    baseline_tsx: tsx,
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDir, { recursive: true, force: true });
}

// Bad input at volume: apps/server/test/bad-input.test.ts with FUZZ_RUNS (default 1,000)
// generated bodies per write route, on SQLite and, when TEST_DATABASE_URL is set, on
// PostgreSQL. Target: 0 answers 5xx and 0 broken expectations (400 naming the field for a
// body the contract refuses, 2xx bodies valid against their schema, nothing written on a 4xx).
// Baseline: the same suite's default size in `npm test` (100 per route), measured here too.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, writeResult } from './lib/harness.js';

const runs = Number(process.env.FUZZ_RUNS ?? 1000);
const databases: Array<[string, string]> = [['sqlite', '']];
if (process.env.TEST_DATABASE_URL) databases.push(['postgres', process.env.TEST_DATABASE_URL]);

type Report = {
  runsPerRoute: number;
  routes: number;
  cases: number;
  invalid: number;
  ok2xx: number;
  other4xx: number;
  server5xx: number;
};

function runSuite(dialect: string, url: string, perRoute: number) {
  const report = path.join(tmpdir(), `puntoverde-fuzz-${dialect}-${perRoute}-${process.pid}.json`);
  rmSync(report, { force: true });
  const started = Date.now();
  const res = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--root',
      'apps/server',
      '--maxWorkers=1',
      'test/bad-input.test.ts',
    ],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: url, FUZZ_RUNS: String(perRoute), FUZZ_REPORT: report },
    },
  );
  let figures: Report | null;
  try {
    figures = JSON.parse(readFileSync(report, 'utf8')) as Report;
  } catch {
    figures = null;
  }
  return { dialect, passed: res.status === 0, seconds: Math.round((Date.now() - started) / 1000), ...(figures ?? {}) };
}

const results = databases.map(([dialect, url]) => runSuite(dialect, url, runs));
const baseline = runSuite('sqlite', '', 100);
const server5xx = results.reduce((a, r) => a + (r.server5xx ?? 0), 0);
const meets = results.every((r) => r.passed) && server5xx === 0;
writeResult('fuzz', {
  figure: 'answers 5xx or broken expectations over all generated cases',
  server5xx,
  suites_failed: results.filter((r) => !r.passed).length,
  target: 0,
  meets_target: meets,
  runs_per_route: runs,
  results,
  baseline_npm_test_size: baseline,
});
process.exitCode = meets ? 0 : 1;

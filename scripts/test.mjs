// `npm test`: every suite, e2e in Chromium included, then one line `N passed, N failed`.
//   --only a,b   run only the named suites (lint, typecheck, size, contract, server, server-pg, web,
//                web-node24, native, e2e)
// The server suite runs once per database and the runtimes share the work: on SQLite under Node 24
// (scripts/node24.mjs installs it from the npm registry into .cache/node24 once; NODE24=0 keeps it
// on this Node), on PostgreSQL under this Node when TEST_DATABASE_URL is set. The e2e suite's
// server runs on SQLite under this Node, so SQLite's native driver is exercised on both runtimes.
// The web suite's files are split between both runtimes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDocs } from './check-docs.mjs';
import { ensureE2eBrowser } from './find-chromium.mjs';
import { ensureNode24, node24Env } from './node24.mjs';
import { ensureServerBuild } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1].split(',')) : null;
const npx = 'npx';

function run(cmd, args, env = {}, baseEnv = process.env) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...baseEnv, ...env } });
  return { status: res.status ?? 1, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

/** Runs one vitest project; on the Node at `nodeBin` (its bin dir) when given. */
function vitestSuite(name, dir, env = {}, nodeBin = null, extraArgs = []) {
  const out = path.join(reportDir, `${name}.json`);
  rmSync(out, { force: true });
  const args = ['run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extraArgs];
  const { status, seconds } = nodeBin
    ? run(
        path.join(nodeBin, 'node'),
        [path.join(root, 'node_modules/vitest/vitest.mjs'), ...args],
        env,
        node24Env(nodeBin),
      )
    : run(npx, ['vitest', ...args], env);
  if (!existsSync(out)) return { name, passed: 0, failed: 1, seconds, note: `no report (exit ${status})` };
  const r = JSON.parse(readFileSync(out, 'utf8'));
  // A file that fails to load has no tests but counts as a failure.
  const failedFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
  const failed = r.numFailedTests + failedFiles + (status !== 0 && r.numFailedTests + failedFiles === 0 ? 1 : 0);
  // The summary names what failed, so a CI log cut to its tail still says which test it was.
  const failures = (r.testResults ?? []).flatMap((f) =>
    (f.assertionResults ?? []).length === 0 && f.status === 'failed'
      ? [`${path.relative(root, f.name)} (did not load)`]
      : (f.assertionResults ?? [])
          .filter((a) => a.status === 'failed')
          .map((a) => `${path.relative(root, f.name)} › ${a.fullName}`),
  );
  return { name, passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests, seconds, failures };
}

/**
 * ESLint over the whole tree: each linted file is a test, failed when it has an error or a warning.
 * Then scripts/check-docs.mjs: each of its checks is a test.
 * ESLint is one single-threaded process, so it runs beside the suites that follow it (typecheck,
 * the web build, the first server suite) on the machine's other core and is collected before e2e.
 */
function lintSuite() {
  const out = path.join(reportDir, 'lint.json');
  rmSync(out, { force: true });
  const started = Date.now();
  const child = spawn(npx, ['eslint', '.', '--max-warnings', '0', '--format', 'json', '--output-file', out], {
    cwd: root,
    stdio: 'inherit',
  });
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  }).then((status) => {
    // The report's write time, not the moment this process noticed the exit (a synchronous suite may hold the loop).
    const seconds = Math.round(((existsSync(out) ? statSync(out).mtimeMs : Date.now()) - started) / 100) / 10;
    return lintResult(out, status, seconds);
  });
}

function lintResult(out, status, seconds) {
  const docs = checkDocs(root);
  const docsFailed = docs.filter((c) => c.failures.length);
  const docsFailures = docsFailed.flatMap((c) => [c.name, ...c.failures.map((f) => `  ${f}`)]);
  const docsPassed = docs.length - docsFailed.length;
  if (!existsSync(out)) {
    const note = `no ESLint report (exit ${status})`;
    return { name: 'lint', passed: docsPassed, failed: 1 + docsFailed.length, seconds, failures: docsFailures, note };
  }
  const files = JSON.parse(readFileSync(out, 'utf8'));
  const bad = files.filter((f) => f.errorCount + f.warningCount > 0);
  const failures = bad.flatMap((f) =>
    f.messages.map(
      (m) => `${path.relative(root, f.filePath)}:${m.line}:${m.column} ${m.message} (${m.ruleId ?? 'parse'})`,
    ),
  );
  const failed = bad.length + (status !== 0 && bad.length === 0 ? 1 : 0) + docsFailed.length;
  return {
    name: 'lint',
    passed: files.length - bad.length + docsPassed,
    failed,
    seconds,
    failures: [...failures, ...docsFailures],
  };
}

/**
 * `tsc --noEmit` per TypeScript project: each project is a test. The checker is TypeScript 7's
 * native compiler (the `ts7` alias: same rules, a sixth of the time); TypeScript 6 stays the
 * `typescript` package because typescript-eslint and editors need its JavaScript API.
 */
const TS_PROJECTS = ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'];
const TSC = path.join(root, 'node_modules/ts7/bin/tsc');
function typecheckSuite() {
  const started = Date.now();
  const failures = [];
  for (const project of TS_PROJECTS) {
    const res = spawnSync(process.execPath, [TSC, '--noEmit', '-p', project], { cwd: root, encoding: 'utf8' });
    if (res.status !== 0) {
      process.stdout.write(res.stdout ?? '');
      process.stderr.write(res.stderr ?? '');
      failures.push(
        `${project}: ${(res.stdout ?? '').split('\n').filter((l) => l.includes('error TS')).length} type errors`,
      );
    }
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  return {
    name: 'typecheck',
    passed: TS_PROJECTS.length - failures.length,
    failed: failures.length,
    seconds,
    failures,
  };
}

/**
 * Server test files that never open the database under test (ESLint on planted files, the compiled
 * server started with a wrong setting, SIGTERM under load on its own SQLite, `npm start`'s
 * commands, the docs check): they run once, in the SQLite suite, not again on PostgreSQL.
 */
const SERVER_FILES_WITHOUT_DATABASE = [
  'test/lint-rules.test.ts',
  'test/startup-refusals.test.ts',
  'test/shutdown.test.ts',
  'test/npm-start.test.ts',
  'test/check-docs.test.ts',
];

const suites = [
  { name: 'lint', run: lintSuite, background: true },
  { name: 'typecheck', run: typecheckSuite },
  {
    name: 'size',
    run() {
      ensureWebBuild();
      const out = path.join(reportDir, 'size.json');
      // Fails the run when /index's JavaScript before the first paint passes 170 KiB gzip
      // (the script's default budget).
      const size = run('node', ['apps/web/scripts/size-check.mjs', '--out', out]);
      // The service worker's precache names exactly the files this build wrote (and every page's preloads).
      const precache = run('node', ['apps/web/scripts/precache-check.mjs']);
      const passed = [size, precache].filter((r) => r.status === 0).length;
      return {
        name: 'size',
        passed,
        failed: 2 - passed,
        seconds: Math.round((size.seconds + precache.seconds) * 10) / 10,
      };
    },
  },
  {
    name: 'contract',
    run: () =>
      existsSync(path.join(root, 'packages/contract/vitest.config.ts'))
        ? vitestSuite('contract', 'packages/contract')
        : null,
  },
  {
    name: 'server',
    run: () =>
      vitestSuite(
        'server',
        'apps/server',
        { TEST_DATABASE_URL: '' },
        process.env.NODE24 === '0' ? null : ensureNode24(),
      ),
  },
  {
    name: 'server-pg',
    run: () =>
      process.env.TEST_DATABASE_URL
        ? vitestSuite(
            'server-pg',
            'apps/server',
            { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
            null,
            SERVER_FILES_WITHOUT_DATABASE.flatMap((file) => ['--exclude', file]),
          )
        : (console.log('\nserver-pg: TEST_DATABASE_URL is not set, the server suite ran on SQLite only.'), null),
  },
  // The web suite's files split between the runtimes (half each), or all on this Node with NODE24=0.
  {
    name: 'web',
    run: () => vitestSuite('web', 'apps/web', {}, null, process.env.NODE24 === '0' ? [] : ['--shard=1/2']),
  },
  {
    name: 'web-node24',
    run: () =>
      process.env.NODE24 === '0' ? null : vitestSuite('web-node24', 'apps/web', {}, ensureNode24(), ['--shard=2/2']),
  },
  {
    // The Android and iOS projects take the built web app: `npx cap sync` (Capacitor 8's CLI
    // needs Node >= 22, so it runs on the Node 24 of scripts/node24.mjs).
    name: 'native',
    run() {
      if (process.env.NODE24 === '0' && Number(process.versions.node.split('.')[0]) < 22) return null;
      ensureWebBuild();
      const bin = process.env.NODE24 === '0' ? null : ensureNode24();
      const { status, seconds } = run(
        'node',
        ['scripts/cap-sync.mjs', '--no-build'],
        bin ? { NODE24_BIN_DIR: bin } : {},
      );
      return { name: 'native', passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, seconds };
    },
  },
  {
    name: 'e2e',
    run() {
      // Built here, outside the time Playwright gives its web server to answer.
      ensureWebBuild();
      ensureServerBuild();
      ensureE2eBrowser();
      const out = path.join(reportDir, 'e2e.json');
      rmSync(out, { force: true });
      const { status, seconds } = run(
        npx,
        ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
        {
          PLAYWRIGHT_JSON_OUTPUT_NAME: out,
        },
      );
      if (!existsSync(out)) return { name: 'e2e', passed: 0, failed: 1, seconds, note: `no report (exit ${status})` };
      const report = JSON.parse(readFileSync(out, 'utf8'));
      const s = report.stats;
      const failed = s.unexpected + (status !== 0 && s.unexpected === 0 ? 1 : 0);
      const failures = [];
      const walk = (suite, titles) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? [])
            if (t.status === 'unexpected')
              failures.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
        for (const child of suite.suites ?? [])
          walk(child, suite.file === child.file && child.title ? [...titles, child.title] : titles);
      };
      for (const suite of report.suites ?? []) walk(suite, []);
      return { name: 'e2e', passed: s.expected + s.flaky, failed, skipped: s.skipped, seconds, failures };
    },
  },
];

const results = [];
const background = [];
const order = (r) => suites.findIndex((s) => s.name === r.name);
async function collectBackground() {
  for (const r of await Promise.all(background.splice(0))) if (r) results.push(r);
}
for (const suite of suites) {
  if (only && !only.has(suite.name)) continue;
  // The browser suite gets the whole machine: what runs in the background ends first.
  if (suite.name === 'e2e') await collectBackground();
  console.log(`\n━━━ ${suite.name}${suite.background ? ' (in the background)' : ''} ━━━`);
  const failedRun = (err) => {
    console.error(err);
    return { name: suite.name, passed: 0, failed: 1, seconds: 0, note: String(err.message ?? err) };
  };
  try {
    if (suite.background) background.push(Promise.resolve(suite.run()).catch(failedRun));
    else {
      const r = suite.run();
      if (r) results.push(r);
    }
  } catch (err) {
    results.push(failedRun(err));
  }
}
await collectBackground();
results.sort((a, b) => order(a) - order(b));

console.log('\n━━━ summary ━━━');
for (const r of results) {
  console.log(
    `${r.name.padEnd(13)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed` +
      `${r.skipped ? ` ${r.skipped} skipped` : ''}  (${r.seconds}s)${r.note ? `  ${r.note}` : ''}`,
  );
  for (const f of r.failures ?? []) console.log(`  ✗ ${f}`);
}
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length > 0 ? 0 : 1);

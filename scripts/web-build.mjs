// Builds the web app when its build is missing or older than its sources ("builds what is missing").
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// One build writes both; a build folder missing either (or holding one from another run) is stale.
const outputs = ['apps/web/dist/index.html', 'apps/web/dist/app-shell.json'].map((f) => path.join(root, f));
// The build's own plugins (apps/web/build) and the installed packages shape the output too.
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'package-lock.json',
  'packages/contract/src',
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === '__tests__') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

export function webBuildIsFresh() {
  if (!outputs.every((f) => existsSync(f))) return false;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  return sources.every((s) => newestMtime(path.join(root, s)) <= built);
}

export function ensureWebBuild({ force = false } = {}) {
  if (!force && webBuildIsFresh()) return false;
  console.log('Building the web app (apps/web)...');
  execFileSync('npm', ['run', 'build', '-w', '@puntoverde/web'], { cwd: root, stdio: 'inherit' });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureWebBuild({ force: process.argv.includes('--force') });
}

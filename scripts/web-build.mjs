// Builds the web app when its build is missing or older than its sources ("builds what is missing").
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsFresh } from './build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = {
  // One build writes both; a build folder missing either (or holding one from another run) is stale.
  outputs: ['apps/web/dist/index.html', 'apps/web/dist/app-shell.json'],
  // The build's own plugins (apps/web/build) and the installed packages shape the output too.
  sources: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/build',
    'apps/web/package.json',
    'package-lock.json',
    'packages/contract/src',
  ],
  skip: (entry) => entry === '__tests__',
};

export function webBuildIsFresh() {
  return buildIsFresh(root, build);
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

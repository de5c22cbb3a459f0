// Copies the built web app and the plugins' native code into the Android and iOS projects
// (apps/web/android, apps/web/ios) with `npx cap sync`. The Capacitor 8 CLI needs Node >= 22:
// it runs with the Node 24 whose bin folder is NODE24_BIN_DIR (in `npm test`, scripts/node24.mjs
// provides it), else the `node` on PATH when that is already 22 or newer.
// Usage: node scripts/cap-sync.mjs [--no-build]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');

function nodeBinDir() {
  const dir = process.env.NODE24_BIN_DIR;
  if (dir) {
    if (!existsSync(path.join(dir, 'node'))) throw new Error(`NODE24_BIN_DIR=${dir} has no node binary`);
    return dir;
  }
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) return path.dirname(process.execPath);
  throw new Error('The Capacitor 8 CLI needs Node >= 22: set NODE24_BIN_DIR to the bin folder of a Node 24.');
}

if (!process.argv.includes('--no-build')) ensureWebBuild();
const bin = nodeBinDir();
const cli = path.join(root, 'node_modules/@capacitor/cli/bin/capacitor');
execFileSync(path.join(bin, 'node'), [cli, 'sync'], {
  cwd: web,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, CAPACITOR_TELEMETRY: 'false' },
});
// The build's brotli and gzip copies (apps/web/build/precompress.ts) are for the web server; an
// app reads its files from its own package, so they would only make it bigger.
function removeCompressedCopies(dir) {
  if (!existsSync(dir)) return 0;
  let removed = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) removed += removeCompressedCopies(full);
    else if (/\.(br|gz)$/.test(entry.name)) {
      rmSync(full);
      removed += 1;
    }
  }
  return removed;
}
const removed = ['android/app/src/main/assets/public', 'ios/App/App/public'].reduce((n, d) => n + removeCompressedCopies(path.join(web, d)), 0);
console.log(`cap sync: android and ios are up to date with apps/web/dist (${removed} compressed copies left out)`);

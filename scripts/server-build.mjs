// Compiles the server (apps/server/src → apps/server/dist) and the contract it imports
// (packages/contract/src → packages/contract/dist) to JavaScript, so that `npm start` and the
// server's commands run on plain Node, without a TypeScript loader. Builds when missing or older
// than the sources (the rule of scripts/build-freshness.mjs); `--force` builds anyway.
//
// Each source file becomes one module at the same relative path (esbuild, the transform tsx
// applies in development), so paths a module resolves from its own location (`import.meta.url`,
// `import.meta.dirname`) stay right, and files other than TypeScript (the Web Push worker's
// .mjs) are copied beside them. Imports stay as written, but for `@puntoverde/contract`, whose
// package points at its TypeScript sources (what tests, tsx and Vite read): the compiled server
// imports the compiled contract by its path instead.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsFresh } from './build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACT = { name: '@puntoverde/contract', src: 'packages/contract/src', dist: 'packages/contract/dist' };
const SERVER = { src: 'apps/server/src', dist: 'apps/server/dist' };
const isTest = (entry) => entry === '__tests__' || entry.endsWith('.test.ts');
const build = {
  outputs: [`${CONTRACT.dist}/index.js`, `${SERVER.dist}/server.js`],
  // The tsconfigs carry compiler options esbuild reads; the lock file pins esbuild itself.
  sources: [
    CONTRACT.src,
    SERVER.src,
    'packages/contract/package.json',
    'packages/contract/tsconfig.json',
    'apps/server/package.json',
    'apps/server/tsconfig.json',
    'tsconfig.base.json',
    'package-lock.json',
    'scripts/server-build.mjs',
  ],
  skip: isTest,
};

/** The compiled file of a server entry point, e.g. `server` or `cli/migrate`. */
export function serverEntry(name) {
  return path.join(root, SERVER.dist, `${name}.js`);
}

export function serverBuildIsFresh() {
  return buildIsFresh(root, build);
}

/**
 * Builds when needed, in a child process: the process that then runs the server does not load
 * esbuild (nor keep its service process).
 */
export function ensureServerBuild({ force = false } = {}) {
  if (!force && serverBuildIsFresh()) return false;
  execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--force'], { cwd: root, stdio: 'inherit' });
  return true;
}

/** Source files below `dir` (relative to it), tests left out. */
function sourceFiles(dir, sub = '') {
  return readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((entry) => {
    if (isTest(entry.name)) return [];
    const rel = path.join(sub, entry.name);
    return entry.isDirectory() ? sourceFiles(dir, rel) : [rel];
  });
}

/**
 * One package's sources into a fresh folder (under .cache/, same file system), which then
 * replaces its dist whole: a build running at the same time never sees half of another's output.
 */
async function compile(esbuild, { src, dist }) {
  const srcDir = path.join(root, src);
  const distDir = path.join(root, dist);
  const tmpDir = path.join(root, '.cache', `server-build-${process.pid}`, path.basename(path.dirname(distDir)));
  rmSync(tmpDir, { recursive: true, force: true });
  const files = sourceFiles(srcDir);
  const contractIndex = path.join(root, CONTRACT.dist, 'index.js');
  const keepImports = {
    name: 'keep-imports',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (args.path !== CONTRACT.name) return { path: args.path, external: true };
        const outDir = path.join(distDir, path.relative(srcDir, path.dirname(args.importer)));
        const rel = path.relative(outDir, contractIndex).split(path.sep).join('/');
        return { path: rel.startsWith('.') ? rel : `./${rel}`, external: true };
      });
    },
  };
  await esbuild.build({
    entryPoints: files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).map((f) => path.join(srcDir, f)),
    outbase: srcDir,
    outdir: tmpDir,
    // Bundling with every import external: one output per source file, with the contract's
    // import rewritten by the plugin.
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [keepImports],
  });
  for (const file of files.filter((f) => !f.endsWith('.ts'))) {
    mkdirSync(path.dirname(path.join(tmpDir, file)), { recursive: true });
    copyFileSync(path.join(srcDir, file), path.join(tmpDir, file));
  }
  rmSync(distDir, { recursive: true, force: true });
  try {
    renameSync(tmpDir, distDir);
  } catch (err) {
    // A build running at the same time put its own (equal) output there first.
    rmSync(tmpDir, { recursive: true, force: true });
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
  }
}

export async function buildServer() {
  console.log('Building the server (apps/server, packages/contract)...');
  const esbuild = await import('esbuild');
  await compile(esbuild, CONTRACT);
  await compile(esbuild, SERVER);
  rmSync(path.join(root, '.cache', `server-build-${process.pid}`), { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--force') || !serverBuildIsFresh()) await buildServer();
}

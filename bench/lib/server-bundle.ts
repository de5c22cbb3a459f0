import { build, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './harness.js';

/**
 * The real server entry (apps/server/src/server.ts) compiled once with esbuild into one ES module
 * under .cache/, for benches that start the server hundreds of times: `tsx` resolves and
 * transforms ~400 modules through a loader thread on every start (most of a start's 3–6 s);
 * the bundle starts in well under a second. Same code, same esbuild transform tsx uses, same
 * SQLite file and data directory: each module keeps its own `import.meta.url`/`dirname` (so paths
 * resolved from source files, like the repo root in config.ts, are unchanged); packages from
 * node_modules stay external and load as usual. Returns the bundle's path.
 */
const KEEP_EXTERNAL = [
  'better-sqlite3',
  'better-sqlite3-v13',
  'sharp',
  '@node-rs/argon2',
  'pg',
  'pg-native',
  'pdfkit',
  'dejavu-fonts-ttf',
  '@fastify/swagger-ui',
  '@fastify/static',
  'web-push',
  'pino',
  'thread-stream',
  'tsx',
  'esbuild',
];

export async function bundleServer(): Promise<string> {
  const outDir = path.join(repoRoot, '.cache/bench-server');
  await mkdir(outDir, { recursive: true });
  const outfile = path.join(outDir, 'server.mjs');
  const keepModuleLocation: Plugin = {
    name: 'keep-module-location',
    setup(b) {
      b.onLoad({ filter: /\.(ts|mts)$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8')
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        return { contents: source, loader: 'ts', resolveDir: path.dirname(args.path) };
      });
      // Native addons and packages that read their own files at run time stay in node_modules.
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        KEEP_EXTERNAL.some((name) => args.path === name || args.path.startsWith(`${name}/`)) ||
        args.path.startsWith('node:')
          ? { path: args.path, external: true }
          : undefined,
      );
    },
  };
  await build({
    entryPoints: [path.join(repoRoot, 'apps/server/src/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // CommonJS packages inside an ES module bundle need a require of their own.
    banner: {
      js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
    },
    logLevel: 'warning',
    plugins: [keepModuleLocation],
  });
  return outfile;
}

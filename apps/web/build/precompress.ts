/**
 * Brotli (quality 11) and gzip (level 9) copies of the build's scripts and stylesheets, written beside them
 * (`x.js.br`, `x.js.gz`). The server sends them as they are (@fastify/static `preCompressed`,
 * apps/server/src/plugins/static-web.ts) instead of compressing every file on every request:
 * - a page's ~450 KiB of JavaScript arrives ~15 % smaller than at the on-the-fly quality, and
 * - the server spends no CPU per request on files that never change (on the 2-core machines we
 *   measure on, that work competed with the browser for the CPU while the page loaded).
 * Only content-hashed files get copies (`assets/index-DNrzkFFc.js`): a new version of one is a new
 * name, so its copy can never be left stale. Files kept under a fixed name — the service worker,
 * the translations, the web manifest — may be replaced in place (a deploy that swaps sw.js), and
 * are compressed on the fly by the server's compression plugin, as is any small file.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** A build output named by its content (Vite's `[name]-[hash]`, all in assets/). */
export const HASHED = /^[^/]+-[A-Za-z0-9_-]{8}\.(js|mjs|css)$/;
/** Below this a file is not worth a copy (the server's compression threshold too). */
export const MIN_BYTES = 1024;

export type PrecompressSummary = { files: number; bytes: number; brotli_bytes: number; gzip_bytes: number };

/** Writes `.br` and `.gz` beside every content-hashed file of `dir` that gains from it. */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotli_bytes: 0, gzip_bytes: 0 };
  const assets = path.join(dir, 'assets');
  // A few at a time: zlib runs them on libuv's thread pool.
  const queue = (await readdir(assets)).filter((name) => HASHED.test(name)).map((name) => path.join(assets, name));
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const body = await readFile(file);
      if (body.length < MIN_BYTES) continue;
      const [br, gzipped] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gz(body, { level: 9 }),
      ]);
      if (br.length >= body.length) continue;
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      summary.files += 1;
      summary.bytes += body.length;
      summary.brotli_bytes += br.length;
      summary.gzip_bytes += gzipped.length;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return summary;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'puntoverde:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin has written its files.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const s = await precompressDir(outDir);
        const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
        this.info?.(`precompressed ${s.files} files: ${kib(s.bytes)} → ${kib(s.brotli_bytes)} brotli, ${kib(s.gzip_bytes)} gzip`);
      },
    },
  };
}

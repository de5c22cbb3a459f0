import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from '../precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressed copies of the build', () => {
  it('writes brotli and gzip copies that decode to the file, for the content-hashed scripts and stylesheets only', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pv-precompress-'));
    mkdirSync(path.join(dir, 'assets/i18n'), { recursive: true });
    mkdirSync(path.join(dir, '.vite'));
    const js = 'export const greeting = "hola";\n'.repeat(200);
    writeFileSync(path.join(dir, 'assets/index-DNrzkFFc.js'), js);
    writeFileSync(path.join(dir, 'assets/index-C1_x-9aZ.css'), `.a{color:red}${' '.repeat(2000)}`);
    writeFileSync(path.join(dir, 'sw.js'), js);
    writeFileSync(path.join(dir, 'assets/i18n/es.json'), JSON.stringify({ hola: 'Hola, '.repeat(400) }));
    writeFileSync(path.join(dir, 'assets/index-DNrzkFFc.js.map'), js);
    writeFileSync(path.join(dir, 'assets/tiny-AAAAAAAA.js'), 'export {};');
    writeFileSync(path.join(dir, 'index.html'), '<p>'.repeat(1000));
    writeFileSync(path.join(dir, 'app-shell.json'), JSON.stringify({ x: 'y'.repeat(2000) }));
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify({ x: 'y'.repeat(2000) }));

    const summary = await precompressDir(dir);

    const file = path.join(dir, 'assets/index-DNrzkFFc.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(existsSync(path.join(dir, 'assets/index-C1_x-9aZ.css.br'))).toBe(true);
    expect(summary.files).toBe(2);
    expect(summary.brotli_bytes).toBeLessThan(summary.bytes / 10);
    // Files under a fixed name (a deploy may replace them in place: the copy would go stale),
    // source maps, files under the threshold and what the server reads itself get none.
    expect(MIN_BYTES).toBeGreaterThan('export {};'.length);
    for (const none of ['sw.js', 'assets/i18n/es.json', 'assets/index-DNrzkFFc.js.map', 'assets/tiny-AAAAAAAA.js', 'index.html', 'app-shell.json', '.vite/manifest.json'])
      expect(existsSync(path.join(dir, `${none}.br`)), none).toBe(false);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module script without types
import { checkPrecache } from '../../scripts/precache-check.mjs';

/** A dist folder as one build writes it: the worker's precache list, assets, manifest and app-shell.json. */
function dist(precached: string[], files: string[], preloads: string[] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pv-precache-'));
  mkdirSync(path.join(dir, 'assets/i18n'), { recursive: true });
  mkdirSync(path.join(dir, 'icons'), { recursive: true });
  for (const f of files) writeFileSync(path.join(dir, f), 'x');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ icons: [{ src: '/icons/icon-192.png' }] }));
  writeFileSync(path.join(dir, 'app-shell.json'), JSON.stringify({ routes: [{ path: '/home', preload: preloads }] }));
  const list = precached.map((url) => ({ revision: url.includes('-') ? null : 'abc', url }));
  writeFileSync(path.join(dir, 'sw.js'), `precacheAndRoute(${JSON.stringify(list)});`);
  dirs.push(dir);
  return dir;
}
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const BUILT = [
  'index.html',
  'assets/index-a1.js',
  'assets/home.page-b2.js',
  'assets/app-c3.css',
  'assets/i18n/es.json',
  'icons/icon-192.png',
];
const ALL = [...BUILT, 'manifest.webmanifest'];

describe('the precache agrees with the build', () => {
  it('passes when every built file is precached and nothing else', () => {
    expect(checkPrecache(dist(ALL, BUILT, ['assets/home.page-b2.js']))).toEqual([]);
  });

  it('names a chunk the build wrote but the worker does not precache', () => {
    expect(
      checkPrecache(
        dist(
          ALL.filter((f) => f !== 'assets/home.page-b2.js'),
          BUILT,
        ),
      ),
    ).toEqual(['built but not precached: assets/home.page-b2.js']);
  });

  it('names a precached file the build did not write, and a page preload that is not there', () => {
    const problems = checkPrecache(dist([...ALL, 'assets/old-z9.js'], BUILT, ['assets/leaflet-zz.js']));
    expect(problems).toContain('precached but not built: assets/old-z9.js');
    expect(problems).toContain('built but not precached: assets/leaflet-zz.js');
  });
});

describe('the build’s compressed copies', () => {
  it('must each decode to the file as built, and have their file', async () => {
    // @ts-expect-error plain ES module script without types
    const { checkCompressedCopies } = await import('../../scripts/precache-check.mjs');
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    const dir = mkdtempSync(path.join(tmpdir(), 'pv-compressed-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets/a.js'), 'export const a = 1;');
    writeFileSync(path.join(dir, 'assets/a.js.br'), brotliCompressSync('export const a = 1;'));
    writeFileSync(path.join(dir, 'assets/a.js.gz'), gzipSync('export const a = 1;'));
    expect(checkCompressedCopies(dir)).toEqual([]);
    // A copy left from an earlier build, and one whose file is gone.
    writeFileSync(path.join(dir, 'assets/a.js'), 'export const a = 2;');
    writeFileSync(path.join(dir, 'sw.js.br'), brotliCompressSync('old'));
    expect(checkCompressedCopies(dir).sort()).toEqual([
      'compressed copy differs from its file: assets/a.js.br',
      'compressed copy differs from its file: assets/a.js.gz',
      'compressed copy without its file: sw.js.br',
    ]);
  });
});

// Checks that the service worker's precache (dist/sw.js) agrees with what the same build wrote:
// every precached file exists, and every file the app can load — each chunk and stylesheet in
// dist/assets, the translations, index.html, the manifest and its icons, every page's preloads in
// app-shell.json — is precached. Run after `npm run build`: `node apps/web/scripts/precache-check.mjs`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** The precache entries' URLs, read from the built worker (workbox's injected list). */
export function precacheUrls(swSource) {
  const urls = [
    ...swSource.matchAll(
      /\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}|\{"url":"([^"]+)","revision":(?:"[^"]*"|null)\}/g,
    ),
  ].map((m) => m[1] ?? m[2]);
  return new Set(urls);
}

function walk(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/** @returns the problems found (empty when the precache and the build agree). */
export function checkPrecache(distDir) {
  const problems = [];
  const swFile = path.join(distDir, 'sw.js');
  if (!existsSync(swFile)) return ['dist/sw.js is missing: the build did not write the service worker'];
  const urls = precacheUrls(readFileSync(swFile, 'utf8'));
  if (urls.size === 0) return ['dist/sw.js has no precache list'];
  for (const url of urls) if (!existsSync(path.join(distDir, url))) problems.push(`precached but not built: ${url}`);
  const mustHave = [
    'index.html',
    'manifest.webmanifest',
    ...walk(path.join(distDir, 'assets'))
      .map((f) => `assets/${f}`)
      .filter((f) => /\.(js|css|json)$/.test(f)),
  ];
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'manifest.webmanifest'), 'utf8'));
  for (const icon of manifest.icons ?? []) mustHave.push(icon.src.replace(/^\//, ''));
  const shellFile = path.join(distDir, 'app-shell.json');
  if (existsSync(shellFile)) {
    for (const route of JSON.parse(readFileSync(shellFile, 'utf8')).routes) mustHave.push(...(route.preload ?? []));
  }
  for (const file of new Set(mustHave)) if (!urls.has(file)) problems.push(`built but not precached: ${file}`);
  problems.push(...checkCompressedCopies(distDir));
  return problems;
}

/**
 * The server sends a file's .br or .gz copy in its place (apps/web/build/precompress.ts): each
 * must decode to the file as built, or a browser would run another version of it.
 */
export function checkCompressedCopies(distDir) {
  const problems = [];
  for (const file of walk(distDir)) {
    const decode = file.endsWith('.br') ? brotliDecompressSync : file.endsWith('.gz') ? gunzipSync : null;
    if (!decode) continue;
    const original = path.join(distDir, file.slice(0, -3));
    if (!existsSync(original)) problems.push(`compressed copy without its file: ${file}`);
    else if (!decode(readFileSync(path.join(distDir, file))).equals(readFileSync(original)))
      problems.push(`compressed copy differs from its file: ${file}`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
  const problems = checkPrecache(dist);
  if (problems.length) {
    console.error(`The service worker's precache and the build disagree:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    `OK: the precache names every file the build wrote for the app (${precacheUrls(readFileSync(path.join(dist, 'sw.js'), 'utf8')).size} entries).`,
  );
}

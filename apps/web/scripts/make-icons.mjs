// Draws every app icon and splash screen from one source, public/favicon.svg: the PWA icons
// (192/512, maskable 192/512, Apple touch icon, the push notifications' badge), and, with --native, the Android launcher icons
// and splash and the iOS app icon and splash of the Capacitor projects. The PNGs are committed;
// run it again after changing the logo: `node apps/web/scripts/make-icons.mjs --native`
// (the native ones replace Capacitor's placeholders in apps/web/android and apps/web/ios).
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = readFileSync(path.join(web, 'public/favicon.svg'), 'utf8');
const GREEN = '#1e6b3a';
// The leaf: the source's drawing without its rounded tile.
const leaf = /<path[^>]*\/>/.exec(source)?.[0];
if (!leaf) throw new Error('favicon.svg has no <path>: cannot draw the icons');

/** The leaf centred on a full-bleed square, scaled to `fraction` of it (maskable: inside the 80 % safe zone). */
function fullBleed(fraction, background = GREEN) {
  const scale = fraction;
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${leaf}</g></svg>`;
}

async function png(svg, size, file, options = {}) {
  mkdirSync(path.dirname(file), { recursive: true });
  let image = sharp(Buffer.from(svg), { density: Math.max(72, (72 * size) / 64) }).resize(size, size);
  if (options.canvas) {
    const [w, h] = options.canvas;
    const logo = await image.png().toBuffer();
    image = sharp({ create: { width: w, height: h, channels: 4, background: GREEN } }).composite([
      { input: logo, gravity: 'center' },
    ]);
  }
  if (options.opaque) image = image.flatten({ background: GREEN });
  writeFileSync(file, await image.png({ compressionLevel: 9 }).toBuffer());
}

const out = (p) => path.join(web, 'public/icons', p);
await png(source, 192, out('icon-192.png'));
await png(source, 512, out('icon-512.png'));
await png(fullBleed(0.8), 192, out('maskable-192.png'));
await png(fullBleed(0.8), 512, out('maskable-512.png'));
await png(fullBleed(0.7), 180, out('apple-touch-icon.png'));
// A push notification's badge (Android's status bar): Chrome keeps only its alpha channel, so the
// leaf alone, white on transparent; 96 px is the size Chrome asks for (4x the 24 dp it shows).
await png(fullBleed(1, 'none').replace(/fill="#[0-9a-f]{6}"(?=\s*\/>$)/i, 'fill="#ffffff"'), 96, out('badge-96.png'));

/**
 * public/favicon.ico: what browsers and crawlers ask for at the root whatever the page names (a
 * page without <link rel="icon">, such as robots.txt, gets it too). PNG images in an ICO
 * container (Windows Vista's format, read by every browser): 16, 32 and 48 px.
 */
async function favicon(sizes, file) {
  const images = await Promise.all(
    sizes.map((size) => sharp(Buffer.from(source), { density: (72 * size) / 64 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer()),
  );
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map((data, i) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(sizes[i] % 256, 0); // width (0 = 256)
    entry.writeUInt8(sizes[i] % 256, 1); // height
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  writeFileSync(file, Buffer.concat([header, ...entries, ...images]));
}
await favicon([16, 32, 48], path.join(web, 'public/favicon.ico'));

if (process.argv.includes('--native')) {
  const android = path.join(web, 'android/app/src/main/res');
  if (existsSync(android)) {
    const densities = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 };
    for (const [name, f] of Object.entries(densities)) {
      await png(source, Math.round(48 * f), path.join(android, `mipmap-${name}/ic_launcher.png`));
      await png(source, Math.round(48 * f), path.join(android, `mipmap-${name}/ic_launcher_round.png`));
      // Adaptive icon foreground: 108 dp with the logo in the central 66 dp.
      await png(
        fullBleed(0.55, 'none'),
        Math.round(108 * f),
        path.join(android, `mipmap-${name}/ic_launcher_foreground.png`),
      );
    }
    await png(fullBleed(0.35), 480, path.join(android, 'drawable/splash.png'), { canvas: [480, 800] });
    for (const dir of [
      'drawable-port-mdpi',
      'drawable-port-hdpi',
      'drawable-port-xhdpi',
      'drawable-port-xxhdpi',
      'drawable-port-xxxhdpi',
    ]) {
      if (existsSync(path.join(android, dir, 'splash.png')))
        await png(fullBleed(0.35), 480, path.join(android, dir, 'splash.png'), { canvas: [480, 800] });
    }
    for (const dir of [
      'drawable-land-mdpi',
      'drawable-land-hdpi',
      'drawable-land-xhdpi',
      'drawable-land-xxhdpi',
      'drawable-land-xxxhdpi',
    ]) {
      if (existsSync(path.join(android, dir, 'splash.png')))
        await png(fullBleed(0.35), 480, path.join(android, dir, 'splash.png'), { canvas: [800, 480] });
    }
  }
  const ios = path.join(web, 'ios/App/App/Assets.xcassets');
  if (existsSync(ios)) {
    // One 1024 px icon (Xcode 14+ derives the other sizes); iOS icons have no transparency.
    await png(fullBleed(0.7), 1024, path.join(ios, 'AppIcon.appiconset/AppIcon-512@2x.png'), { opaque: true });
    for (const name of ['splash-2732x2732.png', 'splash-2732x2732-1.png', 'splash-2732x2732-2.png']) {
      const file = path.join(ios, 'Splash.imageset', name);
      if (existsSync(file)) await png(fullBleed(0.2), 2732, file, { opaque: true });
    }
  }
}
console.log('icons written');

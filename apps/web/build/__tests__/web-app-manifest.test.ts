import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webAppManifest } from '../web-app-manifest.ts';

const web = path.resolve(import.meta.dirname, '../..');

/**
 * Chromium downloads the page's favicon and the manifest's best icon through the page's own
 * renderer. An SVG image there is a document of its own (a page, a frame, a parser), built on
 * the page's main thread while the app starts: two of them cost /contact about 18 ms of CPU and
 * 70 ms of its main thread in Lighthouse traces. Every icon the browser fetches by itself is raster.
 */
describe('the icons the browser fetches by itself', () => {
  it('are raster in the manifest', () => {
    const icons = webAppManifest.icons ?? [];
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) {
      expect(icon.src).not.toMatch(/\.svg$/);
      expect(icon.type).toBe('image/png');
    }
  });

  it('are raster in index.html', () => {
    const html = readFileSync(path.join(web, 'index.html'), 'utf8');
    const links = [...html.matchAll(/<link\s[^>]*rel="(?:icon|shortcut icon|apple-touch-icon)"[^>]*>/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).not.toMatch(/\.svg"/);
      expect(link).not.toMatch(/image\/svg\+xml/);
    }
  });
});

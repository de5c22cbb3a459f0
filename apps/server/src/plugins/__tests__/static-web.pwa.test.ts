import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

describe('the installable app: manifest and service worker', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'puntoverde-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'PuntoVerde', start_url: '/index' }));
    t = await buildTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves sw.js as JavaScript that no HTTP cache keeps, so a new version is seen at once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache, max-age=0, must-revalidate');
  });

  it('serves the manifest with its media type, revalidated on every load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'PuntoVerde' });
  });

  it("the pages' CSP lets the app register its own worker and read its manifest, and nothing else's", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/worker-src 'self' blob:/);
    // manifest-src falls back to default-src.
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/manifest-src/);
  });

  it('serves the precached shell (/index.html, with the cache-busting revision workbox adds) as the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html?__WB_REVISION__=abc123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('pv-public-config');
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { isApiUrl, isProbeUrl } from '../security.js';

const REQUEST_ID = /^[0-9a-f-]{36}$/;

describe('security headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'puntoverde-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="es"><body><div id="root"></div></body></html>',
    );
    t = await buildTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('gives the web app pages a CSP that allows the map tiles, and the document headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://tile.openstreetmap.org');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-site',
      'referrer-policy': 'no-referrer',
    });
    expect(res.headers['x-request-id']).toMatch(REQUEST_ID);
  });

  it.each(['/back/api/v1/config', '/back/api/v1/does-not-exist'])(
    'gives the API response %s the API set: nosniff, never framed, nothing loads',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-site',
        'referrer-policy': 'no-referrer',
      });
      // Document-only headers stay on pages.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(REQUEST_ID);
    },
  );

  it.each([
    '/back/api/health',
    '/back/api/health/',
    '/back/api/health?from=lb',
    '/back/api/health/ready',
    '/back/api/health/ready?from=lb',
  ])('gives the health probe %s nosniff and no-store only: no framing, CSP or request id', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-request-id']) {
      expect(res.headers[name]).toBeUndefined();
    }
  });

  it('knows the probe URL exactly', () => {
    expect(isProbeUrl('/back/api/health')).toBe(true);
    expect(isProbeUrl('/back/api/health?x=1')).toBe(true);
    expect(isProbeUrl('/back/api/health/ready')).toBe(true);
    expect(isProbeUrl('/back/api/health/ready?x=1')).toBe(true);
    expect(isProbeUrl('/back/api/health/readyz')).toBe(false);
    expect(isProbeUrl('/back/api/health/ready/../../v1/users')).toBe(false);
    expect(isProbeUrl('/back/api/healthz')).toBe(false);
    expect(isProbeUrl('/back/api/health/../v1/users')).toBe(false);
    expect(isProbeUrl('/back/api/v1/health')).toBe(false);
  });

  it('treats the API viewer as pages, not as API answers', () => {
    expect(isApiUrl('/back/api/v1/points')).toBe(true);
    expect(isApiUrl('/back/api/health')).toBe(true);
    expect(isApiUrl('/back/api/docs')).toBe(false);
    expect(isApiUrl('/back/api/docs/static/index.html')).toBe(false);
    expect(isApiUrl('/home')).toBe(false);
  });

  it('says the same about framing in both headers of every page: never framed', async () => {
    for (const url of ['/home', '/back/api/docs', '/back/api/docs/static/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('gives the API viewer a CSP without https: wildcards', async () => {
    for (const url of ['/back/api/docs', '/back/api/docs/static/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("style-src 'self'");
      expect(csp, url).not.toMatch(/https:(?!\/\/)/);
      expect(csp, url).not.toContain('validator.swagger.io');
    }
  });

  it('adds HSTS whenever the request came over https through a trusted proxy, never over http', async () => {
    const proxied = await buildTestApp({ trustProxy: 1, publicUrl: 'https://puntoverde.example.org' });
    try {
      for (const url of ['/back/api/health', '/back/api/v1/config', '/home']) {
        const https = await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
        expect(https.headers['strict-transport-security'], url).toContain('max-age=');
        const http = await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'http' } });
        expect(http.headers['strict-transport-security'], url).toBeUndefined();
        const direct = await proxied.app.inject({ method: 'GET', url });
        expect(direct.headers['strict-transport-security'], url).toBeUndefined();
      }
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-Proto when the proxy is not trusted, even with an https public URL', async () => {
    const direct = await buildTestApp({ trustProxy: false, publicUrl: 'http://localhost:3000' });
    try {
      const res = await direct.app.inject({ method: 'GET', url: '/home', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.close();
    }
  });

  it('sends no CORS headers to other origins on a route that needs a session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/back/api/v1/me',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/back/api/v1/me',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers CORS with credentials for the origins on the allow-list only', async () => {
    const cors = await buildTestApp({ corsOrigins: ['https://admin.example.org'] });
    try {
      const allowed = await cors.app.inject({
        method: 'GET',
        url: '/back/api/v1/config',
        headers: { origin: 'https://admin.example.org' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://admin.example.org');
      expect(allowed.headers['access-control-expose-headers']).toContain('x-request-id');
      const preflight = await cors.app.inject({
        method: 'OPTIONS',
        url: '/back/api/v1/config',
        headers: { origin: 'https://admin.example.org', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      const other = await cors.app.inject({
        method: 'GET',
        url: '/back/api/v1/me',
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });
});

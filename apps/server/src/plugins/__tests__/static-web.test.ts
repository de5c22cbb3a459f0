import { DEFAULT_BRANDING } from '@puntoverde/contract';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { embedPublicConfig, publicConfigOf } from '../../features/public-config/public-config.service.js';

const INDEX_HTML = `<!doctype html><html lang="es"><head><title>PuntoVerde</title></head><body>${'<p>shell</p>'.repeat(200)}<div id="root"></div></body></html>`;

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  const embedded = (html: string) => embedPublicConfig(html, publicConfigOf(t.config));

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'puntoverde-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("hola");');
    t = await buildTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers client routes with index.html, compressed and never cached', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/home?refresh=1',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(embedded(INDEX_HTML));
  });

  it('answers the root and /index.html with the app too', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8'), url).toBe(embedded(INDEX_HTML));
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
  });

  it('sends index.html as is to a client that does not accept compression', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/campaign', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(embedded(INDEX_HTML));
  });

  it('embeds the public config, escaped, so the app needs no request for it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'identity' } });
    const block = /<script type="application\/json" id="pv-public-config">(.*?)<\/script><\/head>/.exec(res.body);
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual({ demo: false, tile_url: t.config.tileUrl, branding: DEFAULT_BRANDING });
    expect(
      embedPublicConfig('<head></head>', { demo: true, tile_url: '</script><script>alert(1)</script>', branding: DEFAULT_BRANDING }),
    ).not.toContain('</script><script>');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the brotli or gzip copy the build wrote of a file as it is, and compresses a file without one', async () => {
    // The build's copies (apps/web/build/precompress.ts): marked so that a copy made here on the
    // fly could not pass for them.
    const js = `export const x = "${'reciclaje '.repeat(300)}";`;
    writeFileSync(path.join(dist, 'assets', 'page-abc.js'), js);
    writeFileSync(path.join(dist, 'assets', 'page-abc.js.br'), brotliCompressSync(`${js}//br`));
    writeFileSync(path.join(dist, 'assets', 'page-abc.js.gz'), gzipSync(`${js}//gz`));
    const br = await t.app.inject({ method: 'GET', url: '/assets/page-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${js}//br`);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/page-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${js}//gz`);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/page-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);

    writeFileSync(path.join(dist, 'assets', 'other-abc.js'), js);
    const onTheFly = await t.app.inject({ method: 'GET', url: '/assets/other-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(onTheFly.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(onTheFly.rawPayload).toString()).toBe(js);
  });

  it('serves assets written after the server started (a rebuild while it runs)', async () => {
    writeFileSync(path.join(dist, 'assets', 'index-def456.js'), 'console.log("nuevo");');
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-def456.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("nuevo");');
  });

  it('serves a rebuilt index.html at once', async () => {
    const rebuilt = INDEX_HTML.replace('<title>PuntoVerde</title>', '<title>PuntoVerde 2</title>');
    writeFileSync(path.join(dist, 'index.html'), rebuilt);
    const res = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'identity' } });
    expect(res.body).toBe(embedded(rebuilt));
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  });

  it('answers a missing file with a JSON 404, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not-found' });
  });

  it('answers unknown API paths with JSON, never HTML', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/back/api/v1/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'route-not-found' });
    }
  });

  it('cannot be led out of the build folder', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/..%2f..%2findex.html%2f..%2f..%2f..%2fetc%2fpasswd',
    });
    expect(res.body).not.toContain('root:');
  });
});

describe("each page's boot screen", () => {
  const SHELL_INDEX = `<!doctype html><html lang="es"><head><!--preload--><!--/preload--></head><body><div id="boot" class="boot-screen" aria-hidden="true"><!--boot--><div class="boot-bar">PuntoVerde</div><!--/boot--></div><div id="root"></div></body></html>`;
  const SHELL = {
    appName: 'PuntoVerde',
    demoNote: 'Versión de demostración: los datos & las cuentas son de prueba.',
    routes: [
      { path: '/index', title: 'Inicio' },
      { path: '/home', title: 'Mapa de Residuos' },
      { path: '/map/:id', title: 'Punto de residuos', preload: ['assets/map.page-Ab1.js', 'assets/points-Cd2.css'] },
    ],
  };
  const boot = (html: string) => /<!--boot-->(.*?)<!--\/boot-->/.exec(html)?.[1];
  const preloads = (html: string) => /<!--preload-->(.*?)<!--\/preload-->/.exec(html)?.[1];
  const dists: string[] = [];
  const apps: TestApp[] = [];
  /** `files`: the assets the build folder holds (default: every one the shell names). */
  async function serve(options: { demo: boolean; shell?: unknown; files?: string[] }) {
    const dir = mkdtempSync(path.join(tmpdir(), 'puntoverde-dist-'));
    dists.push(dir);
    writeFileSync(path.join(dir, 'index.html'), SHELL_INDEX);
    mkdirSync(path.join(dir, 'assets'));
    for (const file of options.files ?? ['assets/map.page-Ab1.js', 'assets/points-Cd2.css'])
      writeFileSync(path.join(dir, file), '');
    if (options.shell !== undefined) writeFileSync(path.join(dir, 'app-shell.json'), JSON.stringify(options.shell));
    const served = await buildTestApp({ webDistDir: dir, demo: options.demo });
    apps.push(served);
    return (url: string) =>
      served.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } }).then((r) => r.body);
  }
  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const d of dists) rmSync(d, { recursive: true, force: true });
  });

  it("paints the page's own title before any script", async () => {
    const get = await serve({ demo: false, shell: SHELL });
    expect(boot(await get('/home'))).toBe('<div class="boot-bar">Mapa de Residuos</div>');
    expect(boot(await get('/map/12?refresh=3'))).toBe('<div class="boot-bar">Punto de residuos</div>');
    expect(boot(await get('/'))).toBe('<div class="boot-bar">Inicio</div>');
    expect(boot(await get('/admin/users'))).toBe('<div class="boot-bar">PuntoVerde</div>');
  });

  it("names the page's own files in its head, for each page", async () => {
    const get = await serve({ demo: false, shell: SHELL });
    expect(preloads(await get('/map/12'))).toBe(
      '<script type="application/json" class="pv-preloads">["/assets/map.page-Ab1.js","/assets/points-Cd2.css"]</script>',
    );
    expect(preloads(await get('/home'))).toBe('');
    expect(preloads(await get('/map/12'))).toContain('map.page-Ab1.js');
  });

  it('never names a file the build folder does not hold', async () => {
    const get = await serve({ demo: false, shell: SHELL, files: ['assets/points-Cd2.css'] });
    const head = preloads(await get('/map/12'));
    expect(head).toBe('<script type="application/json" class="pv-preloads">["/assets/points-Cd2.css"]</script>');
    expect(head).not.toContain('map.page-Ab1.js');
  });

  it('adds the demo note, escaped, in demo mode', async () => {
    const get = await serve({ demo: true, shell: SHELL });
    expect(boot(await get('/home'))).toBe(
      '<div class="boot-bar">Mapa de Residuos</div><div class="page-body"><p class="pv-demo-note">Versión de demostración: los datos &#38; las cuentas son de prueba.</p></div>',
    );
  });

  it('keeps the generic boot screen when the build has no usable app-shell.json', async () => {
    for (const shell of [undefined, { routes: 'nope' }]) {
      const get = await serve({ demo: true, shell });
      expect(boot(await get('/home'))).toBe('<div class="boot-bar">PuntoVerde</div>');
    }
  });
});

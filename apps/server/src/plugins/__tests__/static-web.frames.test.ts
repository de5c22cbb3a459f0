import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { identitySeeder } from '../../features/identity/identity.seed.js';
import { pointsDemoSeeder } from '../../features/points/points.seed.js';
import { contentSeeder } from '../../features/content/content.seed.js';
import { MAP_DEFAULT_VIEW } from '@puntoverde/contract';
import { ALLIES_PATH, CAMPAIGNS_PATH, FAQ_PATH, tileOf, tileSrc } from '../../page-frames.js';

/** A build folder like `vite build` writes: boot and preload markers, the entry stylesheet linked at the end of <body>. */
const INDEX_HTML =
  '<!doctype html><html lang="es"><head><!--preload--><!--/preload--><script type="module" crossorigin src="/assets/index-Zz9.js"></script></head><body>' +
  '<div id="boot" class="boot-screen" aria-hidden="true"><!--boot--><div class="boot-bar">PuntoVerde</div><!--/boot--></div>' +
  '<div id="root"></div><link rel="stylesheet" crossorigin href="/assets/index-Ab1.css"></body></html>';
const SHELL = {
  appName: 'PuntoVerde',
  demoNote: 'Versión de demostración',
  routes: [
    { path: '/index', title: 'Inicio' },
    { path: '/campaign', title: 'Campañas' },
    { path: '/allies', title: 'Aliados / Adheridos' },
    { path: '/help', title: 'Ayuda / PQR' },
    { path: '/auth/login', title: 'Iniciar sesión' },
    { path: '/map/:id', title: 'Punto de residuos', preload: ['assets/map.page-Cd2.js', 'assets/points-Ef3.css'] },
    { path: '/home', title: 'Mapa de Residuos' },
    { path: '/home/:id', title: 'Mapa de Residuos' },
    { path: '/app/tabs/request', title: 'Mis solicitudes' },
    { path: '/app/tabs/request/:id', title: 'Mis solicitudes' },
    { path: '/auth/profile/:id_user', title: 'Mi perfil' },
    { path: '/admin', title: 'Administración' },
    { path: '/app/tabs/prequest', title: 'Solicitudes recibidas' },
    { path: '/app/tabs/points', title: 'Contenedores' },
    { path: '/app/tabs/reports', title: 'Reportes' },
  ],
};
const ES_JSON = path.resolve(import.meta.dirname, '../../../../web/public/assets/i18n/es.json');
const quiet = { info: () => undefined, warn: () => undefined };

describe("the public pages' content, painted with the HTML", () => {
  let t: TestApp;
  let dist: string;
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } }).then((r) => r.body);
  const boot = (html: string) => /<!--boot-->([\s\S]*?)<!--\/boot-->/.exec(html)?.[1] ?? '';

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'puntoverde-dist-'));
    mkdirSync(path.join(dist, 'assets', 'i18n'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(dist, 'app-shell.json'), JSON.stringify(SHELL));
    writeFileSync(path.join(dist, 'assets', 'index-Ab1.css'), '.page-body .lead{font-size:1.125rem}');
    writeFileSync(path.join(dist, 'assets', 'points-Ef3.css'), '.pvp-detail-map{height:240px}');
    writeFileSync(path.join(dist, 'assets', 'map.page-Cd2.js'), '');
    copyFileSync(ES_JSON, path.join(dist, 'assets', 'i18n', 'es.json'));
    t = await buildTestApp({ webDistDir: dist, demo: false, tileUrl: 'https://tile.example.org/{z}/{x}/{y}.png' });
    for (const seeder of [identitySeeder, pointsDemoSeeder, contentSeeder])
      await seeder.run(t.app.db, { log: quiet, config: t.config });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('writes the landing into /index and / with the app stylesheet inline instead of linked', async () => {
    for (const url of ['/index', '/']) {
      const html = await get(url);
      expect(boot(html)).toContain('<p class="landing-promise">Recicla cerca de ti, sin complicarte.</p>');
      expect(boot(html)).toContain('<a href="/campaign" tabindex="-1" class="landing-tile">');
      expect(html).toContain('<style>.page-body .lead{font-size:1.125rem}</style>');
      expect(html).not.toContain('<link rel="stylesheet"');
    }
  });

  it('lists the ongoing campaigns, the first image fetched first, and shows an edit at once, escaped', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/back/api/v1/campaigns?status=ongoing' })).json().data;
    expect(list.items.length).toBeGreaterThan(0);
    let html = boot(await get('/campaign'));
    for (const c of list.items) expect(html).toContain(`>${c.title}</a></h2>`);
    // The first card's image is the largest paint: in the HTML, fetched first, offered at the
    // variant widths in AVIF/WebP/JPEG; the others lazy.
    const id = /\/back\/api\/v1\/files\/([A-Za-z0-9_-]+)/.exec(list.items[0].image_url)![1];
    expect(html).toContain(
      `<picture class="responsive-image"><source type="image/avif" srcset="/back/api/v1/files/${id}/320.avif 320w, /back/api/v1/files/${id}/640.avif 640w, /back/api/v1/files/${id}/1200.avif 1200w" sizes="`,
    );
    expect(html).toMatch(
      new RegExp(
        `<img src="/back/api/v1/files/${id}/640.jpg" srcset="[^"]+1200.jpg 1200w" sizes="[^"]+" class="content-card__image" alt="" width="1200" height="630" loading="eager" fetchpriority="high" decoding="async"></picture>`,
      ),
    );
    expect(html.match(/fetchpriority="high"/g)).toHaveLength(1);
    if (list.items.length > 1) expect(html).toContain('loading="lazy"');
    // ...and preloaded from the <head>, before the page's scripts, with the <picture>'s own
    // candidates and sizes so the browser fetches the very file it then paints.
    const page = await get('/campaign');
    const head = page.slice(0, page.indexOf('</head>'));
    const sizes = /<source type="image\/avif" srcset="[^"]+" sizes="([^"]+)">/.exec(html)![1];
    expect(head).toContain(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="/back/api/v1/files/${id}/320.avif 320w, /back/api/v1/files/${id}/640.avif 640w, /back/api/v1/files/${id}/1200.avif 1200w" imagesizes="${sizes}" fetchpriority="high">`,
    );
    expect(head.indexOf('rel="preload" as="image"')).toBeLessThan(head.search(/pv-preloads|<script/));
    expect(head.match(/rel="preload" as="image"/g)).toHaveLength(1);
    await t.app.db
      .updateTable('campaigns')
      .set({ title: '<b>Nueva</b> & mejor' })
      .where('id', '=', list.items[0].id)
      .execute();
    html = boot(await get('/campaign'));
    expect(html).toContain('&#60;b&#62;Nueva&#60;/b&#62; &#38; mejor');
    expect(html).not.toContain('<b>Nueva</b>');
  });

  it('embeds the answers the page was drawn from, as the API sends them, so the app does not ask again', async () => {
    const answers = (html: string) => {
      const block = JSON.parse(
        /<script type="application\/json" id="pv-page-data">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
      ) as Record<string, unknown> | null;
      if (!block) return null;
      // When they were computed: a clock-dependent answer serves only a device whose clock agrees.
      const { '@rendered_at': at, ...rest } = block;
      expect(Math.abs(Date.parse(String(at)) - Date.now())).toBeLessThan(60_000);
      return rest;
    };
    const api = async (apiPath: string) => (await t.app.inject({ method: 'GET', url: `/back/api/${apiPath}` })).json();
    expect(answers(await get('/campaign'))).toEqual({ [CAMPAIGNS_PATH]: await api(CAMPAIGNS_PATH) });
    expect(answers(await get('/allies'))).toEqual({ [ALLIES_PATH]: await api(ALLIES_PATH) });
    expect(answers(await get('/help'))).toEqual({ [FAQ_PATH]: await api(FAQ_PATH) });
    expect(answers(await get('/index'))).toBeNull();
  });

  it("gives one campaign's link (/campaign?id=) no list", async () => {
    expect(boot(await get('/campaign?id=1'))).toBe('<div class="boot-bar">Campañas</div>');
  });

  it('writes the FAQ questions into /help', async () => {
    const faq = (await t.app.inject({ method: 'GET', url: '/back/api/v1/content/faq' })).json().data as {
      question: string;
    }[];
    const html = boot(await get('/help'));
    expect(html).toContain('<h2>Preguntas frecuentes</h2>');
    for (const f of faq)
      expect(html).toContain(`<li>${f.question.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</li>`);
  });

  it("writes a point's name, address and the map tile under it into /map/{id}, with the page's own stylesheet", async () => {
    const markers = (await t.app.inject({ method: 'GET', url: '/back/api/v1/points?bbox=-75.7,6.1,-75.5,6.4' })).json()
      .data.points;
    const detail = (await t.app.inject({ method: 'GET', url: `/back/api/v1/points/${markers[0].id}` })).json().data;
    const html = await get(`/map/${detail.id}`);
    const { x, y } = tileOf(detail.lat, detail.lng, 16);
    expect(boot(html)).toContain(`<h2 class="pvp-detail-name">${detail.name}</h2>`);
    expect(boot(html)).toContain(`src="https://tile.example.org/16/${x}/${y}.png" alt=""`);
    expect(html).toContain('.pvp-detail-map{height:240px}');
  });

  it("draws the waste map's first view into /home: every tile a phone's map shows, each where Leaflet puts it", async () => {
    const html = boot(await get('/home'));
    const { lat, lng, zoom } = MAP_DEFAULT_VIEW;
    const centre = tileOf(lat, lng, zoom);
    const tiles = [...html.matchAll(/<img src="https:\/\/tile\.example\.org\/(\d+)\/(\d+)\/(\d+)\.png" alt="" width="256" height="256" (fetchpriority="high" )?style="left:([^;]+);top:([^"]+)">/g)];
    // The tile under the map's centre comes first and is the only one fetched first.
    expect(tiles[0]?.slice(1, 5)).toEqual([String(zoom), String(centre.x), String(centre.y), 'fetchpriority="high" ']);
    expect(tiles.filter((m) => m[4])).toHaveLength(1);
    // Each tile sits at its offset from the centre, as Leaflet lays the grid out from the map's centre.
    const px = (place: string) => (place === '50%' ? 0 : Number(/calc\(50% ([-+]) (\d+)px\)/.exec(place)?.slice(1).join('')));
    for (const m of tiles) {
      expect(px(m[5] ?? '')).toBe((Number(m[2]) - centre.x) * 256 - centre.px);
      expect(px(m[6] ?? '')).toBe((Number(m[3]) - centre.y) * 256 - centre.py);
    }
    // Together they cover a phone's map (412 × 560 px around the centre), and no tile lies outside it.
    const lefts = tiles.map((m) => px(m[5] ?? ''));
    const tops = tiles.map((m) => px(m[6] ?? ''));
    expect(Math.min(...lefts)).toBeLessThanOrEqual(-206);
    expect(Math.max(...lefts) + 256).toBeGreaterThanOrEqual(206);
    expect(Math.min(...tops)).toBeLessThanOrEqual(-280);
    expect(Math.max(...tops) + 256).toBeGreaterThanOrEqual(280);
    for (const [i, left] of lefts.entries()) {
      expect(left).toBeLessThan(206);
      expect(left + 256).toBeGreaterThan(-206);
      expect(tops[i]).toBeLessThan(280);
      expect((tops[i] ?? 0) + 256).toBeGreaterThan(-280);
    }
    expect(new Set(tiles.map((m) => `${m[2]}/${m[3]}`)).size).toBe(tiles.length);
    expect(html).toContain('<div class="frame-map-tools" aria-hidden="true"></div>');
  });

  it('keeps the plain boot screen for an unknown point and for pages without a frame', async () => {
    expect(boot(await get('/map/999999'))).toBe('<div class="boot-bar">Punto de residuos</div>');
    expect(boot(await get('/home/12'))).toBe('<div class="boot-bar">Mapa de Residuos</div>');
  });

  it("draws a signed-in page's headings and skeleton, the same for everyone and with no user data", async () => {
    const requests = boot(await get('/app/tabs/request'));
    // The page's lead comes first, as PageLayout draws it: the largest paint, before any script.
    expect(requests).toContain(
      '<p class="lead page-lead">Pide que recojan el material que separaste y sigue cada solicitud',
    );
    expect(requests).toContain('<h2>Mis solicitudes de recolección</h2>');
    expect(requests).toMatch(
      /<div class="frame-list" aria-busy="true">(<span class="frame-skeleton"><\/span>){3}<\/div>/,
    );
    expect(boot(await get('/admin'))).toContain(
      '<p class="lead page-lead">Gestiona el contenido y la operación del esquema. Cada cambio queda en el registro de auditoría.</p><h2>Lo que necesita atención</h2><div class="frame-list" aria-busy="true">',
    );
    for (const route of ['/app/tabs/prequest', '/app/tabs/points', '/app/tabs/reports', '/auth/profile/1']) {
      expect(boot(await get(route))).toMatch(
        /^<div class="boot-bar">[^<]+<\/div><div class="boot-content"><div class="page-body">(<[^>]+pv-demo-note[\s\S]*?<\/[a-z]+>)?<p class="lead page-lead">/,
      );
    }
    const profile = boot(await get('/auth/profile/1'));
    expect(profile).toContain('<h2>Mi cuenta</h2>');
    expect(profile).not.toMatch(/@demo\.puntoverde\.co|hogar/i);
    // One request's page shows its own data only once the app has it: no list skeleton there.
    expect(boot(await get('/app/tabs/request/5'))).toBe('<div class="boot-bar">Mis solicitudes</div>');
  });

  it("draws the login form's frame: its lead and field labels", async () => {
    const html = boot(await get('/auth/login'));
    expect(html).toContain('<p class="lead">Ingresa con el correo y la contraseña de tu cuenta.</p>');
    expect(html).toContain('<span>Contraseña</span>');
  });

  it("fills Leaflet's {r} with @2x only for the high-density tile, as Leaflet does on a dense screen", () => {
    expect(tileSrc('https://t.example/{z}/{x}/{y}{r}.png', 16, 1, 2)).toBe('https://t.example/16/1/2.png');
    expect(tileSrc('https://t.example/{z}/{x}/{y}{r}.png', 16, 1, 2, true)).toBe('https://t.example/16/1/2@2x.png');
    expect(tileSrc('https://{s}.t.example/{z}/{x}/{y}.png', 3, 4, 5, true)).toBe('https://a.t.example/3/4/5.png');
    // Leaflet's subdomain for a tile: its default 'abc' by (x + y) modulo 3, so the map reuses the frame's tile.
    expect(tileSrc('https://{s}.t.example/{z}/{x}/{y}.png', 3, 4, 6)).toBe('https://b.t.example/3/4/6.png');
    expect(tileSrc('https://{s}.t.example/{z}/{x}/{y}.png', 3, 4, 7)).toBe('https://c.t.example/3/4/7.png');
  });
});

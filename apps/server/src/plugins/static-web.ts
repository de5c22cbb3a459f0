import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  embedBootScreen,
  embedPreloads,
  renderBootScreen,
  renderPreloads,
  shellRoute,
  shellTitle,
  embedTitle,
  STYLESHEET_LINK,
  ZAppShell,
  type AppShell,
  type AppShellRoute,
} from '../app-shell.js';
import {
  FRAMED_ROUTES,
  isStaticFrame,
  renderPageAnswers,
  renderPageFrame,
  type PageFrame,
  type Translations,
} from '../page-frames.js';
import { embedPublicConfig, publicConfigOf } from '../features/public-config/public-config.service.js';
import { brandHtml, brandManifest } from '../features/branding/branding-surfaces.js';
import { findFile } from '../features/files/files.service.js';
import { ERRORS } from '@puntoverde/contract';

export const API_PREFIX = '/back/api';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * the SPA fallback for client routes. Unknown /back/api/* paths always answer JSON.
 * Files are looked up at request time (`wildcard: true`), so a rebuild while the server runs
 * serves the new hashed assets.
 */
export default fp(
  async function staticWebPlugin(app: FastifyInstance) {
    const root = app.config.webDistDir;
    const hasWeb = existsSync(path.join(root, 'index.html'));
    /**
     * index.html with the public config embedded, the page's boot screen and its preloads
     * (app-shell.ts), built once per version of the file and per route: a stat per request
     * notices a rebuild, the files are read and the page built only then. The public pages
     * with a content frame (page-frames.ts) get it in their boot screen, with the app's
     * stylesheets inline: built once per route when it depends only on the build, per request
     * when it shows data (campaigns, allies, FAQ, a point), so an edit shows at once.
     */
    const indexFile = path.join(root, 'index.html');
    const shellFile = path.join(root, 'app-shell.json');
    type Cache = {
      /** The brand the pages were built with (features/branding): a change builds them again. */
      brand: string;
      mtimeMs: number;
      size: number;
      html: string;
      shell: AppShell | null;
      pages: Map<string, string>;
      texts: Translations | null;
      css: Map<string, string>;
    };
    let cached: Cache | null = null;
    const appHtml = async (pathname: string, search = '') => {
      const { mtimeMs, size } = await stat(indexFile);
      const branding = await app.branding.fresh();
      const brand = app.branding.version();
      if (cached?.mtimeMs !== mtimeMs || cached.size !== size || cached.brand !== brand) {
        const html = embedPublicConfig(await readFile(indexFile, 'utf8'), publicConfigOf(app.config, branding));
        cached = {
          brand,
          mtimeMs,
          size,
          html,
          shell: await readShell(),
          pages: new Map(),
          texts: await readTexts(),
          css: new Map(),
        };
      }
      const current = cached;
      const { shell, pages } = current;
      if (!shell) return brandHtml(current.html, branding);
      const route = shellRoute(shell, pathname);
      const key = route?.path ?? '';
      const framed = route && current.texts && (FRAMED_ROUTES as readonly string[]).includes(route.path);
      if (framed && !isStaticFrame(route.path))
        return brandHtml(
          (await framedPage(current, shell, route, pathname, search)) ?? plainPage(current, shell, route, pathname),
          branding,
        );
      let page = pages.get(key);
      if (page === undefined) {
        page = brandHtml(
          (framed ? await framedPage(current, shell, route, pathname, search) : null) ??
            plainPage(current, shell, route, pathname),
          branding,
        );
        pages.set(key, page);
      }
      return page;
    };
    const plainPage = (current: Cache, shell: AppShell, route: AppShellRoute | undefined, pathname: string) => {
      const title = shellTitle(shell, pathname);
      const withBoot = embedTitle(
        embedBootScreen(current.html, renderBootScreen(shell, title, app.config.demo)),
        shell,
        title,
      );
      return embedPreloads(withBoot, renderPreloads(route));
    };
    /** The page with its content frame and the stylesheets it is drawn with inline; null when the page has no frame (an unknown point). */
    const framedPage = async (
      current: Cache,
      shell: AppShell,
      route: AppShellRoute,
      pathname: string,
      search: string,
    ) => {
      let frame: PageFrame | null;
      try {
        frame = await renderPageFrame(
          { texts: current.texts ?? {}, tileUrl: app.config.tileUrl, api: readPublicApi },
          route.path,
          pathname,
          search,
        );
      } catch (err) {
        // The app renders the page anyway: a frame that fails only costs the early paint.
        app.log.error({ err, pathname }, 'page frame failed: the page is served with its plain boot screen');
        return null;
      }
      if (!frame) return null;
      const title = shellTitle(shell, pathname);
      let html = embedTitle(
        embedBootScreen(current.html, renderBootScreen(shell, title, app.config.demo, frame.html)),
        shell,
        title,
      );
      const files = [...html.matchAll(STYLESHEET_LINK)].map((m) => m[1] ?? '');
      html = html.replace(STYLESHEET_LINK, '');
      const pageCss = (route.preload ?? []).filter((file) => file.endsWith('.css'));
      const styles = await Promise.all([...files, ...pageCss].map((file) => stylesheet(current, file)));
      return embedPreloads(
        html,
        `${frame.preload ?? ''}<style>${styles.join('\n')}</style>${renderPageAnswers(frame.answers)}${renderPreloads(route)}`,
      );
    };
    /** A public API answer as an anonymous visitor gets it (through the routes: same checks, same shape); null unless 200. */
    const readPublicApi = async (apiPath: string): Promise<unknown> => {
      const res = await app.inject({
        method: 'GET',
        url: `${API_PREFIX}/${apiPath}`,
        headers: { accept: 'application/json' },
      });
      return res.statusCode === 200 ? res.json() : null;
    };
    /** A built stylesheet's text, safe inside <style> (read once per build). */
    const stylesheet = async (current: Cache, file: string) => {
      let css = current.css.get(file);
      if (css === undefined) {
        css = (await readFile(path.join(root, file), 'utf8')).replaceAll('</', '<\\/');
        current.css.set(file, css);
      }
      return css;
    };
    /** The Spanish texts the frames are written in (the app's translation file); without them no frames. */
    const readTexts = async (): Promise<Translations | null> => {
      try {
        return JSON.parse(await readFile(path.join(root, 'assets', 'i18n', 'es.json'), 'utf8')) as Translations;
      } catch {
        return null;
      }
    };
    /** The build's description of the boot screen; without it (an older build) index.html is sent as built. */
    const readShell = async (): Promise<AppShell | null> => {
      try {
        return withServedPreloads(ZAppShell.parse(JSON.parse(await readFile(shellFile, 'utf8'))));
      } catch (err) {
        app.log.warn({ err, file: shellFile }, 'no usable app-shell.json: pages keep the generic boot screen');
        return null;
      }
    };
    /**
     * The shell without the preloads of files this build folder does not hold (a shell file left
     * from another build): a preload the server cannot serve would only cost the page a 404.
     */
    const withServedPreloads = (shell: AppShell): AppShell => {
      const missing = new Set<string>();
      const served = (file: string) => {
        if (existsSync(path.join(root, file))) return true;
        missing.add(file);
        return false;
      };
      const routes = shell.routes.map((r) => (r.preload ? { ...r, preload: r.preload.filter(served) } : r));
      if (missing.size) {
        app.log.warn(
          { file: shellFile, missing: [...missing] },
          'app-shell.json names files the build does not have: their preloads are left out',
        );
      }
      return { ...shell, routes };
    };
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        // The build writes brotli and gzip copies beside the files (apps/web/build/precompress.ts):
        // sent as they are, with no compression work per request; a file without one is
        // compressed on the fly by @fastify/compress.
        preCompressed: true,
        setHeaders(res, filePath) {
          const rel = path.relative(root, filePath);
          if (rel.startsWith('assets' + path.sep) && !rel.startsWith(path.join('assets', 'i18n'))) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else if (rel === 'sw.js') {
            // The service worker: browsers must see a new version at once (it decides which
            // build every page runs), so never from an HTTP cache.
            res.header('cache-control', 'no-cache, max-age=0, must-revalidate');
          } else if (rel === 'manifest.webmanifest') {
            res.header('content-type', 'application/manifest+json; charset=utf-8');
            res.header('cache-control', 'no-cache');
          } else {
            res.header('cache-control', 'no-cache');
          }
        },
      });
      // The manifest in the scheme's brand (name, labels, theme colour, logo), read once per build.
      const manifestFile = path.join(root, 'manifest.webmanifest');
      let manifestCache: { mtimeMs: number; json: Record<string, unknown> } | null = null;
      app.get('/manifest.webmanifest', async (_request, reply) => {
        const { mtimeMs } = await stat(manifestFile);
        if (manifestCache?.mtimeMs !== mtimeMs)
          manifestCache = { mtimeMs, json: JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, unknown> };
        const branding = await app.branding.fresh();
        const logoId = branding.logo_url?.split('/').pop();
        const logo = logoId ? ((await findFile(app.db, logoId)) ?? null) : null;
        reply.header('cache-control', 'no-cache');
        return reply.type('application/manifest+json; charset=utf-8').send(JSON.stringify(brandManifest(manifestCache.json, branding, logo)));
      });
      // The root and index.html itself get the app too (the static route would refuse the
      // folder and send index.html without the embedded config).
      for (const url of ['/', '/index.html']) {
        app.get(url, async (_request, reply) => {
          reply.header('cache-control', 'no-cache');
          return reply.type('text/html; charset=utf-8').send(await appHtml('/'));
        });
      }
    } else {
      app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url;
      if (url === API_PREFIX || url.startsWith(API_PREFIX + '/') || url.startsWith(API_PREFIX + '?')) {
        return reply.code(404).send({ code: 'route-not-found', message: ERRORS['route-not-found'].message });
      }
      if (hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
        const pathname = url.split('?')[0] ?? '/';
        // A missing file with an extension is a real 404, not a client route.
        if (!path.extname(pathname) || pathname.endsWith('.html')) {
          reply.header('cache-control', 'no-cache');
          // Compressed explicitly: the global compression hooks do not run in the 404 handler.
          return reply.type('text/html; charset=utf-8').compress(await appHtml(pathname, url.slice(pathname.length)));
        }
      }
      return reply.code(404).send({ code: 'not-found', message: ERRORS['not-found'].message });
    });
  },
  { name: 'static-web', dependencies: ['config'] },
);

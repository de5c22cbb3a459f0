import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { embedPublicConfig, publicConfigOf } from '../public-config.js';
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
     * index.html with the public config embedded, built once per version of the file: a stat
     * per request notices a rebuild, the file is read and the config embedded only then.
     */
    const indexFile = path.join(root, 'index.html');
    let cached: { mtimeMs: number; size: number; html: string } | null = null;
    const appHtml = async () => {
      const { mtimeMs, size } = await stat(indexFile);
      if (cached?.mtimeMs !== mtimeMs || cached.size !== size) {
        cached = { mtimeMs, size, html: embedPublicConfig(await readFile(indexFile, 'utf8'), publicConfigOf(app.config)) };
      }
      return cached.html;
    };
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        preCompressed: false,
        setHeaders(res, filePath) {
          const rel = path.relative(root, filePath);
          if (rel.startsWith('assets' + path.sep) && !rel.startsWith(path.join('assets', 'i18n'))) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'no-cache');
          }
        },
      });
      // The root and index.html itself get the app too (the static route would refuse the
      // folder and send index.html without the embedded config).
      for (const url of ['/', '/index.html']) {
        app.get(url, async (_request, reply) => {
          reply.header('cache-control', 'no-cache');
          return reply.type('text/html; charset=utf-8').send(await appHtml());
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
          return reply.type('text/html; charset=utf-8').compress(await appHtml());
        }
      }
      return reply.code(404).send({ code: 'not-found', message: ERRORS['not-found'].message });
    });
  },
  { name: 'static-web', dependencies: ['config'] },
);

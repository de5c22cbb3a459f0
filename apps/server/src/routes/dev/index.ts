import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mayReadOutbox } from './outbox-access.js';

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * The local e-mail outbox, only when no SMTP server is configured (demo and development):
 * JSON at /back/api/dev/outbox and a readable page at /dev/outbox. Readable by staff (bearer
 * token) and, in demo mode, from this machine; anyone else gets the answer of a path that does
 * not exist, so the outbox's presence is not revealed either.
 */
export default async function devRoutes(app: FastifyInstance) {
  if (app.mailer.mode !== 'outbox' || (app.config.env === 'production' && !app.config.demo)) return;

  /** Hides the route from whoever may not read it; true when the handler may go on. */
  function allowed(request: FastifyRequest, reply: FastifyReply): boolean {
    if (mayReadOutbox(request, app.config)) return true;
    reply.callNotFound();
    return false;
  }

  app.get('/back/api/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, reply)) return reply;
    reply.header('cache-control', 'no-store');
    return { data: await app.mailer.outbox() };
  });

  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request, reply)) return reply;
    const entries = await app.mailer.outbox();
    const items = entries
      .map(
        (e) => `<article><h2>${escapeHtml(e.subject)}</h2>
<p><strong>Para:</strong> ${escapeHtml(e.to)} · <time datetime="${e.created_at}">${escapeHtml(
          new Date(e.created_at).toLocaleString('es-CO', { timeZone: 'America/Bogota' }),
        )}</time></p>
<pre>${escapeHtml(e.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('\n');
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Bandeja de salida (desarrollo) · PuntoVerde</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1b2b1f}
article{border:1px solid #c8d6cb;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}
a{color:#1f6b35}</style></head><body>
<h1>Bandeja de salida de correo (solo desarrollo)</h1>
<p>Sin servidor SMTP configurado, PuntoVerde guarda aquí los correos que enviaría. ${entries.length} mensaje(s).</p>
${items || '<p>No hay correos todavía.</p>'}
</body></html>`);
  });
}

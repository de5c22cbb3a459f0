import type { FastifyInstance } from 'fastify';
import { reportsDevRoutes } from '../reports/dev.js';
import { mayUseDevRoutes } from './dev-access.js';

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * The development helpers, when no SMTP server (e-mail) or SMS provider is configured (demo,
 * development, or production with MAIL_TRANSPORT=outbox): the local outboxes, as JSON at
 * /back/api/dev/outbox (e-mails) and /back/api/dev/sms-outbox (SMS) and as one readable page at
 * /dev/outbox, and the features' own helpers under /back/api/dev/ (not in production). Usable by staff (bearer token) and, in demo mode, from this
 * machine; anyone else gets the answer of a path that does not exist, so their presence is not
 * revealed either.
 */
export default async function devRoutes(app: FastifyInstance) {
  const mailOutbox = app.mailer.mode === 'outbox';
  const smsOutbox = app.sms.mode === 'outbox';
  // A production server without demo data keeps its outboxes only when MAIL_TRANSPORT=outbox
  // says so; then staff read them here, and the development-only helpers stay away.
  const production = app.config.env === 'production' && !app.config.demo;
  if (!mailOutbox && !smsOutbox) return;
  if (production && !app.config.mailOutboxOnPurpose) return;

  // One guard for every route of this scope, the features' helpers registered below included.
  app.addHook('onRequest', async (request, reply) => {
    if (mayUseDevRoutes(request, app.config)) return;
    reply.callNotFound();
    return reply;
  });

  if (!production) await app.register(reportsDevRoutes);

  if (mailOutbox) {
    app.get('/back/api/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      // The messages this instance is sending right now are in it too.
      await app.mailer.idle();
      return { data: await app.mailer.outbox() };
    });
  }

  if (smsOutbox) {
    app.get('/back/api/dev/sms-outbox', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await app.sms.outbox() };
    });
  }

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    await app.mailer.idle();
    const [entries, messages] = await Promise.all([app.mailer.outbox(), app.sms.outbox()]);
    const when = (iso: string) =>
      `<time datetime="${iso}">${escapeHtml(new Date(iso).toLocaleString('es-CO', { timeZone: 'America/Bogota' }))}</time>`;
    const items = entries
      .map(
        (e) => `<article><h3>${escapeHtml(e.subject)}</h3>
<p><strong>Para:</strong> ${escapeHtml(e.to)} · ${when(e.created_at)}</p>
<pre>${escapeHtml(e.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('\n');
    const texts = messages
      .map(
        (m) => `<article><p><strong>Para:</strong> ${escapeHtml(m.to)} · ${when(m.created_at)}</p>
<pre>${escapeHtml(m.body)}</pre></article>`,
      )
      .join('\n');
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Bandeja de salida · PuntoVerde</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1b2b1f}
article{border:1px solid #c8d6cb;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}
a{color:#1f6b35}</style></head><body>
<h1>Bandeja de salida</h1>
<p>Sin servidor SMTP ni proveedor de SMS configurados, PuntoVerde guarda aquí lo que enviaría.</p>
<section aria-labelledby="sms"><h2 id="sms">SMS</h2>
${smsOutbox ? `<p>${messages.length} mensaje(s).</p>${texts || '<p>No hay SMS todavía.</p>'}` : '<p>Los SMS salen por el proveedor configurado.</p>'}
</section>
<section aria-labelledby="mail"><h2 id="mail">Correos</h2>
${mailOutbox ? `<p>${entries.length} mensaje(s).</p>${items || '<p>No hay correos todavía.</p>'}` : '<p>Los correos salen por el servidor SMTP configurado.</p>'}
</section>
</body></html>`);
  });
}

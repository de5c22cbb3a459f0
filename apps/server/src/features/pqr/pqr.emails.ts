import { PQR_TYPE_LABELS_ES, type PqrType } from '@puntoverde/contract';
import type { MailMessage } from '../../lib/mailer.js';

/** E-mails to the requester, in Spanish, as plain text and HTML. */

type PqrMailData = {
  radicado: string;
  name: string;
  email: string;
  type: string;
  subject: string;
};

const longDate = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const instantFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});

/** `2026-04-15` → `15 de abril de 2026`. */
export function formatDateEs(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

export function formatInstantEs(instant: string): string {
  return instantFormat.format(new Date(instant));
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function trackUrl(publicUrl: string, radicado: string): string {
  return `${publicUrl}/help?radicado=${encodeURIComponent(radicado)}#seguimiento`;
}

function typeLabel(type: string): string {
  return PQR_TYPE_LABELS_ES[type as PqrType] ?? type;
}

/** Builds both bodies from paragraphs; `quote` is user or staff text shown as a block. */
function compose(
  p: PqrMailData,
  publicUrl: string,
  subject: string,
  paragraphs: string[],
  quote?: { title: string; text: string },
): MailMessage {
  const url = trackUrl(publicUrl, p.radicado);
  const footer = 'PuntoVerde · Este correo se envió porque radicaste una PQR. No respondas a este mensaje.';
  const text = [
    `Hola, ${p.name}:`,
    '',
    ...paragraphs.flatMap((para) => [para, '']),
    ...(quote ? [`${quote.title}:`, '', quote.text, ''] : []),
    `Radicado: ${p.radicado}`,
    `Tipo: ${typeLabel(p.type)}`,
    `Asunto: ${p.subject}`,
    '',
    `Consulta el estado con tu radicado y este correo en ${url}`,
    '',
    footer,
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1b2b1f;line-height:1.5;max-width:36rem;margin:0 auto;padding:1rem">
<h1 style="font-size:1.25rem;color:#1f6b35">PuntoVerde · ${escapeHtml(subject)}</h1>
<p>Hola, ${escapeHtml(p.name)}:</p>
${paragraphs.map((para) => `<p>${escapeHtml(para)}</p>`).join('\n')}
${
  quote
    ? `<h2 style="font-size:1rem">${escapeHtml(quote.title)}</h2><blockquote style="border-left:4px solid #1f6b35;margin:0;padding:0.25rem 1rem;white-space:pre-wrap">${escapeHtml(quote.text)}</blockquote>`
    : ''
}
<table style="border-collapse:collapse;margin:1rem 0">
<tr><th style="text-align:left;padding-right:1rem">Radicado</th><td><strong>${escapeHtml(p.radicado)}</strong></td></tr>
<tr><th style="text-align:left;padding-right:1rem">Tipo</th><td>${escapeHtml(typeLabel(p.type))}</td></tr>
<tr><th style="text-align:left;padding-right:1rem">Asunto</th><td>${escapeHtml(p.subject)}</td></tr>
</table>
<p><a href="${escapeHtml(url)}" style="color:#1f6b35">Consulta el estado de tu PQR</a> con tu radicado y este correo.</p>
<p style="color:#4a5a4e;font-size:0.875rem">${escapeHtml(footer)}</p>
</body></html>`;
  return { to: p.email, subject: `${subject} · ${p.radicado}`, text, html };
}

export function filedEmail(
  p: PqrMailData & { filed_at: string; due_date: string; term_days: number },
  publicUrl: string,
) {
  return compose(p, publicUrl, 'Recibimos tu PQR', [
    `Radicamos tu solicitud el ${formatInstantEs(p.filed_at)} con el número ${p.radicado}. Guárdalo: lo necesitas para consultar el estado.`,
    `Te responderemos a más tardar el ${formatDateEs(p.due_date)} (${p.term_days} días hábiles, Ley 1755 de 2015).`,
  ]);
}

export function answerEmail(p: PqrMailData & { answer: string; attachments: number }, publicUrl: string) {
  return compose(
    p,
    publicUrl,
    'Respondimos tu PQR',
    [
      'Tu solicitud tiene respuesta. La encuentras a continuación y también en la app.',
      ...(p.attachments
        ? [`La respuesta incluye ${p.attachments} archivo(s) adjunto(s) que puedes descargar en la app.`]
        : []),
    ],
    { title: 'Respuesta', text: p.answer },
  );
}

export function extensionEmail(
  p: PqrMailData & { previous_due_date: string; new_due_date: string; reason: string },
  publicUrl: string,
) {
  return compose(
    p,
    publicUrl,
    'Ampliamos el plazo de respuesta de tu PQR',
    [
      `No podemos responder antes del ${formatDateEs(p.previous_due_date)}. Según el parágrafo del artículo 14 de la Ley 1755 de 2015, te responderemos a más tardar el ${formatDateEs(p.new_due_date)}.`,
    ],
    { title: 'Motivo', text: p.reason },
  );
}

export function transferEmail(p: PqrMailData & { entity: string; reason: string }, publicUrl: string) {
  return compose(
    p,
    publicUrl,
    'Trasladamos tu PQR a la entidad competente',
    [
      `Tu solicitud corresponde a ${p.entity}. Se la enviamos con copia de este mensaje (artículo 21 de la Ley 1755 de 2015); desde ahora esa entidad te responderá.`,
    ],
    { title: 'Motivo del traslado', text: p.reason },
  );
}

export function informationRequestEmail(p: PqrMailData & { message: string }, publicUrl: string) {
  return compose(
    p,
    publicUrl,
    'Necesitamos más información sobre tu PQR',
    [
      'Para responder tu solicitud necesitamos la información que te pedimos abajo. Mientras no la recibamos, el plazo de respuesta queda suspendido (artículo 17 de la Ley 1755 de 2015).',
      'Tienes un mes para enviarla desde la consulta de tu PQR; si no la envías, entenderemos que desististe de la solicitud.',
    ],
    { title: 'Información solicitada', text: p.message },
  );
}

export function closedEmail(p: PqrMailData & { message: string | null }, publicUrl: string) {
  return compose(
    p,
    publicUrl,
    'Cerramos tu PQR',
    ['Tu solicitud quedó cerrada. Si necesitas algo más, puedes radicar una nueva PQR.'],
    p.message ? { title: 'Observación', text: p.message } : undefined,
  );
}

import { REPORT_STATUS_LABELS_ES, type ReportStatus } from '@puntoverde/contract';
import type { MailMessage } from '../../lib/mailer.js';

/** E-mails about incident reports, in Spanish, as plain text and HTML. */

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function reportLink(publicUrl: string, number: string): string {
  return `${publicUrl}/app/tabs/reports/${number}`;
}

export function followUpLink(publicUrl: string, token: string, answer: 'si' | 'no'): string {
  return `${publicUrl}/reports/follow-up?token=${encodeURIComponent(token)}&respuesta=${answer}`;
}

function message(to: string, subject: string, paragraphs: string[], links: { label: string; url: string }[]): MailMessage {
  const text = [...paragraphs, '', ...links.map((l) => `${l.label}: ${l.url}`), '', 'PuntoVerde'].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;color:#1b2b1f">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${links.map((l) => `<p><a href="${escapeHtml(l.url)}" style="color:#1f6b35">${escapeHtml(l.label)}</a></p>`).join('\n')}
<p>PuntoVerde</p></body></html>`;
  return { to, subject, text, html };
}

/** `categoryLabel`: the category's current name. */
type ReportMail = { number: string; categoryLabel: string; publicUrl: string };

export function filedEmail(to: string, r: ReportMail): MailMessage {
  return message(
    to,
    `Recibimos tu reporte ${r.number}`,
    [
      `Gracias por reportar: «${r.categoryLabel}».`,
      `Tu reporte quedó con el número ${r.number}. Te escribiremos cada vez que cambie de estado.`,
    ],
    [{ label: 'Ver el reporte', url: reportLink(r.publicUrl, r.number) }],
  );
}

export function statusEmail(
  to: string,
  r: ReportMail & { status: ReportStatus; note: string | null; duplicateOf: string | null; follower: boolean },
): MailMessage {
  const lines = [
    r.follower
      ? `El reporte ${r.number} que sigues («${r.categoryLabel}») cambió de estado: ${REPORT_STATUS_LABELS_ES[r.status]}.`
      : `Tu reporte ${r.number} («${r.categoryLabel}») cambió de estado: ${REPORT_STATUS_LABELS_ES[r.status]}.`,
  ];
  if (r.duplicateOf) lines.push(`Ya había un reporte del mismo problema: ${r.duplicateOf}. Te avisaremos de sus cambios.`);
  if (r.note) lines.push(`Nota: ${r.note}`);
  const links = [{ label: 'Ver el reporte', url: reportLink(r.publicUrl, r.duplicateOf ?? r.number) }];
  return message(to, `Reporte ${r.number}: ${REPORT_STATUS_LABELS_ES[r.status]}`, lines, links);
}

export function followUpEmail(to: string, r: ReportMail & { token: string }): MailMessage {
  return message(
    to,
    `¿Se resolvió? Reporte ${r.number}`,
    [
      `Hace unos días marcamos como resuelto tu reporte ${r.number} («${r.categoryLabel}»).`,
      '¿Se resolvió? Respóndenos con un toque: si no se resolvió, lo reabrimos.',
    ],
    [
      { label: 'Sí, se resolvió', url: followUpLink(r.publicUrl, r.token, 'si') },
      { label: 'No, sigue igual', url: followUpLink(r.publicUrl, r.token, 'no') },
    ],
  );
}

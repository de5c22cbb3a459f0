/**
 * The one HTML frame of PuntoVerde's account e-mails (es-CO): brand line, title, paragraphs, an
 * optional call-to-action button with its link spelled out, and a footer line. Everything is
 * escaped here; callers pass plain text.
 */

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export const ACCOUNT_EMAIL_FOOTER = 'Recibes este correo porque tienes una cuenta en PuntoVerde. Si no fuiste tú, puedes ignorarlo.';

export function emailHtml(input: {
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string } | undefined;
  footer?: string;
}): string {
  const { title, paragraphs, action, footer = ACCOUNT_EMAIL_FOOTER } = input;
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1f6b35;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#44544a">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${escapeHtml(action.url)}" style="color:#1f6b35;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f7f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1b2b1f">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#ffffff;border-radius:8px;padding:24px;border:1px solid #d7e3da">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#1f6b35">PuntoVerde</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
${button}
</div>
<p style="font-size:12px;color:#5b6b60;margin:16px 0 0">${escapeHtml(footer)}</p>
</div></body></html>`;
}

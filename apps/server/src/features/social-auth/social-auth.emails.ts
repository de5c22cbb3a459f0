import type { MailMessage } from '../../lib/mailer.js';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * Tells the account owner that a social sign-in was linked to their account, so an unexpected
 * link does not go unnoticed (the provider proved the same verified e-mail).
 */
export function identityLinkedMessage(to: string, name: string, providerLabel: string, loginUrl: string): MailMessage {
  const lines = [
    name ? `Hola, ${name}:` : 'Hola:',
    `Vinculamos tu cuenta de ${providerLabel} a tu cuenta de PuntoVerde. Desde ahora puedes entrar con el botón «Continuar con ${providerLabel}».`,
    'Si no fuiste tú, cambia la contraseña de tu cuenta de correo y escríbenos por Ayuda / PQR.',
  ];
  const title = `Tu cuenta de ${providerLabel} quedó vinculada`;
  return {
    to,
    subject: `Vinculamos tu cuenta de ${providerLabel} a PuntoVerde`,
    text: `${lines.join('\n\n')}\n\nIniciar sesión: ${loginUrl}\n\n— El equipo de PuntoVerde\n`,
    html: `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f7f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1b2b1f">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#ffffff;border-radius:8px;padding:24px;border:1px solid #d7e3da">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#1f6b35">PuntoVerde</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(loginUrl)}" style="color:#1f6b35">Iniciar sesión</a></p>
</div></div></body></html>`,
  };
}

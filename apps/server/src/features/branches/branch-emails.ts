import type { MailMessage } from '../../lib/mailer.js';

/** The branch invitation e-mail (es-CO, "tú"), plain text and HTML. */

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function branchInvitationMessage(input: {
  to: string;
  contactName: string;
  branchName: string;
  companyName: string;
  url: string;
  expiresOn: string;
}): MailMessage {
  const lines = [
    `Hola, ${input.contactName}:`,
    `${input.companyName} creó la sucursal «${input.branchName}» en PuntoVerde y te dejó a cargo.`,
    'Con esta cuenta puedes pedir recolecciones de reciclables para tu sede y ver su historial; tu empresa verá los kilos de todas sus sedes.',
    `Crea tu contraseña con el enlace de abajo. Vence el ${input.expiresOn} y solo se puede usar una vez.`,
  ];
  const body = lines.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  const url = escapeHtml(input.url);
  return {
    to: input.to,
    subject: `${input.companyName} te invitó a PuntoVerde: crea tu contraseña`,
    text: `${lines.join('\n\n')}\n\nCrear mi contraseña: ${input.url}\n\nSi no esperabas este correo, ignóralo: nadie podrá entrar sin crear la contraseña.\n\n— El equipo de PuntoVerde\n`,
    html: `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Invitación a PuntoVerde</title></head>
<body style="margin:0;padding:0;background:#f3f7f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1b2b1f">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#ffffff;border-radius:8px;padding:24px;border:1px solid #d7e3da">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#1f6b35">PuntoVerde</p>
<h1 style="font-size:20px;margin:0 0 16px">Te invitaron a PuntoVerde</h1>
${body}
<p style="margin:24px 0"><a href="${url}" style="background:#1f6b35;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">Crear mi contraseña</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#44544a">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${url}" style="color:#1f6b35;word-break:break-all">${url}</a></p>
</div>
<p style="font-size:12px;color:#5b6b60;margin:16px 0 0">Si no esperabas este correo, ignóralo: nadie podrá entrar sin crear la contraseña.</p>
</div></body></html>`,
  };
}

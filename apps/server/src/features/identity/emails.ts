import type { MailMessage } from '../../lib/mailer.js';

/**
 * Identity e-mails in Spanish (es-CO, "tú"), each as plain text and HTML. Links are absolute
 * (config.publicUrl) and open the web app's screens.
 */

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
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
<p style="font-size:12px;color:#5b6b60;margin:16px 0 0">Recibes este correo porque tienes una cuenta en PuntoVerde. Si no fuiste tú, puedes ignorarlo.</p>
</div></body></html>`;
}

function greeting(name: string): string {
  return name ? `Hola, ${name}:` : 'Hola:';
}

export function verifyEmailMessage(to: string, name: string, url: string): MailMessage {
  const title = 'Confirma tu correo electrónico';
  const lines = [
    greeting(name),
    'Gracias por unirte a PuntoVerde. Confirma que este es tu correo para que podamos avisarte sobre tus solicitudes y recuperar tu cuenta si olvidas la contraseña.',
    'El enlace vence en 48 horas y solo se puede usar una vez.',
  ];
  return {
    to,
    subject: 'Confirma tu correo en PuntoVerde',
    text: `${lines.join('\n\n')}\n\nConfirmar mi correo: ${url}\n\nSi no creaste esta cuenta, ignora este mensaje.\n\n— El equipo de PuntoVerde\n`,
    html: layout(title, lines, { label: 'Confirmar mi correo', url }),
  };
}

export function resetPasswordMessage(to: string, name: string, url: string): MailMessage {
  const title = 'Crea una nueva contraseña';
  const lines = [
    greeting(name),
    'Recibimos una solicitud para cambiar la contraseña de tu cuenta de PuntoVerde.',
    'El enlace vence en 1 hora y solo se puede usar una vez. Al cambiarla cerraremos tu sesión en todos tus dispositivos.',
    'Si no pediste este cambio, ignora este correo: tu contraseña actual sigue funcionando.',
  ];
  return {
    to,
    subject: 'Recupera tu contraseña de PuntoVerde',
    text: `${lines.join('\n\n')}\n\nCrear nueva contraseña: ${url}\n\n— El equipo de PuntoVerde\n`,
    html: layout(title, lines, { label: 'Crear nueva contraseña', url }),
  };
}

export function passwordChangedMessage(to: string, name: string, loginUrl: string): MailMessage {
  const title = 'Tu contraseña cambió';
  const lines = [
    greeting(name),
    'La contraseña de tu cuenta de PuntoVerde acaba de cambiar.',
    'Si fuiste tú, no tienes que hacer nada. Si no fuiste tú, recupera tu cuenta ya mismo con la opción «¿Olvidaste tu contraseña?» y escríbenos por Ayuda / PQR.',
  ];
  return {
    to,
    subject: 'Tu contraseña de PuntoVerde cambió',
    text: `${lines.join('\n\n')}\n\nIniciar sesión: ${loginUrl}\n\n— El equipo de PuntoVerde\n`,
    html: layout(title, lines, { label: 'Ir a PuntoVerde', url: loginUrl }),
  };
}

export function emailChangedMessage(to: string, name: string, newEmail: string): MailMessage {
  const title = 'Tu correo de acceso cambió';
  const lines = [
    greeting(name),
    `El correo de tu cuenta de PuntoVerde cambió a ${newEmail}. Desde ahora inicias sesión con esa dirección.`,
    'Si no fuiste tú, escríbenos por Ayuda / PQR para recuperar tu cuenta.',
  ];
  return {
    to,
    subject: 'El correo de tu cuenta de PuntoVerde cambió',
    text: `${lines.join('\n\n')}\n\n— El equipo de PuntoVerde\n`,
    html: layout(title, lines),
  };
}

export function accountDeletedMessage(to: string, name: string): MailMessage {
  const title = 'Eliminamos tu cuenta';
  const lines = [
    greeting(name),
    'Eliminamos tu cuenta de PuntoVerde y tus datos personales, como lo pediste (Ley 1581 de 2012).',
    'Conservamos sin datos que te identifiquen solo lo que la ley nos obliga a guardar, como la constancia de tu autorización de tratamiento de datos y el historial de solicitudes y PQR.',
    'Gracias por reciclar con nosotros.',
  ];
  return {
    to,
    subject: 'Tu cuenta de PuntoVerde fue eliminada',
    text: `${lines.join('\n\n')}\n\n— El equipo de PuntoVerde\n`,
    html: layout(title, lines),
  };
}

import { emailHtml } from '../../lib/email-layout.js';
import type { MailMessage } from '../../lib/mailer.js';

/**
 * Identity e-mails in Spanish (es-CO, "tú"), each as plain text and HTML. Links are absolute
 * (config.publicUrl) and open the web app's screens.
 */

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  return emailHtml({ title, paragraphs, action });
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

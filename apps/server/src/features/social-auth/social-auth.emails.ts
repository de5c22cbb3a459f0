import { emailHtml } from '../../lib/email-layout.js';
import type { MailMessage } from '../../lib/mailer.js';

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
    html: emailHtml({ title, paragraphs: lines, action: { label: 'Iniciar sesión', url: loginUrl } }),
  };
}

import { emailHtml } from '../../lib/email-layout.js';
import type { MailMessage } from '../../lib/mailer.js';

/** The branch invitation e-mail (es-CO, "tú"), plain text and HTML. */

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
  return {
    to: input.to,
    subject: `${input.companyName} te invitó a PuntoVerde: crea tu contraseña`,
    text: `${lines.join('\n\n')}\n\nCrear mi contraseña: ${input.url}\n\nSi no esperabas este correo, ignóralo: nadie podrá entrar sin crear la contraseña.\n\n— El equipo de PuntoVerde\n`,
    html: emailHtml({
      title: 'Te invitaron a PuntoVerde',
      paragraphs: lines,
      action: { label: 'Crear mi contraseña', url: input.url },
      footer: 'Si no esperabas este correo, ignóralo: nadie podrá entrar sin crear la contraseña.',
    }),
  };
}

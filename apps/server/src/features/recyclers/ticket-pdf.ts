import { formatDocumentNumber, formatKg, type Ticket } from '@puntoverde/contract';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
// DejaVu Sans, embedded like the certificates' PDF: names keep their Spanish letters.
const FONT_REGULAR = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
const FONT_BOLD = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));
const GREEN = '#1b5e20';
const ID_TYPE_LABEL: Record<string, string> = { CC: 'C.C.', CE: 'C.E.', PP: 'Pasaporte', NIT: 'NIT' };
const STATUS_LABEL: Record<string, string> = {
  pendiente: 'Pendiente de confirmación del reciclador',
  confirmado: 'Confirmado',
  anulado: 'ANULADO',
};
const when = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  dateStyle: 'long',
  timeStyle: 'short',
});

const kg = (n: number) => formatKg(n, 'es');

/**
 * A scale ticket (tiquete de báscula) as a tagged PDF in Spanish (es-CO): organisation, ECA,
 * number, date, scale and its certificate, recycler, operator, macro-route, the material lines
 * (gross, tare, net, rejects) and the recycler's confirmation (the signature when drawn).
 */
export async function renderTicketPdf(ticket: Ticket, signaturePng: Buffer | null): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    margin: 36,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'es-CO',
    displayTitle: true,
    info: { Title: `Tiquete de báscula ${ticket.number}`, Author: ticket.organization_name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const width = doc.page.width - 72;

  doc.fillColor(GREEN).font('bold').fontSize(14).text(`Tiquete de báscula ${ticket.number}`, { width });
  doc.fillColor('#000000').font('regular').fontSize(9);
  doc.text(ticket.organization_name, { width });
  doc.text(`ECA: ${ticket.eca_name}`, { width });
  doc.moveDown(0.5);
  const facts: Array<[string, string]> = [
    ['Fecha y hora', when.format(new Date(ticket.weighed_at))],
    ['Estado', STATUS_LABEL[ticket.status] ?? ticket.status],
    [
      'Reciclador(a)',
      `${ticket.member.name} · ${ID_TYPE_LABEL[ticket.member.id_type] ?? ticket.member.id_type} ${formatDocumentNumber(ticket.member.id_type, ticket.member.id_number)}`,
    ],
    ['Báscula', `Serial ${ticket.scale.serial} · certificado de verificación ${ticket.scale.certificate_number}`],
    ['Operador', ticket.operator?.name ?? '—'],
    ['Macroruta', ticket.macro_route ? `${ticket.macro_route.numacro} · ${ticket.macro_route.name}` : '—'],
  ];
  if (ticket.pickups.length) facts.push(['Solicitudes que cierra', ticket.pickups.map((p) => `#${p}`).join(', ')]);
  if (ticket.corrects) facts.push(['Corrige y anula', ticket.corrects.number]);
  if (ticket.voided_by) facts.push(['Anulado por', `${ticket.voided_by.number}: ${ticket.void_reason ?? ''}`]);
  for (const [label, value] of facts) {
    doc.font('bold').text(`${label}: `, { continued: true, width }).font('regular').text(value, { width });
  }
  doc.moveDown(0.8);

  const cols = [0, 0.34, 0.51, 0.68, 0.84].map((f) => 36 + f * width);
  const header = ['Material', 'Bruto', 'Tara', 'Neto', 'Rechazo'];
  let y = doc.y;
  doc.font('bold');
  header.forEach((h, i) => doc.text(h, cols[i], y, { width: width * 0.16, align: i === 0 ? 'left' : 'right', lineBreak: false }));
  y += 14;
  doc.font('regular');
  for (const l of ticket.lines) {
    const cells = [l.material_name, kg(l.gross_kg), kg(l.tare_kg), kg(l.net_kg), kg(l.reject_kg)];
    cells.forEach((c, i) =>
      doc.text(c, cols[i], y, { width: i === 0 ? width * 0.33 : width * 0.16, align: i === 0 ? 'left' : 'right', lineBreak: false }),
    );
    y += 13;
  }
  doc.font('bold');
  doc.text(`Total neto: ${kg(ticket.total_net_kg)} · rechazo: ${kg(ticket.total_reject_kg)}`, 36, y + 6, { width });
  doc.moveDown(1);
  doc.font('regular');
  if (ticket.status === 'confirmado') {
    const how = ticket.confirmation === 'telefono' ? 'en su teléfono' : 'con su firma';
    doc.text(`Confirmado por el reciclador ${how} el ${when.format(new Date(ticket.confirmed_at!))}.`, { width });
    if (signaturePng) {
      try {
        doc.image(signaturePng, { fit: [200, 80] });
      } catch {
        // An unreadable image leaves the sentence above as the record of the confirmation.
      }
    }
  } else if (ticket.status === 'pendiente') {
    doc.text('El reciclador aún no ha confirmado este pesaje.', { width });
  }
  doc.end();
  return done;
}

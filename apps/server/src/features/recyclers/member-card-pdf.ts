import type { MemberCard } from '@puntoverde/contract';
import { formatDocumentNumber, formatNit } from '@puntoverde/contract';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
// DejaVu Sans, embedded like the certificates' PDF: names keep their Spanish letters.
const FONT_REGULAR = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
const FONT_BOLD = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));

const MM = 72 / 25.4;
/** ISO/IEC 7810 ID-1, the size of a bank card or a cédula. */
const WIDTH = 85.6 * MM;
const HEIGHT = 54 * MM;
const GREEN = '#1b5e20';

const ID_TYPE_LABEL: Record<string, string> = { CC: 'C.C.', CE: 'C.E.', PP: 'Pasaporte', NIT: 'NIT' };

/**
 * A recycler's id card: organisation, photo, name, document and the QR that opens the public
 * check. The photo is re-encoded as PNG (uploads may be WebP, which PDF cannot embed).
 */
export async function renderMemberCardPdf(card: MemberCard, photo: Buffer | null): Promise<Buffer> {
  const qr = await QRCode.toBuffer(card.verify_url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 });
  const photoPng = photo
    ? await sharp(photo)
        .resize(240, 300, { fit: 'cover' })
        .png()
        .toBuffer()
        .catch(() => null)
    : null;
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'es-CO',
    displayTitle: true,
    info: { Title: `Carné de reciclador — ${card.name}`, Author: card.organization.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);

  // The structure tree, in reading order (tagged PDF with its language): the organisation as the
  // heading, the photo and the QR as figures with their alternative text, the rest as paragraphs.
  const root = doc.struct('Document');
  doc.addStructure(root);
  const part = (type: string, draw: () => void, options: { alt?: string } = {}) =>
    root.add(doc.struct(type, options, draw));

  doc.markContent('Artifact', { type: 'Layout' });
  doc.rect(0, 0, WIDTH, 11 * MM).fill(GREEN);
  doc.endMarkedContent();
  part('H1', () => {
    doc
      .fillColor('#ffffff')
      .font('bold')
      .fontSize(7)
      .text(card.organization.name, 4 * MM, 2.2 * MM, { width: WIDTH - 8 * MM, height: 4 * MM, ellipsis: true });
  });
  part('P', () => {
    doc
      .font('regular')
      .fontSize(5.5)
      .text(`NIT ${formatNit(card.organization.nit)} · Reciclador(a) de oficio`, 4 * MM, 6.6 * MM, {
        width: WIDTH - 8 * MM,
      });
  });

  const photoX = 4 * MM;
  const photoY = 14 * MM;
  const photoW = 20 * MM;
  const photoH = 25 * MM;
  if (photoPng) {
    part('Figure', () => doc.image(photoPng, photoX, photoY, { width: photoW, height: photoH }), {
      alt: `Foto de ${card.name}`,
    });
  } else {
    doc.markContent('Artifact', { type: 'Layout' });
    doc.rect(photoX, photoY, photoW, photoH).lineWidth(0.5).stroke('#999999');
    doc.endMarkedContent();
  }

  const textX = 27 * MM;
  part('H2', () => {
    doc
      .fillColor('#000000')
      .font('bold')
      .fontSize(8)
      .text(card.name, textX, 15 * MM, { width: 32 * MM });
  });
  doc.font('regular').fontSize(6.5).fillColor('#333333');
  part('P', () => {
    doc.text(
      `${ID_TYPE_LABEL[card.id_type] ?? card.id_type} ${formatDocumentNumber(card.id_type, card.id_number)}`,
      textX,
      doc.y + 1.5 * MM,
      { width: 32 * MM },
    );
  });
  part('P', () => {
    doc.text(card.status === 'activo' ? 'Miembro activo' : 'Carné no vigente', textX, doc.y + 1 * MM, { width: 32 * MM });
  });
  part('P', () => {
    doc
      .fontSize(5)
      .fillColor('#555555')
      .text(`Verifica este carné: escanea el código QR o abre ${card.verify_url}`, textX, 38 * MM, { width: 32 * MM });
  });

  part('Figure', () => doc.image(qr, WIDTH - 24 * MM, 15 * MM, { width: 21 * MM, height: 21 * MM }), {
    alt: `Código QR para verificar este carné en ${card.verify_url}`,
  });
  part('P', () => {
    doc
      .fontSize(5)
      .fillColor('#333333')
      .text(card.code, WIDTH - 24 * MM, 37 * MM, { width: 21 * MM, align: 'center' });
  });
  root.end();
  doc.end();
  return done;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const require = createRequire(import.meta.url);
// DejaVu Sans (Bitstream Vera licence + public domain changes) from the npm package, embedded and
// subset by pdfkit: the 14 standard PDF fonts cannot encode "CO₂".
// Read once per process: every certificate embeds a subset of the same two files.
const FONT_REGULAR = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
const FONT_BOLD = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));

/** Everything a certificate prints; stored with it so an issued certificate never changes. */
export type CertificateContent = {
  number: string;
  issued_at: string;
  period: { from: string; to: string };
  holder: {
    kind: 'company' | 'household';
    name: string;
    document_type: string | null;
    document_number: string | null;
    branch_name: string | null;
    address: string | null;
    city: string | null;
  };
  lines: { date: string; point: string; material: string; material_name: string; kg: number }[];
  per_material: { material: string; name: string; kg: number; factor: number | null; co2e_kg: number }[];
  total_kg: number;
  co2e_kg: number;
  km_not_driven: number;
  factors: { source: string; equivalence_source: string; km_per_kg_co2e: number; materials: Record<string, number> };
  issuer: { name: string; detail: string };
  verify_url: string;
};

const GREEN = '#1b5e20';
const GREY = '#555555';

function kg(n: number): string {
  return `${n.toLocaleString('es-CO', { minimumFractionDigits: 0, maximumFractionDigits: 2 })} kg`;
}

function day(d: string): string {
  const [y, m, dd] = d.split('-');
  return `${dd}/${m}/${y}`;
}

const LONG_DATE = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * The certificate as a PDF (A4), with the verification QR. A tagged PDF (PDF/UA's basics, WCAG
 * 1.3.1 for documents; MinTIC Resolución 1519 de 2020 asks for accessible documents): it declares
 * its language, shows its title, and its structure tree gives the reading order — headings, the
 * paragraphs, the deliveries as a table with header cells, and the QR as a figure with its
 * alternative text.
 */
export async function renderCertificatePdf(c: CertificateContent, code: string): Promise<Buffer> {
  const qr = await QRCode.toBuffer(c.verify_url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4 });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'es-CO',
    displayTitle: true,
    info: {
      Title: `Certificado de aprovechamiento ${c.number}`,
      Author: c.issuer.name,
      Subject: `Certificado ${c.number}`,
      CreationDate: new Date(c.issued_at),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const width = doc.page.width - 100;

  // The structure tree, in reading order: each part's drawing is marked as its element's content.
  const root = doc.struct('Document');
  doc.addStructure(root);
  const part = (type: string, draw: () => void) => root.add(doc.struct(type, {}, draw));

  part('H1', () =>
    doc
      .font('bold')
      .fontSize(18)
      .fillColor(GREEN)
      .text('Certificado de aprovechamiento de residuos', { width: width - 110 }),
  );
  part('P', () => {
    doc.font('body').fontSize(11).fillColor('black').text(`No. ${c.number}`);
    doc
      .fontSize(9)
      .fillColor(GREY)
      .text(`Expedido el ${LONG_DATE.format(new Date(c.issued_at))}`);
  });
  root.add(
    doc.struct('Figure', { alt: `Código QR para verificar este certificado en ${c.verify_url}` }, () => {
      doc.image(qr, 50 + width - 100, 45, { width: 100 });
    }),
  );
  doc.moveDown(1.2);

  part('H2', () => doc.font('bold').fontSize(11).fillColor('black').text('Titular'));
  const h = c.holder;
  part('P', () => {
    doc.font('body').fontSize(10);
    doc.text(h.kind === 'company' ? `Razón social: ${h.name}` : `Nombre: ${h.name}`);
    if (h.document_number)
      doc.text(`${h.document_type === 'NIT' ? 'NIT' : (h.document_type ?? 'Documento')}: ${h.document_number}`);
    if (h.branch_name) doc.text(`Sucursal: ${h.branch_name}`);
    if (h.address) doc.text(`Dirección: ${h.address}`);
    if (h.city) doc.text(`Municipio: ${h.city}`);
    doc.text(`Periodo certificado: ${day(c.period.from)} a ${day(c.period.to)}`);
  });
  doc.moveDown(0.8);

  part('H2', () => doc.font('bold').fontSize(11).text('Material entregado y recogido'));
  doc.moveDown(0.3);
  const cols = [50, 125, 330, 470] as const;
  const table = doc.struct('Table');
  root.add(table);
  /** One table row: each cell its own TH or TD element. */
  const row = (cell: 'TH' | 'TD', draws: (() => void)[]) => {
    const tr = doc.struct('TR');
    table.add(tr);
    for (const draw of draws) tr.add(doc.struct(cell, {}, draw));
    tr.end();
  };
  const header = (y: number) => {
    doc.font('bold').fontSize(8.5).fillColor(GREY);
    row('TH', [
      () => doc.text('Fecha', cols[0], y),
      () => doc.text('Punto que recibió', cols[1], y),
      () => doc.text('Material', cols[2], y),
      () => doc.text('Kilos', cols[3], y, { width: 75, align: 'right' }),
    ]);
    doc.fillColor('black').font('body');
    return y + 14;
  };
  let y = header(doc.y);
  for (const line of c.lines) {
    if (y > doc.page.height - 90) {
      doc.addPage();
      y = header(50);
    }
    doc.fontSize(8.5);
    const at = y;
    row('TD', [
      () => doc.text(day(line.date), cols[0], at, { width: 70 }),
      () => doc.text(line.point, cols[1], at, { width: 200, height: 11, ellipsis: true }),
      () => doc.text(line.material_name, cols[2], at, { width: 135, height: 11, ellipsis: true }),
      () => doc.text(kg(line.kg), cols[3], at, { width: 75, align: 'right' }),
    ]);
    y += 12;
  }
  table.end();
  doc.x = 50;
  doc.y = y + 8;

  if (doc.y > doc.page.height - 260) doc.addPage();
  part('H2', () => doc.font('bold').fontSize(11).text('Totales por material', 50));
  doc.moveDown(0.3);
  const list = doc.struct('L');
  root.add(list);
  for (const m of c.per_material) {
    const impact =
      m.factor === null ? 'sin factor de referencia' : `${kg(m.co2e_kg).replace(' kg', ' kg de CO₂e')} evitados`;
    list.add(
      doc.struct('LI', {}, [
        doc.struct('LBody', {}, () => {
          doc
            .font('body')
            .fontSize(9.5)
            .text(`${m.name}: ${kg(m.kg)} — ${impact}`, 50);
        }),
      ]),
    );
  }
  list.end();
  doc.moveDown(0.4);
  part('P', () => {
    doc
      .font('bold')
      .fontSize(12)
      .fillColor(GREEN)
      .text(`Total aprovechado: ${kg(c.total_kg)}`, 50);
    doc.text(`Emisiones evitadas: ${kg(c.co2e_kg).replace(' kg', ' kg de CO₂e')}`, 50);
    doc
      .font('body')
      .fontSize(9.5)
      .fillColor('black')
      .text(`Equivale a no recorrer ${c.km_not_driven.toLocaleString('es-CO')} km en un automóvil particular.`, 50);
  });
  doc.moveDown(0.5);
  part('P', () => {
    doc.fontSize(7.5).fillColor(GREY).text(`Fuente de los factores: ${c.factors.source}`, 50, undefined, { width });
    doc.text(`Equivalencia: ${c.factors.equivalence_source} (${c.factors.km_per_kg_co2e} kg de CO₂e por km).`, {
      width,
    });
    doc.text(
      'Los kilos son los registrados por el punto al recoger; cada solicitud cuenta una vez, en su fecha de recolección (hora de Bogotá).',
      { width },
    );
  });
  doc.moveDown(0.8);

  part('P', () => {
    doc.font('bold').fontSize(10).fillColor('black').text(`Emitido por: ${c.issuer.name}`, 50);
    doc.font('body').fontSize(9).text(c.issuer.detail, { width });
  });
  doc.moveDown(0.5);
  part('P', () => {
    doc.font('bold').fontSize(9).text(`Código de verificación: ${code}`);
    doc
      .font('body')
      .fontSize(8.5)
      .fillColor(GREY)
      .text(`Verifica este certificado en ${c.verify_url} o con el código QR.`, { width });
  });
  root.end();
  doc.end();
  return done;
}

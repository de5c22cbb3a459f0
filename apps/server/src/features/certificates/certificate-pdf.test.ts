import { describe, expect, it } from 'vitest';
import { readablePdf as readable } from '../../../test/pdf-text.js';
import { renderCertificatePdf, type CertificateContent } from './certificate-pdf.js';

const content: CertificateContent = {
  number: 'PV-2026-000123',
  issued_at: '2026-11-30T15:00:00.000Z',
  period: { from: '2026-01-01', to: '2026-11-30' },
  holder: {
    kind: 'company',
    name: 'Reciclados del Aburrá S.A.S.',
    document_type: 'NIT',
    document_number: '900123456-7',
    branch_name: null,
    address: 'Calle 50 # 45-30',
    city: 'Medellín',
  },
  lines: Array.from({ length: 70 }, (_, i) => ({
    date: `2026-0${(i % 9) + 1}-1${i % 10}`,
    point: 'Punto Verde Laureles',
    material: 'carton',
    material_name: 'Cartón',
    kg: 12.5 + i,
  })),
  per_material: [{ material: 'carton', name: 'Cartón', kg: 3290, factor: 3.1, co2e_kg: 10199 }],
  total_kg: 3290,
  co2e_kg: 10199,
  km_not_driven: 42085,
  factors: { source: 'US EPA WARM v16', equivalence_source: 'US EPA', km_per_kg_co2e: 4.1, materials: { carton: 3.1 } },
  issuer: { name: 'PuntoVerde (demo)', detail: 'Esquema municipal de aprovechamiento' },
  verify_url: 'https://puntoverde.example/verificar/ABCD1234',
};


describe('certificate PDF', () => {
  it('is tagged, declares Spanish (Colombia) and has a structure tree with headings, a table and the QR described', async () => {
    const pdf = readable(await renderCertificatePdf(content, 'ABCD1234'));
    expect(pdf).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(pdf).toMatch(/<<\s*\/Marked true\s*>>/);
    expect(pdf).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(pdf).toMatch(/\/Lang \(es-CO\)/);
    expect(pdf).toMatch(/\/DisplayDocTitle true/);
    for (const type of ['Document', 'H1', 'H2', 'P', 'Table', 'TR', 'TH', 'TD', 'Figure', 'L', 'LI']) {
      expect(pdf, type).toContain(`/S /${type}\n`);
    }
    // The QR's alternative text (UTF-16BE with its byte-order mark: it has accents).
    const alt = /\/S \/Figure\n\/Alt \(([\s\S]*?)\)\n/.exec(pdf)?.[1] ?? '';
    expect(Buffer.from(alt, 'latin1').subarray(2).swap16().toString('utf16le')).toContain(
      'Código QR para verificar este certificado',
    );
    // Drawn content is marked with the IDs the structure tree points to, on every page of the table.
    expect(pdf).toMatch(/\/TD <<\s*\/MCID \d+\s*>> BDC/);
    expect((pdf.match(/\/Type \/Page\n/g) ?? []).length).toBeGreaterThan(1);
  });
});

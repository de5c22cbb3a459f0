import { describe, expect, it } from 'vitest';
import { readablePdf as readable } from '../../../test/pdf-text.js';
import { renderMemberCardPdf } from './member-card-pdf.js';


describe('member id card PDF', () => {
  it('is tagged, declares Spanish (Colombia) and reads in order: organisation, name, document, QR described', async () => {
    const pdf = readable(
      await renderMemberCardPdf(
        {
          member_id: 7,
          name: 'Rosa Elena Gómez',
          id_type: 'CC',
          id_number: '1017234567',
          photo_url: null,
          status: 'activo',
          organization: { id: 1, name: 'Asociación de Recicladores Demo', nit: '9001234567' },
          code: 'RC7K2M9Q',
          verify_url: 'https://puntoverde.example/verificar-reciclador/RC7K2M9Q',
          qr_svg: '<svg/>',
        },
        null,
      ),
    );
    expect(pdf).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(pdf).toMatch(/\/Lang \(es-CO\)/);
    for (const type of ['Document', 'H1', 'H2', 'P', 'Figure']) expect(pdf, type).toContain(`/S /${type}\n`);
    const alt = /\/S \/Figure\n\/Alt \(([\s\S]*?)\)\n/.exec(pdf)?.[1] ?? '';
    expect(Buffer.from(alt, 'latin1').subarray(2).swap16().toString('utf16le')).toContain(
      'Código QR para verificar este carné',
    );
    // Drawing that carries no meaning (the band, the empty photo frame) is marked as an artifact.
    expect(pdf).toContain('/Artifact');
  });
});

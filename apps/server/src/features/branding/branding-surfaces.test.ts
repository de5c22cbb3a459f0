import { DEFAULT_BRANDING, contrastWithWhite, type PublicBranding } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import { issuerOf } from '../certificates/certificates.service.js';
import { brandHtml, brandManifest, brandedFrom } from './branding-surfaces.js';

const PASTO: PublicBranding = {
  name: 'Reciclemos Pasto',
  logo_url: '/back/api/v1/files/abcdefghijklmnop',
  primary_color: '#0b4f8a',
  contact_email: 'reciclaje@pasto.gov.co',
  contact_phone: '3001234567',
  legal_name: 'Alcaldía de Pasto',
  legal_nit: '891280000-3',
};

const PAGE =
  '<html><head><title>Mis solicitudes · PuntoVerde</title><meta name="theme-color" content="#1e6b3a" media="(prefers-color-scheme: light)" /></head>' +
  '<body><div class="boot-bar">PuntoVerde</div><a href="https://puntoverde.co">x</a></body></html>';

describe('the brand on what the server writes', () => {
  it('leaves a page as it is under the default brand', () => {
    expect(brandHtml(PAGE, DEFAULT_BRANDING)).toBe(PAGE);
  });

  it('names the scheme in a page, colours it and gives it the logo as icon', () => {
    const html = brandHtml(PAGE, PASTO);
    expect(html).not.toContain('PuntoVerde');
    expect(html).toContain('<title>Mis solicitudes · Reciclemos Pasto</title>');
    expect(html).toContain('content="#0b4f8a" media="(prefers-color-scheme: light)"');
    expect(html).toContain('--ion-color-primary:#0b4f8a');
    expect(html).toContain('<link rel="icon" href="/back/api/v1/files/abcdefghijklmnop">');
    // Domains are not the name.
    expect(html).toContain('https://puntoverde.co');
    expect(brandHtml(PAGE, { ...PASTO, name: '<b>Pasto</b>' })).toContain('&#60;b&#62;Pasto&#60;/b&#62;');
  });

  it('brands the manifest: name, labels, theme colour and the logo first among the icons', () => {
    const manifest = {
      name: 'PuntoVerde',
      short_name: 'PuntoVerde',
      theme_color: '#1e6b3a',
      screenshots: [{ label: 'Inicio de PuntoVerde' }],
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
    };
    const branded = brandManifest(manifest, PASTO, { width: 192, height: 192, mime: 'image/png' });
    expect(JSON.stringify(branded)).not.toContain('PuntoVerde');
    expect(branded).toMatchObject({ name: 'Reciclemos Pasto', short_name: 'Reciclemos Pasto', theme_color: '#0b4f8a' });
    expect(branded.icons?.[0]).toEqual({ src: PASTO.logo_url, sizes: '192x192', type: 'image/png', purpose: 'any' });
  });

  it("names the sender after the scheme unless the operator chose the sender's name", () => {
    expect(brandedFrom('PuntoVerde <no-responder@puntoverde.co>', PASTO)).toBe('"Reciclemos Pasto" <no-responder@puntoverde.co>');
    expect(brandedFrom('Alcaldía <reciclaje@pasto.gov.co>', PASTO)).toBe('Alcaldía <reciclaje@pasto.gov.co>');
    expect(brandedFrom('PuntoVerde <no-responder@puntoverde.co>', DEFAULT_BRANDING)).toBe('PuntoVerde <no-responder@puntoverde.co>');
  });

  it('signs certificates with the scheme and its legal entity', () => {
    const issuer = issuerOf(PASTO);
    expect(issuer.name).toBe('Reciclemos Pasto — Alcaldía de Pasto');
    expect(issuer.detail).toContain('Alcaldía de Pasto (NIT 891280000-3) opera Reciclemos Pasto');
    expect(issuer.detail).toContain('Contacto: reciclaje@pasto.gov.co · +57 300 123 4567');
    expect(issuerOf().name).toBe('PuntoVerde — esquema de reciclaje');
  });

  it('measures the contrast of white text as WCAG does', () => {
    expect(contrastWithWhite('#1e6b3a')).toBeCloseTo(6.5, 1);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
  });
});

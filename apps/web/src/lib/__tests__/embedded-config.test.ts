import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '@puntoverde/contract';
import { embeddedBranding, embeddedPublicConfig, resetEmbeddedPublicConfig } from '../embedded-config';
import { brandTranslations } from '../i18n-backend';

function embed(text: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'pv-public-config';
  el.textContent = text;
  document.head.append(el);
}

afterEach(() => {
  document.getElementById('pv-public-config')?.remove();
  resetEmbeddedPublicConfig();
});

describe('embeddedPublicConfig', () => {
  it('reads the config the server put in index.html', () => {
    embed('{"demo":true,"tile_url":"https://tile.example/{z}/{x}/{y}.png"}');
    expect(embeddedPublicConfig()).toEqual({
      demo: true,
      tile_url: 'https://tile.example/{z}/{x}/{y}.png',
      branding: DEFAULT_BRANDING,
    });
  });

  it('reads the brand, and the texts are written in its name', () => {
    embed(JSON.stringify({ demo: false, tile_url: '/t/{z}/{x}/{y}.png', branding: { ...DEFAULT_BRANDING, name: 'Reciclemos Pasto' } }));
    expect(embeddedBranding().name).toBe('Reciclemos Pasto');
    expect(brandTranslations({ app: { name: 'PuntoVerde' }, list: ['Avisos de PuntoVerde'], n: 3 }, 'Reciclemos Pasto')).toEqual({
      app: { name: 'Reciclemos Pasto' },
      list: ['Avisos de Reciclemos Pasto'],
      n: 3,
    });
  });

  it('is null without the block (Vite dev server) or with a malformed one', () => {
    expect(embeddedPublicConfig()).toBeNull();
    resetEmbeddedPublicConfig();
    embed('{"demo":"yes"}');
    expect(embeddedPublicConfig()).toBeNull();
    resetEmbeddedPublicConfig();
    document.getElementById('pv-public-config')?.remove();
    embed('not json');
    expect(embeddedPublicConfig()).toBeNull();
  });
});

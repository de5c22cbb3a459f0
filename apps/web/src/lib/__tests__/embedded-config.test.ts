import { afterEach, describe, expect, it } from 'vitest';
import { embeddedPublicConfig, resetEmbeddedPublicConfig } from '../embedded-config';

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
    expect(embeddedPublicConfig()).toEqual({ demo: true, tile_url: 'https://tile.example/{z}/{x}/{y}.png' });
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

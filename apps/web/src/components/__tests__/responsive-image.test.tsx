import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from '../responsive-image';

const sourcesOf = (img: HTMLElement) =>
  [...(img.parentElement?.querySelectorAll('source') ?? [])].map((s) => ({
    type: s.getAttribute('type'),
    srcset: s.getAttribute('srcset'),
    sizes: s.getAttribute('sizes'),
  }));

describe('ResponsiveImage', () => {
  it('offers an uploaded image in AVIF, WebP and JPEG at 320, 640 and 1200 px, lazily', () => {
    render(
      <ResponsiveImage
        src="/back/api/v1/files/abc_DEF-123"
        alt="Logo de Reciclar SAS"
        sizes="64px"
        width={64}
        height={64}
      />,
    );
    const img = screen.getByRole('img', { name: 'Logo de Reciclar SAS' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(sourcesOf(img)).toEqual([
      {
        type: 'image/avif',
        srcset:
          '/back/api/v1/files/abc_DEF-123/320.avif 320w, /back/api/v1/files/abc_DEF-123/640.avif 640w, /back/api/v1/files/abc_DEF-123/1200.avif 1200w',
        sizes: '64px',
      },
      {
        type: 'image/webp',
        srcset:
          '/back/api/v1/files/abc_DEF-123/320.webp 320w, /back/api/v1/files/abc_DEF-123/640.webp 640w, /back/api/v1/files/abc_DEF-123/1200.webp 1200w',
        sizes: '64px',
      },
    ]);
    expect(img.getAttribute('src')).toBe('/back/api/v1/files/abc_DEF-123/640.jpg');
    expect(img.getAttribute('srcset')).toContain('/back/api/v1/files/abc_DEF-123/1200.jpg 1200w');
    expect(img.getAttribute('sizes')).toBe('64px');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    expect(img.getAttribute('width')).toBe('64');
  });

  it('loads the page’s largest image at once with high priority', () => {
    render(<ResponsiveImage src="/back/api/v1/files/abc" alt="" sizes="100vw" priority />);
    const img = document.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('keeps a private photo’s signature on every variant', () => {
    render(<ResponsiveImage src="/back/api/v1/files/xyz?exp=1900000000&sig=s1g" alt="Foto 1" sizes="140px" />);
    const img = screen.getByRole('img', { name: 'Foto 1' });
    expect(img.getAttribute('src')).toBe('/back/api/v1/files/xyz/640.jpg?exp=1900000000&sig=s1g');
    expect(sourcesOf(img)[0]?.srcset).toContain('/back/api/v1/files/xyz/320.avif?exp=1900000000&sig=s1g 320w');
  });

  it('does not claim widths the original does not have', () => {
    render(<ResponsiveImage src="/back/api/v1/files/small" alt="" sizes="100vw" intrinsicWidth={500} />);
    const img = document.querySelector('img')!;
    expect(sourcesOf(img)[1]?.srcset).toBe(
      '/back/api/v1/files/small/320.webp 320w, /back/api/v1/files/small/640.webp 500w',
    );
  });

  it('shows any other address as a plain image', () => {
    render(<ResponsiveImage src="https://example.org/logo.png" alt="Logo" sizes="64px" />);
    const img = screen.getByRole('img', { name: 'Logo' });
    expect(img.parentElement?.tagName).not.toBe('PICTURE');
    expect(img.getAttribute('src')).toBe('https://example.org/logo.png');
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('loading')).toBe('lazy');
  });
});

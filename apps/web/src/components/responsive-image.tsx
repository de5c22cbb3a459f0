/**
 * An uploaded image offered at the sizes and in the formats the server keeps of it
 * (contract image-variants.ts): AVIF, then WebP, then JPEG, each at 320/640/1200 px, so a
 * phone downloads a small AVIF where a wide screen gets a sharper one. `sizes` says how wide the
 * image shows (CSS), from which the browser picks. Anything that is not an uploaded file (a demo
 * picture, an outside address) shows as a plain <img>.
 *
 * The server writes the same markup into public pages' frames (apps/server/src/page-frames.ts):
 * keep both in step so the app's image replaces the frame's without a second download.
 * The <picture> has `display: contents` (theme/app.css): the <img> lays out as if alone.
 */
import { imageSrcset, imageVariantUrl } from '@puntoverde/contract';
import type { ImgHTMLAttributes } from 'react';

export type ResponsiveImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'alt'> & {
  src: string;
  /** Empty for a decorative image. */
  alt: string;
  /** The CSS width the image shows at, as a `sizes` attribute (`(min-width: 50rem) 48rem, 100vw`). */
  sizes: string;
  /** The original's width in px, when the answer carries it: keeps the candidates' widths true. */
  intrinsicWidth?: number | null;
  /** The page's largest paint: fetched at once and first. Every other image loads lazily. */
  priority?: boolean;
};

export function ResponsiveImage({ src, alt, sizes, intrinsicWidth, priority = false, ...img }: ResponsiveImageProps) {
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  const avif = imageSrcset(src, 'avif', intrinsicWidth);
  if (!avif)
    return <img {...img} src={src} alt={alt} loading={loading} fetchPriority={fetchPriority} decoding="async" />;
  return (
    <picture className="responsive-image">
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcset(src, 'webp', intrinsicWidth) ?? undefined} sizes={sizes} />
      <img
        {...img}
        src={imageVariantUrl(src, 640, 'jpg') ?? src}
        srcSet={imageSrcset(src, 'jpg', intrinsicWidth) ?? undefined}
        sizes={sizes}
        alt={alt}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    </picture>
  );
}

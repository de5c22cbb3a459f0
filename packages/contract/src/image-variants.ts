/**
 * Responsive variants of uploaded images. Every uploaded image is also stored at
 * these widths (never wider than the original) in these formats; a page offers them with
 * `srcset`/`sizes` and lets the browser pick. No zod here: the pages that show images load
 * this without the schemas.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1200] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** AVIF and WebP for today's browsers; JPEG for the rest (`<img>` inside `<picture>`). */
export const IMAGE_VARIANT_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

export const IMAGE_VARIANT_MIME: Record<ImageVariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/** `/back/api/v1/files/{id}` with an optional origin before it and signature after it. */
const FILE_URL = /^(.*\/back\/api\/v1\/files\/[A-Za-z0-9_-]{1,64})(\?[^#]*)?$/;

/**
 * The URL of one variant of an uploaded image, from the image's URL: the width and format go
 * in the path, a private file's signature (`?exp=…&sig=…`) stays, as it signs the file and not
 * the path. Null when the URL is not an uploaded file's (a demo picture, an outside address).
 */
export function imageVariantUrl(url: string, width: ImageVariantWidth, format: ImageVariantFormat): string | null {
  const m = FILE_URL.exec(url);
  if (!m) return null;
  return `${m[1]}/${width}.${format}${m[2] ?? ''}`;
}

/**
 * The `srcset` of an uploaded image in one format, or null when the URL is not an uploaded
 * file's. `intrinsicWidth` (when known) keeps each candidate's descriptor true: variants are
 * never wider than the original, so widths past it collapse into one candidate of that width.
 */
export function imageSrcset(url: string, format: ImageVariantFormat, intrinsicWidth?: number | null): string | null {
  if (!FILE_URL.test(url)) return null;
  const candidates: string[] = [];
  for (const w of IMAGE_VARIANT_WIDTHS) {
    const real = intrinsicWidth ? Math.min(w, intrinsicWidth) : w;
    candidates.push(`${imageVariantUrl(url, w, format)} ${real}w`);
    if (intrinsicWidth && intrinsicWidth <= w) break;
  }
  return candidates.join(', ');
}

/**
 * Client-side downscaling before upload: phone photos are often 4000 px and several MB, more
 * than the 1536 KiB image limit. Re-drawing on a canvas also drops their EXIF (GPS) before the
 * bytes leave the device; the server strips metadata again anyway.
 */
import { CLIENT_IMAGE_MAX_DIMENSION_PX } from '@puntoverde/contract';

export interface PreparedImage {
  blob: Blob;
  fileName: string;
}

const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

export async function downscaleImage(file: File, maxDimension = CLIENT_IMAGE_MAX_DIMENSION_PX): Promise<PreparedImage> {
  if (!RESIZABLE.has(file.type) || typeof createImageBitmap !== 'function') return { blob: file, fileName: file.name };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // Not decodable here: let the server judge the original bytes.
    return { blob: file, fileName: file.name };
  }
  const scale = Math.min(1, maxDimension / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size < 512 * 1024) {
    bitmap.close();
    return { blob: file, fileName: file.name };
  }
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return { blob: file, fileName: file.name };
  }
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  // PNG keeps transparency (logos); photos become JPEG.
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
  if (!blob || blob.size >= file.size) return { blob: file, fileName: file.name };
  const base = file.name.replace(/\.[^.]+$/, '') || 'imagen';
  return { blob, fileName: `${base}.${type === 'image/png' ? 'png' : 'jpg'}` };
}

/**
 * A photo for a report or a pickup request: the Camera plugin in the app (camera or gallery, the
 * OS asks for the permission with the app's Spanish text), a file input with `capture` on the web.
 * Either way the result is a File the existing upload pipeline takes.
 */
import { isNativePlatform } from './platform';

type NativeCamera = {
  getPhoto(options: {
    quality: number;
    resultType: 'dataUrl';
    source: 'CAMERA' | 'PHOTOS' | 'PROMPT';
    correctOrientation: boolean;
    width: number;
    promptLabelHeader?: string;
    promptLabelPhoto?: string;
    promptLabelPicture?: string;
    promptLabelCancel?: string;
  }): Promise<{ dataUrl?: string; format: string }>;
};

const loadNative = async (): Promise<NativeCamera> =>
  (await import('@capacitor/camera')).Camera as unknown as NativeCamera;

/** Whether taking a photo goes through the native camera (the web uses its file inputs). */
export function hasNativeCamera(isNative = isNativePlatform()): boolean {
  return isNative;
}

function dataUrlToFile(dataUrl: string, format: string): File {
  const [head, data = ''] = dataUrl.split(',');
  const mime = /data:([^;]+)/.exec(head ?? '')?.[1] ?? `image/${format}`;
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new File([bytes], `foto.${format === 'jpeg' ? 'jpg' : format}`, { type: mime });
}

/**
 * @returns the photo, or null when the person cancelled.
 * `web` opens the page's file input (the browser's camera/gallery chooser).
 */
export async function takePhoto(
  source: 'camera' | 'gallery',
  deps: { web: () => void; native?: () => Promise<NativeCamera>; isNative?: boolean },
): Promise<File | null> {
  if (!(deps.isNative ?? isNativePlatform())) {
    deps.web();
    return null;
  }
  const camera = await (deps.native ?? loadNative)();
  try {
    const photo = await camera.getPhoto({
      quality: 80,
      resultType: 'dataUrl',
      source: source === 'camera' ? 'CAMERA' : 'PHOTOS',
      correctOrientation: true,
      width: 1600,
    });
    return photo.dataUrl ? dataUrlToFile(photo.dataUrl, photo.format) : null;
  } catch (err) {
    if (err instanceof Error && /cancel/i.test(err.message)) return null;
    throw err;
  }
}

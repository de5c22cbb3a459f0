/**
 * Reads a redemption QR with the device's camera, where the browser has a barcode detector
 * (Chrome on Android, Safari on iOS 17+). Elsewhere the button says so and the code is typed.
 * Stops the camera as soon as a code is read or the scanner closes.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorCtor | null {
  const ctor = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  return typeof ctor === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function' ? ctor : null;
}

export function canScanCodes(): boolean {
  return detectorClass() !== null;
}

export function CodeScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: number | undefined;
    const detector = new Detector({ formats: ['qr_code'] });
    const tick = async () => {
      if (stopped || !video.current) return;
      try {
        const found = await detector.detect(video.current);
        const value = found[0]?.rawValue;
        if (value) {
          onCode(value);
          return;
        }
      } catch {
        // A frame not ready yet: try the next one.
      }
      timer = window.setTimeout(() => void tick(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void tick();
      })
      .catch(() => setProblem(t('rewards.ally.cameraRefused')));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode, t]);
  return (
    <div className="rw-scanner">
      {problem ? <p role="alert">{problem}</p> : null}
      <video ref={video} className="rw-scanner-video" muted playsInline aria-label={t('rewards.ally.cameraLabel')} />
      <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={onClose}>
        {t('rewards.ally.closeCamera')}
      </button>
    </div>
  );
}

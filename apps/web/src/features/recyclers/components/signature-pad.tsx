/**
 * A signature drawn with a finger, pen or mouse on a canvas, handed back as a PNG. A canvas
 * cannot be drawn with the keyboard: the keyboard's way to confirm is the recycler's own phone
 * (offered beside it).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function SignaturePad({ label, onChange }: { label: string; onChange: (png: Blob | null) => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, c.width, c.height);
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const c = canvas.current!;
    const box = c.getBoundingClientRect();
    return { x: ((e.clientX - box.left) * c.width) / box.width, y: ((e.clientY - box.top) * c.height) / box.height };
  };
  const finish = () => {
    if (!drawing.current) return;
    drawing.current = false;
    canvas.current?.toBlob((blob) => onChange(blob), 'image/png');
  };
  const clear = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, c.width, c.height);
    setDrawn(false);
    onChange(null);
  };
  return (
    <div className="rc-signature">
      <p id="rc-signature-label">{label}</p>
      <canvas
        ref={canvas}
        width={600}
        height={220}
        role="img"
        aria-labelledby="rc-signature-label"
        aria-describedby="rc-signature-state"
        className="rc-signature-canvas"
        onPointerDown={(e) => {
          const ctx = canvas.current?.getContext('2d');
          if (!ctx) return;
          canvas.current!.setPointerCapture(e.pointerId);
          drawing.current = true;
          const p = point(e);
          ctx.strokeStyle = '#102a43';
          ctx.lineWidth = 4;
          ctx.lineCap = 'round';
          ctx.beginPath();
          ctx.moveTo(p.x, p.y);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = canvas.current?.getContext('2d');
          if (!ctx) return;
          const p = point(e);
          ctx.lineTo(p.x, p.y);
          ctx.stroke();
          setDrawn(true);
        }}
        onPointerUp={finish}
        onPointerCancel={finish}
      />
      <p id="rc-signature-state" className="rc-hint" aria-live="polite">
        {drawn ? t('recyclers.tickets.signatureDrawn') : t('recyclers.tickets.signatureEmpty')}
      </p>
      <button type="button" className="pv-button pv-button-small" onClick={clear} disabled={!drawn}>
        {t('recyclers.tickets.clearSignature')}
      </button>
    </div>
  );
}

/**
 * What replaces a form once it has been sent ("Te enviamos un enlace…"): it takes focus as it
 * appears, so a keyboard or screen-reader user lands on the answer instead of on the page, where
 * the sent form's button was (WCAG 2.4.3). Focus is moved once, when the notice first renders.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function FocusedNotice({ className = 'pv-notice', children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className={className} tabIndex={-1}>
      {children}
    </div>
  );
}

/**
 * Content below the fold that a page can start without: rendered once its place comes into
 * view, or on the first idle moment a few seconds after start-up (lib/main-thread afterStartup),
 * whichever comes first — or at once when `eager` (a link that opens the page on it). Until then
 * its `placeholder` holds the place (and, for assistive technology, its heading).
 *
 * Its first render, and the code and schemas it loads (a form with its validation), are then
 * not part of the page's start-up on a phone: the help page's PQR forms were its longest tasks.
 */
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { afterStartup } from '../lib/main-thread';

export function WhenVisible({
  eager = false,
  placeholder,
  children,
}: {
  eager?: boolean;
  placeholder: ReactNode;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(eager);
  const place = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown || eager) return undefined;
    const show = () => startTransition(() => setShown(true));
    const element = place.current;
    let observer: IntersectionObserver | undefined;
    if (element && typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      });
      observer.observe(element);
    }
    const cancelIdle = afterStartup(show);
    return () => {
      observer?.disconnect();
      cancelIdle();
    };
  }, [shown, eager]);

  return shown || eager ? (
    children
  ) : (
    <div ref={place} data-when-visible="">
      {placeholder}
    </div>
  );
}

/**
 * Content below the fold that a page can start without: rendered once its place comes into
 * view (its top in the upper three quarters of the screen), or on the first idle moment a few
 * seconds after start-up (lib/main-thread afterStartup), whichever comes first — or at once when `eager` (a link that opens the page on it). Until then
 * its `placeholder` holds the place, hidden (`visibility: hidden`): it never paints, so it neither
 * counts as a layout shift while the content above it loads and moves it, nor as a late largest
 * paint. Give it the height the page's end needs for its place to be reached by scrolling.
 *
 * Its first render, and the code and schemas it loads (a form with its validation), are then
 * not part of the page's start-up on a phone (a form and its validation were a page's longest task).
 */
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { afterStartup } from '../lib/main-thread';

/** The screen, less its bottom quarter: where the content's place counts as reached. */
export const VISIBLE_MARGIN = '0px 0px -25% 0px';

export function WhenVisible({
  eager = false,
  placeholder,
  children,
}: {
  eager?: boolean;
  placeholder: ReactNode;
  children: ReactNode;
}) {
  // Reached (or idle); `eager` shows the content without it.
  const [shown, setShown] = useState(false);
  const place = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown || eager) return undefined;
    const show = () => startTransition(() => setShown(true));
    const element = place.current;
    let observer: IntersectionObserver | undefined;
    if (element && typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) show();
        },
        // Its top in the upper three quarters of the screen: a heading that peeks at the bottom
        // edge when the page opens (the help page's on a phone) is not yet reached.
        { rootMargin: VISIBLE_MARGIN },
      );
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
    <div ref={place} data-when-visible="" style={{ visibility: 'hidden' }}>
      {placeholder}
    </div>
  );
}

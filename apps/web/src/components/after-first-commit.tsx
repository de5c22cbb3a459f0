/**
 * Renders its children in transitions once the page around them has been committed. A page
 * arriving on a navigation renders synchronously (Ionic's router outlet did it in a lifecycle
 * method; React Router's <Routes> re-renders with the history change, outside a transition),
 * so a heavy page body would be built, inserted and its effects run in one uninterrupted task. Behind this component (PageLayout puts every page's body behind it) the
 * page's frame (toolbar, title) commits first and the body follows in slices.
 *
 * The body's top-level parts (a page's sections) are committed one after the other, each in
 * its own task: React can pause between components while it renders, but never while it
 * commits, and inserting a whole page at once (every Ionic element in it defining and styling
 * itself as it connects) was a single long task on a phone. While parts are still to come the
 * body says it is busy (`aria-busy`), so the server's content frame stays over the page until
 * every part is there (lib/boot-screen.ts): nobody sees the page assemble.
 */
import { Children, startTransition, useEffect, useState, type ReactNode } from 'react';

export function AfterFirstCommit({ children }: { children: ReactNode }) {
  const parts = Children.toArray(children);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown < parts.length) startTransition(() => setShown((n) => n + 1));
  }, [shown, parts.length]);
  return (
    <>
      {parts.slice(0, shown)}
      {shown < parts.length ? <span className="page-parts-pending" aria-busy="true" hidden /> : null}
    </>
  );
}

/**
 * Renders its children in a transition once the page around them has been committed. A page
 * arriving through Ionic's router outlet renders synchronously (the outlet updates in a
 * lifecycle method), so a heavy page body would be built, inserted and its effects run in one
 * uninterrupted task. Behind this component (PageLayout puts every page's body behind it) the
 * page's frame (toolbar, title) commits first and the body renders in slices, with its effects
 * in a later task: fewer long tasks on a phone.
 */
import { startTransition, useEffect, useState, type ReactNode } from 'react';

export function AfterFirstCommit({ children }: { children: ReactNode }) {
  const [show, setShow] = useState(false);
  useEffect(() => {
    startTransition(() => setShow(true));
  }, []);
  return show ? children : null;
}

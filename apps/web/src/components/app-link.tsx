/**
 * An in-app link: a real <a href> (keyboard, middle-click, copy link all work) whose plain
 * clicks go through Ionic's router so page transitions and the view stack stay intact.
 */
import { useIonRouter } from '@ionic/react';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { isModifiedClick } from '../lib/navigation';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** Computes the URL actually navigated to at click time (e.g. adds ?refresh=). */
  resolveOnClick?: (to: string) => string;
  /** 'root' clears the back stack, as menu navigation does. */
  direction?: 'forward' | 'root';
}

export function AppLink({ to, resolveOnClick, direction = 'forward', onClick, children, ...rest }: AppLinkProps) {
  const router = useIonRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || isModifiedClick(event)) return;
    event.preventDefault();
    router.push(resolveOnClick ? resolveOnClick(to) : to, direction);
  };
  return (
    <a href={to} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}

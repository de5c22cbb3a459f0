/**
 * A slot for app-wide notices shown at the top of every page's content (demo mode, e-mail not
 * verified). The app shell provides the element; shared components stay free of features.
 */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

export const PageBannerContext = createContext<ReactNode>(null);

export function PageBanner() {
  return <>{useContext(PageBannerContext)}</>;
}

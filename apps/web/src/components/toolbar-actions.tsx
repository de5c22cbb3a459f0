/**
 * A slot at the end of every page's toolbar (the notification bell). The app shell provides
 * the element; shared components stay free of features.
 */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

export const ToolbarActionsContext = createContext<ReactNode>(null);

export function ToolbarActions() {
  return <>{useContext(ToolbarActionsContext)}</>;
}

/** A status as a badge (design system): the tone supports the label, never replaces it. */
import type { ReactNode } from 'react';

export type BadgeTone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

export function StatusBadge({ tone, outline, children }: { tone: BadgeTone; outline?: boolean; children: ReactNode }) {
  const classes = ['pv-badge', tone === 'neutral' ? '' : `pv-badge--${tone}`, outline ? 'pv-badge--outline' : ''];
  return <span className={classes.filter(Boolean).join(' ')}>{children}</span>;
}

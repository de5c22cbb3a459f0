/** An empty list or screen that says what is missing and offers the next step (design system). */
import type { ReactNode } from 'react';
import { Icon } from './icon';

export function EmptyState({
  title,
  children,
  icon,
  action,
  headingLevel,
}: {
  title: string;
  /** One or two sentences: why it is empty, what to do. */
  children?: ReactNode;
  /** An ionicons icon (decorative). */
  icon?: string;
  /** A button or link: the next step. */
  action?: ReactNode;
  /** A heading when the empty state stands for a whole section; a paragraph otherwise. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : headingLevel === 3 ? 'h3' : 'p';
  return (
    <div className="pv-empty">
      {icon ? <Icon icon={icon} className="pv-empty-icon" /> : null}
      <Heading className="pv-empty-title">{title}</Heading>
      {children ? <p className="pv-empty-text">{children}</p> : null}
      {action}
    </div>
  );
}

/**
 * A form's send button. While the form is being sent (or cannot be sent yet) it is marked
 * `aria-disabled` and ignores presses, instead of taking the `disabled` attribute: a disabled
 * button loses focus, which then falls to the page and a screen reader says nothing (WCAG 2.4.3).
 * Pressing Enter in a field presses this button too, so the guard also stops a second sending.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'> {
  /** True while sending, or while the form cannot be sent. */
  busy: boolean;
  children: ReactNode;
}

export function SubmitButton({ busy, onClick, className = 'pv-button', children, ...rest }: SubmitButtonProps) {
  return (
    <button
      {...rest}
      type="submit"
      className={className}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {children}
    </button>
  );
}

/**
 * A form sent to the API (useApiFormSubmit's `onSubmit`): the app's own field messages instead of
 * the browser's bubbles (`noValidate`), busy while it is being sent. `onFocus` is for a form whose
 * validation loads lazily (lib/lazy-resolver.ts: `resolver.preload`).
 */
import type { BaseSyntheticEvent, ReactNode } from 'react';

export interface ApiFormProps {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
  onFocus?: () => void;
  children: ReactNode;
}

export function ApiForm({ onSubmit, busy, onFocus, children }: ApiFormProps) {
  return (
    <form className="pv-form" noValidate onFocus={onFocus} onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      {children}
    </form>
  );
}

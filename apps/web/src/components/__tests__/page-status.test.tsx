import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PageStatus } from '../page-status';
import { dismissWhenUnattended, useNotify } from '../use-notify';

function Saver() {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify('Solicitud #4: Aceptada')}>
      Guardar
    </button>
  );
}

afterEach(async () => {
  for (const t of Array.from(document.querySelectorAll('ion-toast'))) {
    const toast = t as unknown as { dismiss?: () => Promise<boolean> };
    if (toast.dismiss) await toast.dismiss().catch(() => false);
    t.remove();
  }
  vi.useRealTimers();
});

describe('status messages', () => {
  it('stay on the page in a polite live region, not only in a toast', async () => {
    window.history.replaceState(null, '', '/app/tabs/prequest/4');
    renderWithProviders(
      <>
        <PageStatus />
        <Saver />
      </>,
      { url: '/app/tabs/prequest/4' },
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(region.textContent).toBe('Solicitud #4: Aceptada'));
  });

  it("pause a toast's time while the pointer is over it", () => {
    vi.useFakeTimers();
    const toast = Object.assign(document.createElement('div'), { dismiss: vi.fn(async () => true) });
    dismissWhenUnattended(toast, 3000);
    vi.advanceTimersByTime(2000);
    act(() => void toast.dispatchEvent(new Event('pointerenter')));
    vi.advanceTimersByTime(10_000);
    expect(toast.dismiss).not.toHaveBeenCalled();
    act(() => void toast.dispatchEvent(new Event('pointerleave')));
    vi.advanceTimersByTime(2999);
    expect(toast.dismiss).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(toast.dismiss).toHaveBeenCalledTimes(1);
  });
});

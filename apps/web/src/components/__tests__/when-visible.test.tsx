import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STARTUP_QUIET_MS } from '../../lib/main-thread';
import { VISIBLE_MARGIN, WhenVisible } from '../when-visible';

/** jsdom has no IntersectionObserver: a stand-in that the test scrolls. */
let observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; target?: Element }[] = [];
class FakeObserver {
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    observed.push({ callback, options });
  }
  observe(target: Element) {
    observed.at(-1)!.target = target;
  }
  disconnect() {}
}

const ui = (eager = false) => (
  <WhenVisible eager={eager} placeholder={<h2>Lugar del formulario</h2>}>
    <form aria-label="formulario" />
  </WhenVisible>
);

describe('WhenVisible', () => {
  beforeEach(() => {
    observed = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('holds the place, hidden, until it comes into view, then shows the content', async () => {
    const { container } = render(ui());
    // Never painted: it cannot shift or be a late largest paint.
    expect(container.querySelector('[data-when-visible]')).toHaveStyle({ visibility: 'hidden' });
    expect(screen.getByText('Lugar del formulario')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Lugar del formulario' })).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    const { callback, options, target } = observed[0]!;
    // A heading peeking at the bottom edge is not yet "reached".
    expect(options?.rootMargin).toBe(VISIBLE_MARGIN);
    await act(async () => {
      callback([{ isIntersecting: false, target } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
    expect(screen.queryByRole('form')).toBeNull();
    await act(async () => {
      callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
    expect(screen.getByRole('form', { name: 'formulario' })).toBeInTheDocument();
    expect(screen.queryByText('Lugar del formulario')).toBeNull();
  });

  it('renders the content on the idle moment after start-up even if nobody scrolls', async () => {
    render(ui());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(STARTUP_QUIET_MS - 100);
    });
    expect(screen.queryByRole('form')).toBeNull();
    await act(async () => {
      // jsdom has no requestIdleCallback: the fallback waits 200 ms.
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(screen.getByRole('form', { name: 'formulario' })).toBeInTheDocument();
  });

  it('renders the content at once when the page was opened on it', () => {
    render(ui(true));
    expect(screen.getByRole('form', { name: 'formulario' })).toBeInTheDocument();
  });
});

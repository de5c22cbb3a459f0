import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissBootScreen, limitBootScreen, resetBootScreen } from '../boot-screen';

describe('boot screen', () => {
  beforeEach(() => {
    resetBootScreen();
    document.body.innerHTML = '<div id="boot" class="boot-screen"></div><div id="root"></div>';
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('goes once the first page has been painted, not before', () => {
    dismissBootScreen();
    expect(document.getElementById('boot')).not.toBeNull();
    vi.advanceTimersToNextFrame();
    expect(document.getElementById('boot')).toBeNull();
    expect(document.getElementById('root')).not.toBeNull();
  });

  it('goes after the time limit when no page renders', () => {
    limitBootScreen(10_000);
    vi.advanceTimersByTime(9_999);
    vi.advanceTimersToNextFrame();
    expect(document.getElementById('boot')).not.toBeNull();
    vi.advanceTimersByTime(1);
    vi.advanceTimersToNextFrame();
    expect(document.getElementById('boot')).toBeNull();
  });
});

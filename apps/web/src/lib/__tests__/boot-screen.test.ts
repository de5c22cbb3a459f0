import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_CONTENT_WAIT_MS, dismissBootScreen, limitBootScreen, resetBootScreen } from '../boot-screen';

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

  describe('with the page content written by the server', () => {
    beforeEach(() => {
      document.body.innerHTML =
        '<div id="boot" class="boot-screen"><div class="boot-bar">Campañas</div><div class="boot-content"><div class="page-body"><h2>Reciclatón</h2></div></div></div>' +
        '<div id="root"><main><div class="page-body"><p class="pv-demo-note">Demo</p><p class="lead page-lead">Pide que recojan…</p></div></main></div>';
    });
    const body = () => document.querySelector('#root .page-body') as HTMLElement;
    const flush = async () => {
      await Promise.resolve();
      vi.advanceTimersToNextFrame();
    };

    it('stays while the page has only its frame (demo note, lead), then while its list loads, and goes once the list is there', async () => {
      dismissBootScreen();
      await flush();
      expect(document.getElementById('boot')).not.toBeNull();
      body().insertAdjacentHTML('beforeend', '<section aria-busy="true" class="card-grid"></section>');
      await flush();
      expect(document.getElementById('boot')).not.toBeNull();
      const list = body().querySelector('section') as HTMLElement;
      list.innerHTML = '<article><h2>Reciclatón</h2></article>';
      list.setAttribute('aria-busy', 'false');
      await flush();
      expect(document.getElementById('boot')).toBeNull();
    });

    it('does not hold the page when a section keeps loading', async () => {
      dismissBootScreen();
      body().insertAdjacentHTML('beforeend', '<section aria-busy="true"></section>');
      await flush();
      expect(document.getElementById('boot')).not.toBeNull();
      vi.advanceTimersByTime(BOOT_CONTENT_WAIT_MS);
      vi.advanceTimersToNextFrame();
      expect(document.getElementById('boot')).toBeNull();
    });

    it('still goes after the time limit when the content never arrives', () => {
      limitBootScreen(10_000);
      dismissBootScreen();
      vi.advanceTimersByTime(10_000);
      vi.advanceTimersToNextFrame();
      expect(document.getElementById('boot')).toBeNull();
    });
  });
});

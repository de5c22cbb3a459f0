import { describe, expect, it, vi } from 'vitest';
import { reloadOnTakeover } from '../service-worker';

/** A service worker container as a tab sees it: its controller, and `controllerchange`. */
function container(controller: object | null) {
  const target = new EventTarget() as EventTarget & { controller: ServiceWorker | null };
  target.controller = controller as ServiceWorker | null;
  return {
    target,
    takeOver() {
      target.controller = {} as ServiceWorker;
      target.dispatchEvent(new Event('controllerchange'));
    },
  };
}

describe('reloadOnTakeover', () => {
  it('a tab opened before any worker is not reloaded by the first install, but by the next version', () => {
    const sw = container(null);
    const reload = vi.fn();
    reloadOnTakeover(sw.target, reload);
    sw.takeOver(); // the first install claims the tab: same build, no reload
    expect(reload).not.toHaveBeenCalled();
    sw.takeOver(); // "Actualizar": the new version takes over
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a tab that started controlled reloads once when a new version takes over', () => {
    const sw = container({});
    const reload = vi.fn();
    reloadOnTakeover(sw.target, reload);
    sw.takeOver();
    sw.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

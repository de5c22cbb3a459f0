import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkMapContainer, findMapContainer, MapContainerError } from '../map-container';

function addBox(id: string, width: number, height: number): HTMLElement {
  const el = document.createElement('div');
  el.id = id;
  // jsdom does no layout: give the element the size a browser would measure.
  el.getBoundingClientRect = () => ({ width, height, top: 0, left: 0, right: width, bottom: height, x: 0, y: 0, toJSON: () => ({}) });
  document.body.appendChild(el);
  return el;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('map container rules (spec §5, §8, §9)', () => {
  it('accepts a unique element of at least 100x100 px', () => {
    const el = addBox('map', 100, 100);
    expect(checkMapContainer('map')).toBe(el);
  });

  it('says it can not find a missing element, with the spec text', () => {
    const result = checkMapContainer('mapa');
    expect(result).toBeInstanceOf(MapContainerError);
    expect((result as Error).message).toBe('Can not find the element [#mapa]');
  });

  it('refuses two elements with the same id, with the spec text', () => {
    addBox('map', 300, 300);
    addBox('map', 300, 300);
    const result = checkMapContainer('map') as Error;
    expect(result.message).toMatch(/^There are multiple elements .*\[#map\]\. Use different id$/);
  });

  it('refuses an element smaller than 100x100, with the spec text', () => {
    addBox('map', 300, 99);
    const result = checkMapContainer('map') as Error;
    expect(result.message).toMatch(/ is too small\. Must be bigger than 100x100\.$/);
    expect(result.message).toContain('[#map]');
  });

  it('retries every 100 ms and finds an element that appears later', async () => {
    vi.useFakeTimers();
    const found = findMapContainer('late');
    await vi.advanceTimersByTimeAsync(500);
    const el = addBox('late', 200, 200);
    await vi.advanceTimersByTimeAsync(100);
    await expect(found).resolves.toBe(el);
  });

  it('gives up after 20 attempts (about 2 s) with the last rule broken', async () => {
    vi.useFakeTimers();
    const spy = vi.spyOn(document, 'querySelectorAll');
    const found = findMapContainer('never');
    const assertion = expect(found).rejects.toThrow('Can not find the element [#never]');
    await vi.advanceTimersByTimeAsync(2000);
    await assertion;
    expect(spy).toHaveBeenCalledTimes(20);
  });
});

import { describe, expect, it } from 'vitest';
import { clearRefreshParamFromAddressBar, isCurrentPath, withoutRefreshParam, withRefreshParam } from '../navigation';

describe('withRefreshParam', () => {
  it('adds the refresh timestamp', () => {
    expect(withRefreshParam('/home', 1_700_000_000_000)).toBe('/home?refresh=1700000000000');
  });

  it('keeps other parameters and replaces an old timestamp', () => {
    expect(withRefreshParam('/home?tipo=vidrio&refresh=1', 42)).toBe('/home?tipo=vidrio&refresh=42');
  });
});

describe('isCurrentPath', () => {
  it.each([
    ['/home', '/home', true],
    ['/home/12', '/home', true],
    ['/homework', '/home', false],
    ['/index', '/home', false],
    ['/auth/profile/7', '/auth/profile/7', true],
  ])('%s against %s is %s', (pathname, url, expected) => {
    expect(isCurrentPath(pathname, url)).toBe(expected);
  });
});

describe('the refresh parameter leaves the address bar', () => {
  it('is taken out of a URL, other parameters and the hash kept', () => {
    expect(withoutRefreshParam('http://x/campaign?refresh=1700000000000')).toBe('/campaign');
    expect(withoutRefreshParam('http://x/home?materials=pilas&refresh=42#list')).toBe('/home?materials=pilas#list');
    expect(withoutRefreshParam('http://x/home?materials=pilas')).toBeNull();
  });

  it('replaces the current entry, keeping its state (back and forward still work)', () => {
    window.history.pushState({ key: 'abc' }, '', '/campaign?refresh=1700000000000');
    const before = window.history.length;
    clearRefreshParamFromAddressBar();
    expect(window.location.pathname + window.location.search).toBe('/campaign');
    expect(window.history.state).toEqual({ key: 'abc' });
    expect(window.history.length).toBe(before);
  });
});

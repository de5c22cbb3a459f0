import { describe, expect, it } from 'vitest';
import { isCurrentPath, withRefreshParam } from '../navigation';

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

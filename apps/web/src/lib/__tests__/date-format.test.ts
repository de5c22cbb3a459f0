import { describe, expect, it } from 'vitest';
import { isoToLocal, localToIso } from '../date-format';

describe('datetime-local values', () => {
  it('reads datetime-local values as Bogotá time (UTC−5, no daylight saving)', () => {
    expect(localToIso('2026-12-05T09:00')).toBe('2026-12-05T14:00:00.000Z');
    expect(isoToLocal('2026-12-05T14:00:00.000Z')).toBe('2026-12-05T09:00');
    expect(localToIso('')).toBe('');
  });
});

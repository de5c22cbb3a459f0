import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatPercent, todayInBogota } from '../format';

describe('PQR formats (es-CO)', () => {
  it('writes a due date the Colombian way without shifting the day', () => {
    expect(formatDate('2026-04-15', 'es')).toBe('15 de abril de 2026');
    expect(formatDate('2027-01-01', 'es')).toBe('1 de enero de 2027');
  });

  it('takes the Bogotá calendar day: Sunday evening in Bogotá is still Sunday', () => {
    expect(todayInBogota(new Date('2026-11-23T01:30:00Z'))).toBe('2026-11-22');
  });

  it('uses a decimal comma for sizes and percentages', () => {
    expect(formatBytes(1.5 * 1024 * 1024, 'es')).toBe('1,5 MB');
    expect(formatBytes(300 * 1024, 'es')).toBe('300 KB');
    expect(formatPercent(33.3, 'es')).toBe('33,3 %');
  });
});

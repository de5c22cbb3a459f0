import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from '../components/redemption-countdown';
import { signedPoints } from '../components/rewards-labels';

describe('a redemption code countdown', () => {
  it('counts whole seconds up to the expiry and stops at zero', () => {
    const now = Date.parse('2026-12-03T10:00:00Z');
    expect(secondsLeft('2026-12-03T10:30:00Z', now)).toBe(1800);
    expect(secondsLeft('2026-12-03T10:00:00.400Z', now)).toBe(1);
    expect(secondsLeft('2026-12-03T09:59:00Z', now)).toBe(0);
  });

  it('shows minutes and zero-padded seconds', () => {
    expect(formatCountdown(1800)).toBe('30:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(3600)).toBe('1:00:00');
  });
});

describe('signed points', () => {
  it('marks what adds with + and what takes with a minus sign, grouped as in es-CO', () => {
    expect(signedPoints(45, 'es')).toBe('+45');
    expect(signedPoints(-1200, 'es')).toBe('\u22121.200');
    expect(signedPoints(-1200, 'en')).toBe('\u22121,200');
    expect(signedPoints(0, 'es')).toBe('0');
  });
});

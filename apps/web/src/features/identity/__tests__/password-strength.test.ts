import { describe, expect, it } from 'vitest';
import { passwordStrength } from '../forms/password-strength';

describe('passwordStrength', () => {
  it('says nothing about an empty password and flags one under 6 characters', () => {
    expect(passwordStrength('')).toBe('empty');
    expect(passwordStrength('ab1')).toBe('too-short');
  });

  it('rates keyboard runs and repeated characters as weak', () => {
    expect(passwordStrength('123456')).toBe('weak');
    expect(passwordStrength('qwertyui')).toBe('weak');
    expect(passwordStrength('aaaaaaaa')).toBe('weak');
  });

  it('rates a long mixed passphrase as strong', () => {
    expect(passwordStrength('Reciclo-los-martes-2026')).toBe('strong');
  });

  it('marks down a password built on the user own name', () => {
    const alone = passwordStrength('Valentina2026!');
    const withName = passwordStrength('Valentina2026!', ['Valentina', 'Ríos']);
    const order = ['weak', 'fair', 'good', 'strong'];
    expect(order.indexOf(withName)).toBeLessThan(order.indexOf(alone));
  });
});

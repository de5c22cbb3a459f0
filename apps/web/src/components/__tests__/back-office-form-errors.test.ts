import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors, isoToLocal, localToIso } from '../back-office/form-errors';

describe('back-office form helpers', () => {
  it('reads datetime-local values as Bogotá time (UTC−5, no daylight saving)', () => {
    expect(localToIso('2026-12-05T09:00')).toBe('2026-12-05T14:00:00.000Z');
    expect(isoToLocal('2026-12-05T14:00:00.000Z')).toBe('2026-12-05T09:00');
    expect(localToIso('')).toBe('');
  });

  it('puts server field errors on the matching form fields', () => {
    const setError = vi.fn();
    const message = applyServerErrors(
      new ApiError('validation-failed', 400, 'Revisa el campo: ends_at.', { ends_at: 'La fecha de fin debe ser posterior' }),
      setError,
    );
    expect(message).toBe('Revisa el campo: ends_at.');
    expect(setError).toHaveBeenCalledWith('ends_at', { type: 'server', message: 'La fecha de fin debe ser posterior' });
  });
});

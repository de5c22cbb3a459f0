import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { createRateLimiter, enforceRateLimit } from './rate-limiter.js';

describe('enforceRateLimit', () => {
  it('lets the budget through, then answers too-many-requests with a Retry-After', async () => {
    const limiter = createRateLimiter(null);
    await enforceRateLimit(limiter, 'k', 2, 60_000);
    await enforceRateLimit(limiter, 'k', 2, 60_000);
    const refused = await enforceRateLimit(limiter, 'k', 2, 60_000).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('too-many-requests');
    const retryAfter = Number((refused as AppError).headers?.['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts each key apart', async () => {
    const limiter = createRateLimiter(null);
    await enforceRateLimit(limiter, 'a', 1, 60_000);
    await expect(enforceRateLimit(limiter, 'b', 1, 60_000)).resolves.toBeUndefined();
  });
});

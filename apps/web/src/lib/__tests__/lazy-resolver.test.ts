// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from '../lazy-resolver';

type Values = { name: string };
const ok: Resolver<Values> = async (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads nothing until it is used, then loads once and validates with what it loaded', async () => {
    const load = vi.fn(async () => ok);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    await expect(resolver({ name: 'Ana' }, undefined, options)).resolves.toEqual({
      values: { name: 'Ana' },
      errors: {},
    });
    await resolver({ name: 'Luis' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload starts the load, and the next validation uses it', async () => {
    const load = vi.fn(async () => ok);
    const resolver = lazyResolver(load);
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ name: 'Ana' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a load that failed (offline) is tried again at the next use', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(ok);
    const resolver = lazyResolver(load);
    resolver.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(resolver({ name: 'Ana' }, undefined, options)).resolves.toEqual({
      values: { name: 'Ana' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

/**
 * A react-hook-form resolver that loads its schema on first use. The login and sign-up pages
 * validate with the contract's zod schemas, but only when the form is submitted (or a field is
 * checked again after a failed submit): evaluating zod and the schemas at the page's start cost a
 * phone 50–90 ms of main thread, the longest task of those pages. `preload` starts the load
 * early, e.g. when the visitor first focuses a field, so the first submit never waits for it.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<TFieldValues extends FieldValues, TContext, TTransformed> = Resolver<
  TFieldValues,
  TContext,
  TTransformed
> & { preload: () => void };

export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): LazyResolver<TFieldValues, TContext, TTransformed> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformed>> | undefined;
  const get = () => (loading ??= load());
  const resolver = (async (values, context, options) => (await get())(values, context, options)) as LazyResolver<
    TFieldValues,
    TContext,
    TTransformed
  >;
  resolver.preload = () => {
    // A failed load (offline, a new deployment) is retried at the next use.
    get().catch(() => {
      loading = undefined;
    });
  };
  return resolver;
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMemoryBus, createRedisBus, type RealtimeBus } from './realtime.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live updates: Redis pub/sub when REDIS_URL is set (events cross instances), else in memory. */
    realtime: RealtimeBus;
  }
}

/**
 * The bus of an app from anywhere holding the instance, even outside the routes' context where
 * it is decorated (tests build the root app). Keyed by the app's config object, shared by all
 * of its contexts.
 */
const buses = new WeakMap<object, RealtimeBus>();
export function realtimeOf(app: FastifyInstance): RealtimeBus {
  const bus = buses.get(app.config);
  if (!bus) throw new Error('the realtime plugin is not registered');
  return bus;
}

/** Opens the event bus once per app; routes publish to it and the SSE endpoint listens on it. */
export default fp(
  async function realtimePlugin(app: FastifyInstance) {
    const publisher = app.redis;
    const subscriber = publisher ? app.newRedisConnection() : null;
    const bus =
      publisher && subscriber
        ? await createRedisBus({ publisher, subscriber, channel: `${app.config.redisPrefix}realtime`, log: app.log })
        : createMemoryBus(app.log);
    app.decorate('realtime', bus);
    buses.set(app.config, bus);
    app.addHook('onClose', () => bus.close());
  },
  { name: 'realtime', dependencies: ['config', 'redis'] },
);

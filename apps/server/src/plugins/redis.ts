import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Shared Redis connection when REDIS_URL is set (rate limits, realtime fan-out); else null.
     * Every key it writes starts with REDIS_PREFIX (ioredis' keyPrefix); pub/sub channels do not
     * take it by themselves, so their names start with `app.config.redisPrefix`.
     */
    redis: Redis | null;
    /** Opens a new Redis connection (pub/sub needs its own); null without REDIS_URL. */
    newRedisConnection: () => Redis | null;
  }
}

/** True while `client` can take a command at once (not reconnecting, not closed). */
export function redisAvailable(client: Redis | null): client is Redis {
  return client !== null && client.status === 'ready';
}

export default fp(
  async function redisPlugin(app: FastifyInstance) {
    const url = app.config.redisUrl;
    const opened: Redis[] = [];
    let closing = false;
    const open = (): Redis | null => {
      if (!url) return null;
      const client = new Redis(url, {
        keyPrefix: app.config.redisPrefix,
        maxRetriesPerRequest: 2,
        enableOfflineQueue: true,
        lazyConnect: false,
      });
      // ioredis reports an error on every reconnection attempt (several a second while Redis is
      // away): say once that the connection was lost and once that it is back, without a stack.
      const role = opened.length === 0 ? 'commands' : 'subscriptions';
      let lost = false;
      client.on('error', (err: Error) => {
        if (lost || closing) return;
        lost = true;
        app.log.error(`Redis (REDIS_URL) is unreachable, ${role} connection lost: ${err.message}. Retrying until it answers; meanwhile rate limits count on this instance only and live updates stay on it.`);
      });
      client.on('ready', () => {
        if (!lost) return;
        lost = false;
        app.log.info(`Redis (REDIS_URL) answers again, ${role} connection restored`);
      });
      opened.push(client);
      return client;
    };
    app.decorate('redis', open());
    app.decorate('newRedisConnection', open);
    app.addHook('onClose', async () => {
      closing = true;
      await Promise.all(opened.map((c) => c.quit().catch(() => c.disconnect())));
    });
  },
  { name: 'redis', dependencies: ['config'] },
);

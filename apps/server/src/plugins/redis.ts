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

export default fp(
  async function redisPlugin(app: FastifyInstance) {
    const url = app.config.redisUrl;
    const opened: Redis[] = [];
    const open = (): Redis | null => {
      if (!url) return null;
      const client = new Redis(url, {
        keyPrefix: app.config.redisPrefix,
        maxRetriesPerRequest: 2,
        enableOfflineQueue: true,
        lazyConnect: false,
      });
      client.on('error', (err) => app.log.warn({ err }, 'redis error'));
      opened.push(client);
      return client;
    };
    app.decorate('redis', open());
    app.decorate('newRedisConnection', open);
    app.addHook('onClose', async () => {
      await Promise.all(opened.map((c) => c.quit().catch(() => c.disconnect())));
    });
  },
  { name: 'redis', dependencies: ['config'] },
);

import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/** One registered route, as the suites that walk every route see it. */
export type RouteEntry = {
  method: HTTPMethods;
  url: string;
  /** Content types the route declares it consumes (OpenAPI `consumes`). */
  consumes: string[];
  options: RouteOptions;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, in registration order (HEAD copies left out). */
    routeTable: RouteEntry[];
  }
}

/** Collects the route table, so tests can hold every route (today's and tomorrow's) to one rule. */
export default fp(
  async function routeTablePlugin(app: FastifyInstance) {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = (route.schema ?? {}) as { consumes?: string[] };
      for (const method of methods) {
        if (method === 'HEAD') continue;
        table.push({ method, url: route.url, consumes: schema.consumes ?? [], options: route });
      }
    });
  },
  { name: 'route-table' },
);

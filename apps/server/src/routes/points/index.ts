import {
  ZContainerParams,
  ZContainerReadingsResponse,
  ZContainerResponse,
  ZContainersResponse,
  ZEmptyingRequest,
  ZErrorBody,
  ZManagedPointsResponse,
  ZPointDetailQuery,
  ZPointDetailResponse,
  ZPointIdParams,
  ZPointsClustersQuery,
  ZPointsClustersResponse,
  ZPointsListResponse,
  ZPointsNearQuery,
  ZPointsNearResponse,
  ZPointsQuery,
  ZReadingsQuery,
  ZUpdateContainerRequest,
  POINTS_PATH,
  POINTS_PATHS,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clustersInView, warmClusters } from '../../features/points/point-clusters.js';
import { currentPointsVersion } from '../../features/points/points-version.js';
import { geojsonExport } from '../../features/points/points-export.js';
import * as points from '../../features/points/points.service.js';
import { requireManagerOrAdmin } from '../../plugins/auth.js';
import pointsAdminRoutes from './admin.js';
import { cachedBody, makeBody, scopeOf, sendBody } from './cached-json.js';
import { openFullReportsByContainer } from '../../features/reports/reports.service.js';

/**
 * Marks the public point reads as cached lists (their validators, 304 and document headers);
 * each answer sets its own max-age through sendBody, which keeps the built bodies.
 */
const POINTS_CACHE = 'public, max-age=60';
const TAGS = ['points'];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** A point manager or staff, checked before the body (401/403 before 400). */
const MANAGERS = { auth: 'manager' } as const;
/** One point's containers: whoever may not manage it gets the same 404 as for a missing point. */
const POINT_MANAGERS = { auth: 'manager', hiddenAs: 'point-not-found' } as const;

/**
 * Runs before the body is validated: a manager of another point gets the 404 of a missing point,
 * not the body's 400. Malformed params are left to validation (their own 400).
 */
async function mustManagePoint(request: FastifyRequest): Promise<void> {
  const params = ZPointIdParams.safeParse(request.params);
  if (!params.success) return;
  await points.assertCanManage(request.server.db, requireManagerOrAdmin(request), params.data.id);
}

export default async function pointsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  if (fastify.config.env !== 'test') {
    // Not awaited: the server listens at once, the index is built right after.
    fastify.addHook('onReady', async () => {
      setImmediate(() => {
        warmClusters(fastify.db).catch((err: unknown) => fastify.log.warn({ err }, 'points: cluster index warm-up failed'));
      });
    });
  }

  /**
   * Cache key of an answer: database, points version, route and query (and the minute, for the
   * answers that say whether points are open now).
   */
  const keyOf = async (request: FastifyRequest, timed: boolean) => {
    const version = await currentPointsVersion(app.db);
    const minute = timed ? `|${Math.floor(Date.now() / 60000)}` : '';
    return `${scopeOf(app.db)}|${version}${minute}|${request.url}`;
  };

  app.get(
    POINTS_PATH,
    {
      config: { cacheControl: POINTS_CACHE },
      schema: {
        tags: TAGS,
        operationId: 'points.list',
        summary: 'Puntos de un área del mapa (lista compacta; comprimida y con ETag)',
        description:
          'bbox=minLng,minLat,maxLng,maxLat. Filtros: materials (códigos separados por comas, cualquiera de ellos), kind, q (nombre, dirección o material), open_now, at.',
        querystring: ZPointsQuery,
        response: { 200: ZPointsListResponse, 400: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { bbox, ...filters } = request.query;
      const timed = filters.open_now === true && !filters.at;
      const cached = await cachedBody(await keyOf(request, timed), async () =>
        JSON.stringify({ data: await points.listMarkers(app.db, bbox, filters) }),
      );
      return sendBody(request, reply, cached, `public, max-age=${timed ? 30 : 60}`);
    },
  );

  app.get(
    POINTS_PATHS.clusters,
    {
      config: { cacheControl: POINTS_CACHE },
      schema: {
        tags: TAGS,
        operationId: 'points.clusters',
        summary: 'Grupos (clusters) y puntos de un área del mapa para un nivel de zoom',
        querystring: ZPointsClustersQuery,
        response: { 200: ZPointsClustersResponse, 400: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { bbox, zoom, ...filters } = request.query;
      const timed = filters.open_now === true && !filters.at;
      const cached = await cachedBody(await keyOf(request, timed), async () =>
        JSON.stringify({ data: await clustersInView(app.db, bbox, zoom, filters) }),
      );
      return sendBody(request, reply, cached, `public, max-age=${timed ? 30 : 60}`);
    },
  );

  app.get(
    POINTS_PATHS.near,
    {
      config: { cacheControl: POINTS_CACHE },
      schema: {
        tags: TAGS,
        operationId: 'points.near',
        summary: 'Puntos más cercanos a una ubicación, del más cercano al más lejano',
        querystring: ZPointsNearQuery,
        response: { 200: ZPointsNearResponse, 400: ZErrorBody },
      },
    },
    async (request, reply) => {
      // Each answer says whether the points are open now: it depends on the minute.
      const cached = await cachedBody(await keyOf(request, !request.query.at), async () =>
        JSON.stringify({ data: await points.nearPoints(app.db, request.query) }),
      );
      return sendBody(request, reply, cached, 'public, max-age=30');
    },
  );

  app.get(
    `${POINTS_PATH}.geojson`,
    {
      config: { cacheControl: POINTS_CACHE },
      schema: {
        tags: TAGS,
        operationId: 'points.geojson',
        summary: 'Datos abiertos: todos los puntos activos en GeoJSON (RFC 7946)',
        response: { 200: z.unknown() },
      },
    },
    async (request, reply) => {
      const json = await geojsonExport(app.db);
      reply.header('content-disposition', 'inline; filename="puntos-puntoverde.geojson"');
      return sendBody(request, reply, { key: null, body: makeBody(json) }, 'public, max-age=300', 'application/geo+json; charset=utf-8');
    },
  );

  app.get(
    POINTS_PATHS.mine,
    {
      config: MANAGERS,
      schema: {
        tags: TAGS,
        operationId: 'points.listMine',
        summary: 'Puntos que administro, con sus contenedores (responsables del punto)',
        security: [{ bearer: [] }],
        response: { 200: ZManagedPointsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireManagerOrAdmin(request);
      reply.header('cache-control', 'no-store');
      const list = await points.managedPoints(app.db, user);
      const marks = await openFullReportsByContainer(app.db, list.flatMap((p) => p.containers.map((c) => c.id)));
      return {
        data: list.map((p) => ({ ...p, containers: p.containers.map((c) => ({ ...c, full_reports: marks.get(c.id) ?? 0 })) })),
      };
    },
  );

  app.get(
    `${POINTS_PATH}/:id`,
    {
      schema: {
        tags: TAGS,
        operationId: 'points.get',
        summary: 'Un punto: tipo, dirección, horario ("abierto ahora"), materiales y contenedores',
        params: ZPointIdParams,
        querystring: ZPointDetailQuery,
        response: { 200: ZPointDetailResponse, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const at = request.query.at ? new Date(request.query.at) : new Date();
      const data = await points.getPointDetail(app.db, request.params.id, at);
      reply.header('cache-control', 'no-cache');
      return { data };
    },
  );

  app.get(
    `${POINTS_PATH}/:id/containers`,
    {
      config: POINT_MANAGERS,
      schema: {
        tags: TAGS,
        operationId: 'containers.list',
        summary: 'Contenedores de un punto (su responsable o un administrador)',
        security: [{ bearer: [] }],
        params: ZPointIdParams,
        response: { 200: ZContainersResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireManagerOrAdmin(request);
      reply.header('cache-control', 'no-store');
      const containers = await points.listContainers(app.db, user, request.params.id);
      const marks = await openFullReportsByContainer(app.db, containers.map((c) => c.id));
      return { data: containers.map((c) => ({ ...c, full_reports: marks.get(c.id) ?? 0 })) };
    },
  );

  app.patch(
    `${POINTS_PATH}/:id/containers/:containerId`,
    {
      config: POINT_MANAGERS,
      preValidation: mustManagePoint,
      schema: {
        tags: TAGS,
        operationId: 'containers.update',
        summary: 'Actualiza el nivel de llenado o el estado de un contenedor',
        security: [{ bearer: [] }],
        params: ZContainerParams,
        body: ZUpdateContainerRequest,
        response: { 200: ZContainerResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireManagerOrAdmin(request);
      const { id, containerId } = request.params;
      return { data: await points.updateContainer(app.db, user, id, containerId, request.body) };
    },
  );

  app.post(
    `${POINTS_PATH}/:id/containers/:containerId/emptyings`,
    {
      config: POINT_MANAGERS,
      preValidation: mustManagePoint,
      schema: {
        tags: TAGS,
        operationId: 'containers.recordEmptying',
        summary: 'Registra un vaciado del contenedor (kg del material retirados)',
        security: [{ bearer: [] }],
        params: ZContainerParams,
        body: ZEmptyingRequest,
        response: { 201: ZContainerResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireManagerOrAdmin(request);
      const { id, containerId } = request.params;
      const data = await points.recordEmptying(app.db, user, id, containerId, request.body);
      return reply.code(201).send({ data });
    },
  );

  app.get(
    `${POINTS_PATH}/:id/containers/:containerId/readings`,
    {
      config: POINT_MANAGERS,
      schema: {
        tags: TAGS,
        operationId: 'containers.listReadings',
        summary: 'Historial de lecturas de llenado y vaciados de un contenedor',
        security: [{ bearer: [] }],
        params: ZContainerParams,
        querystring: ZReadingsQuery,
        response: { 200: ZContainerReadingsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireManagerOrAdmin(request);
      const { id, containerId } = request.params;
      reply.header('cache-control', 'no-store');
      return { data: await points.listReadings(app.db, user, id, containerId, request.query.limit) };
    },
  );

  // The back office's edits: admins only.
  await fastify.register(pointsAdminRoutes);
}

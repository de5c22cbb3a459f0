import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    reachable: z.boolean(),
    latency_ms: z.number().nullable(),
  }),
  version: z.string(),
  uptime_s: z.number(),
});
export type HealthResponse = z.infer<typeof ZHealthResponse>;

/** One dependency of the readiness probe: `not_configured` never fails it (Redis without REDIS_URL). */
export const ZReadinessCheckState = z.enum(['ok', 'failing', 'not_configured']);
export type ReadinessCheckState = z.infer<typeof ZReadinessCheckState>;

/** GET /back/api/health/ready: 200 `ready` only when every check is ok and the instance is not draining. */
export const ZReadinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    /** Every migration this build ships is applied to the database. */
    migrations: ZReadinessCheckState,
    database: ZReadinessCheckState,
    redis: ZReadinessCheckState,
    /** Where uploads go: DATA_DIR/files is writable, or the S3 bucket answers. */
    storage: ZReadinessCheckState,
  }),
  /** A shutdown began: the instance finishes what it has but takes no new work. */
  draining: z.boolean(),
});
export type ReadinessResponse = z.infer<typeof ZReadinessResponse>;

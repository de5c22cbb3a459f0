import { z } from 'zod';

/** Back-office home: what needs attention, each count leading to its list. */
export const ZAdminFullContainer = z.object({
  point_id: z.number().int(),
  point_name: z.string(),
  container_id: z.number().int(),
  material: z.string(),
  material_name: z.string(),
  fill_level: z.number().int(),
});
export type AdminFullContainer = z.infer<typeof ZAdminFullContainer>;

export const ZAdminDashboard = z.object({
  /** Open PQRs past their legal due date, and those due within the next business days. */
  pqr: z.object({ overdue: z.number().int(), due_soon: z.number().int() }),
  /** Pickup requests nobody has accepted or rejected yet. */
  requests_pending: z.number().int(),
  /** Incident reports still open (abierto, en revisión, programado). */
  reports_open: z.number().int(),
  /** Containers at or above the "lleno" level on active points: how many, and the fullest. */
  containers_full: z.number().int(),
  fullest: z.array(ZAdminFullContainer),
});
export type AdminDashboard = z.infer<typeof ZAdminDashboard>;

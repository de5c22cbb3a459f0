/**
 * The body of every error answer. Apart from the code catalogue (errors.ts) so that a page
 * needing only the catalogue does not load zod.
 */
import { z } from 'zod';

export const ZErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  /** Field errors, keyed by the offending field's path (e.g. `data_user.email`). */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ZErrorBody>;

import { z } from 'zod';
import { ZPublicBranding } from './branding.js';
import { dataOf } from './common.js';

/**
 * GET /back/api/v1/config: the few server settings the web app needs before anyone logs in.
 * `demo` drives the discreet demo banner; `tile_url` is the map's tile template; `branding` is
 * the scheme's brand. Answered with `no-cache`: a brand change shows on the next load.
 */

export const ZPublicConfig = z.object({
  /** True when the server runs with demo data (demo accounts, local outbox). */
  demo: z.boolean(),
  /** Slippy-map tile URL template (`{z}/{x}/{y}`), absolute or same-origin. */
  tile_url: z.string(),
  /** The scheme's name, logo, colour, contact and legal entity (staff set them in the back office). */
  branding: ZPublicBranding,
});
export type PublicConfig = z.infer<typeof ZPublicConfig>;

export const ZPublicConfigResponse = dataOf(ZPublicConfig);
export type PublicConfigResponse = z.infer<typeof ZPublicConfigResponse>;

/** Statistics' paths, apart from their schemas (statistics.ts). */

export const STATISTICS_PATH = '/back/api/v1/statistics';
export const ADMIN_STATISTICS_PATH = '/back/api/v1/admin/statistics';
export const ADMIN_IMPACT_FACTORS_PATH = '/back/api/v1/admin/impact-factors';

export const STATISTICS_PATHS = {
  /** GET: the caller's figures ("Mis cifras"). */
  me: `${STATISTICS_PATH}/me`,
  /** GET (public): the scheme's environmental impact. */
  impact: `${STATISTICS_PATH}/impact`,
  /** GET (public): the impact factors per material. */
  factors: `${STATISTICS_PATH}/factors`,
} as const;

/** PATCH (staff): one material's impact factor. */
export function impactFactorPath(code: string): string {
  return `${ADMIN_IMPACT_FACTORS_PATH}/${encodeURIComponent(code)}`;
}

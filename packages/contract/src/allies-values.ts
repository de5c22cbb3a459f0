/** Allies' paths, apart from their schemas (allies.ts). */

export const ALLIES_PATH = '/back/api/v1/allies';

export function allyPath(id: number): string {
  return `${ALLIES_PATH}/${id}`;
}

/** An ally's points of sale in the back office (staff). */
export function adminAllyPointsOfSalePath(allyId: number): string {
  return `/back/api/v1/admin/allies/${allyId}/points-of-sale`;
}

/** The points of sale of the ally the caller works for (the ally's own staff). */
export const MY_ALLY_POINTS_OF_SALE_PATH = '/back/api/v1/allies/mine/points-of-sale';

/** A published ally's points of sale (anyone). */
export function allyPointsOfSalePath(allyId: number): string {
  return `${ALLIES_PATH}/${allyId}/points-of-sale`;
}

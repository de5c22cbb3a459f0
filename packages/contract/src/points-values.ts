/** Points' and containers' paths, apart from their schemas (points.ts). */

export const POINTS_PATH = '/back/api/v1/points';
export const ADMIN_POINTS_PATH = '/back/api/v1/admin/points';

export const POINTS_PATHS = {
  list: POINTS_PATH,
  /** GET (public): points nearest a place. */
  near: `${POINTS_PATH}/near`,
  /** GET (public): the map's clusters of a viewport. */
  clusters: `${POINTS_PATH}/clusters`,
  /** GET: the points the caller manages. */
  mine: `${POINTS_PATH}/mine`,
} as const;

export function pointPath(id: number): string {
  return `${POINTS_PATH}/${id}`;
}

/** PATCH: a container's fill level or state. */
export function containerPath(pointId: number, containerId: number): string {
  return `${pointPath(pointId)}/containers/${containerId}`;
}

/** GET: a container's latest readings. */
export function containerReadingsPath(pointId: number, containerId: number): string {
  return `${containerPath(pointId, containerId)}/readings`;
}

/** POST: records that a container was emptied. */
export function containerEmptyingsPath(pointId: number, containerId: number): string {
  return `${containerPath(pointId, containerId)}/emptyings`;
}

/** GET (staff): one point with its containers. */
export function adminPointPath(id: number): string {
  return `${ADMIN_POINTS_PATH}/${id}`;
}

/** The map's filters as query parameters (shared by the clusters and the nearest-points calls). */
export type PointFilters = {
  materials: string[];
  q: string;
  openNow: boolean;
};

export const NO_FILTERS: PointFilters = { materials: [], q: '', openNow: false };

export function filterParams(f: PointFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.materials.length) p.set('materials', [...f.materials].sort().join(','));
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.openNow) p.set('open_now', 'true');
  return p;
}

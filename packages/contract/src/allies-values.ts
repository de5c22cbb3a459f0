/** Allies' paths, apart from their schemas (allies.ts). */

export const ALLIES_PATH = '/back/api/v1/allies';

export function allyPath(id: number): string {
  return `${ALLIES_PATH}/${id}`;
}

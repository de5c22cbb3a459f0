/** `%text%` for a case-insensitive LIKE (compare with lower(column)), with the user's own `\`, `%` and `_` taken literally (`escape '\'`). */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

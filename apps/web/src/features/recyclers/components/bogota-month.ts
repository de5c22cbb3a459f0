/** This month in Bogotá (UTC−5, no daylight saving), YYYY-MM; `back` months earlier. */
export function bogotaMonth(now = new Date(), back = 0): string {
  const day = new Date(now.getTime() - 5 * 3_600_000);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}

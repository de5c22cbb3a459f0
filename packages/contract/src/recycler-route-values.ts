/**
 * Recyclers' routes: what happened at a stop and why, without zod, so Mi ruta de hoy reads them
 * without loading the schemas.
 */

export const STOP_OUTCOMES = ['recogido', 'no-estaba'] as const;
export type StopOutcome = (typeof STOP_OUTCOMES)[number];
/** Why nobody handed the material over. */
export const STOP_MISS_REASONS = ['nadie-en-casa', 'sin-material', 'direccion-no-encontrada', 'otro'] as const;
export type StopMissReason = (typeof STOP_MISS_REASONS)[number];
export const STOP_MISS_REASON_LABELS_ES: Record<StopMissReason, string> = {
  'nadie-en-casa': 'No había nadie',
  'sin-material': 'El material no estaba listo',
  'direccion-no-encontrada': 'No encontré la dirección',
  otro: 'Otro motivo',
};

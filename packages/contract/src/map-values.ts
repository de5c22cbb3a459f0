/**
 * Plain values of the waste map (point kinds, bin colours and their display colours), kept
 * free of zod: the map's first screen imports them, and a module that also builds schemas would
 * pull the schema library into that screen's JavaScript (~40 ms of start-up work on a
 * phone). `points.ts` and `materials.ts` build their schemas from these lists.
 */

/**
 * Bin colours of the national colour code (Resolución 2184 de 2019, Ministerio de Ambiente):
 * white = recyclables (aprovechables), black = non-recyclables, green = organic waste.
 * Post-consumer streams (pilas, RAEE...) go to their own take-back points: no household bin.
 */
export const BIN_COLORS = ['blanco', 'negro', 'verde'] as const;
export type BinColor = (typeof BIN_COLORS)[number];

/** Display colours of the bins (hex), for chips and legends. */
export const BIN_COLOR_HEX: Record<BinColor, string> = {
  blanco: '#ffffff',
  negro: '#1f1f1f',
  verde: '#2e7d32',
};

/** Kinds of waste point (DESIGN.md §3). */
export const POINT_KINDS = ['punto-limpio', 'eca', 'centro-acopio', 'contenedor-publico', 'punto-posconsumo'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

export const POINT_KIND_LABELS_ES: Record<PointKind, string> = {
  'punto-limpio': 'Punto limpio',
  eca: 'ECA (estación de clasificación y aprovechamiento)',
  'centro-acopio': 'Centro de acopio',
  'contenedor-publico': 'Contenedor público',
  'punto-posconsumo': 'Punto posconsumo',
};

/** Marker colours per kind on the map (each one passes 3:1 against the map and white text). */
export const POINT_KIND_COLORS: Record<PointKind, string> = {
  'punto-limpio': '#1b6e3a',
  eca: '#0b5c8c',
  'centro-acopio': '#6a3d9a',
  'contenedor-publico': '#8a4b08',
  'punto-posconsumo': '#b3261e',
};

/** A container's state as its point manager records it (app/tabs/points). */
export const CONTAINER_STATUSES = ['en-servicio', 'en-mantenimiento', 'fuera-de-servicio'] as const;
export type ContainerStatus = (typeof CONTAINER_STATUSES)[number];
export const CONTAINER_STATUS_LABELS_ES: Record<ContainerStatus, string> = {
  'en-servicio': 'En servicio',
  'en-mantenimiento': 'En mantenimiento',
  'fuera-de-servicio': 'Fuera de servicio',
};

/**
 * Where the waste map (/home) opens: Medellín, the demo city, at a zoom that shows a city. The
 * app's map starts here and the server draws the tiles of this view into /home's HTML
 * (page-frames.ts), so both must agree.
 */
export const MAP_DEFAULT_VIEW = { lat: 6.2442, lng: -75.5812, zoom: 12 } as const;

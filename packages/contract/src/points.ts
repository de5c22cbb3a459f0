import { z } from 'zod';
import { dataOf, pageOf, safeText, ZAdminText, ZInstant, ZOptionalAdminText, ZPageQuery } from './common.js';
import { ZMaterialCode } from './materials.js';
import { CONTAINER_STATUSES, POINT_KINDS } from './map-values.js';

export const ZPointKind = z.enum(POINT_KINDS);

/** The largest number of points one `GET points` answer carries (a viewport, not the country). */
export const POINTS_LIST_MAX = 5000;
/** `GET points/near` returns at most this many points. */
export const POINTS_NEAR_MAX = 50;

const number = (field: string) =>
  safeText()
    .regex(/^-?\d{1,3}(\.\d+)?$/, `${field} debe ser un número decimal`)
    .transform(Number);

export const ZLatitude = z.number().min(-90, 'Latitud fuera de rango').max(90, 'Latitud fuera de rango');
export const ZLongitude = z.number().min(-180, 'Longitud fuera de rango').max(180, 'Longitud fuera de rango');

/** `minLng,minLat,maxLng,maxLat` (the order of GeoJSON and OSM). */
export const ZBbox = safeText()
  .transform((value, ctx) => {
    const parts = value.split(',').map((p) => p.trim());
    const nums = parts.map((p) => (/^-?\d{1,3}(\.\d+)?$/.test(p) ? Number(p) : NaN));
    const [minLng, minLat, maxLng, maxLat] = nums;
    if (
      nums.length !== 4 ||
      minLng === undefined ||
      minLat === undefined ||
      maxLng === undefined ||
      maxLat === undefined ||
      nums.some((n) => Number.isNaN(n))
    ) {
      ctx.addIssue({ code: 'custom', message: 'bbox debe ser minLng,minLat,maxLng,maxLat (cuatro números)' });
      return z.NEVER;
    }
    if (minLng < -180 || maxLng > 180 || minLat < -90 || maxLat > 90) {
      ctx.addIssue({ code: 'custom', message: 'bbox fuera de rango: longitudes entre -180 y 180, latitudes entre -90 y 90' });
      return z.NEVER;
    }
    if (minLng > maxLng || minLat > maxLat) {
      ctx.addIssue({ code: 'custom', message: 'bbox invertido: el mínimo debe ser menor que el máximo' });
      return z.NEVER;
    }
    return { minLng, minLat, maxLng, maxLat };
  });
export type Bbox = { minLng: number; minLat: number; maxLng: number; maxLat: number };

/** Comma-separated list of material codes (`pilas,vidrio`). Unknown codes are a 400 from the server. */
const ZMaterialList = safeText()
  .max(1000)
  .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
  .pipe(z.array(ZMaterialCode).max(40));

const ZKindList = safeText()
  .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
  .pipe(z.array(ZPointKind));

const ZBoolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Filters shared by the list, the clusters and the nearest-points queries. */
const filters = {
  materials: ZMaterialList.optional(),
  kind: ZKindList.optional(),
  /** Free text: name, address, city or a material ("¿dónde reciclo pilas?"). */
  q: safeText().max(120, 'La búsqueda admite hasta 120 caracteres').optional(),
  open_now: ZBoolParam.optional(),
  /** The instant "open now" refers to (ISO 8601); defaults to the server's clock. */
  at: z.iso.datetime({ offset: true, message: 'at debe ser una fecha ISO 8601' }).optional(),
};

export const ZPointsQuery = z.object({ bbox: ZBbox, ...filters });
export type PointsQuery = z.infer<typeof ZPointsQuery>;
export type PointsFilters = Omit<PointsQuery, 'bbox'>;

/** One point on the map, as compact as it stays readable. */
export const ZPointMarker = z.object({
  id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  kind: ZPointKind,
  materials: z.array(z.string()),
});
export type PointMarker = z.infer<typeof ZPointMarker>;

export const ZPointsListResponse = dataOf(
  z.object({
    points: z.array(ZPointMarker),
    /** True when more than POINTS_LIST_MAX points matched: zoom in (or use points/clusters). */
    truncated: z.boolean(),
  }),
);
export type PointsListResponse = z.infer<typeof ZPointsListResponse>;

export const ZPointsClustersQuery = z.object({
  bbox: ZBbox,
  zoom: z.coerce.number({ message: 'zoom debe ser un número entero' }).int('zoom debe ser un número entero').min(0).max(22),
  ...filters,
});
export type PointsClustersQuery = z.infer<typeof ZPointsClustersQuery>;

export const ZPointCluster = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  /** Zoom at which this cluster splits apart (click to zoom there). */
  expansion_zoom: z.number().int(),
});
export type PointCluster = z.infer<typeof ZPointCluster>;

export const ZPointsClustersResponse = dataOf(
  z.object({
    zoom: z.number().int(),
    clusters: z.array(ZPointCluster),
    points: z.array(ZPointMarker),
    /** Points matching the filters in the whole index (not only the viewport). */
    total: z.number().int(),
  }),
);
export type PointsClustersResponse = z.infer<typeof ZPointsClustersResponse>;

export const ZPointsNearQuery = z.object({
  lat: number('lat').pipe(ZLatitude),
  lng: number('lng').pipe(ZLongitude),
  limit: z.coerce.number().int().min(1).max(POINTS_NEAR_MAX).default(10),
  ...filters,
});
export type PointsNearQuery = z.infer<typeof ZPointsNearQuery>;

export const ZPointSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: ZPointKind,
  address: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  materials: z.array(z.string()),
  /** null when the point publishes no (or unreadable) opening hours. */
  open_now: z.boolean().nullable(),
});
export type PointSummary = z.infer<typeof ZPointSummary>;

export const ZPointNear = ZPointSummary.extend({ distance_m: z.number().int() });
export type PointNear = z.infer<typeof ZPointNear>;
export const ZPointsNearResponse = dataOf(z.array(ZPointNear));
export type PointsNearResponse = z.infer<typeof ZPointsNearResponse>;

export const ZContainerStatus = z.enum(CONTAINER_STATUSES);
/** From this fill level a container counts as full (shown in red, asks for an emptying). */
export const CONTAINER_FULL_PERCENT = 90;

export const ZContainer = z.object({
  id: z.number().int(),
  point_id: z.number().int(),
  material: z.string(),
  capacity_l: z.number().int(),
  fill_level: z.number().int().min(0).max(100),
  status: ZContainerStatus,
  last_emptied_at: ZInstant.nullable(),
  updated_at: ZInstant,
  /** Open "contenedor lleno" reports on this container (managers' Contenedores view). */
  full_reports: z.number().int().optional(),
});
export type Container = z.infer<typeof ZContainer>;

export const ZPointDetail = ZPointSummary.extend({
  opening_hours: z.string().nullable(),
  /** Next instant the open/closed state changes (ISO 8601), null when unknown or never. */
  next_change: ZInstant.nullable(),
  phone: z.string().nullable(),
  photo_url: z.string().nullable(),
  operator: z.string().nullable(),
  /** manual | osm | demo | generated */
  source: z.string(),
  osm_id: z.string().nullable(),
  is_demo: z.boolean(),
  containers: z.array(ZContainer),
  updated_at: ZInstant,
});
export type PointDetail = z.infer<typeof ZPointDetail>;
export const ZPointDetailResponse = dataOf(ZPointDetail);
export const ZPointDetailQuery = z.object({ at: filters.at });

export const ZPointIdParams = z.object({ id: z.coerce.number().int().positive('id debe ser un entero positivo') });
export const ZContainerParams = ZPointIdParams.extend({
  containerId: z.coerce.number().int().positive('containerId debe ser un entero positivo'),
});

export const ZUpdateContainerRequest = z
  .object({
    fill_level: z.number().int('Usa un porcentaje entero').min(0, 'Mínimo 0 %').max(100, 'Máximo 100 %').optional(),
    status: ZContainerStatus.optional(),
  })
  .refine((v) => v.fill_level !== undefined || v.status !== undefined, {
    message: 'Indica el nivel de llenado o el estado',
    path: ['fill_level'],
  });
export type UpdateContainerRequest = z.infer<typeof ZUpdateContainerRequest>;

export const ZEmptyingRequest = z.object({
  /** Kilograms of the container's material taken away. */
  kg: z.number().positive('Los kilos deben ser mayores que 0').max(100000, 'Máximo 100.000 kg por vaciado'),
  /** Fill level after the emptying (usually 0). */
  fill_level_after: z.number().int().min(0).max(100).default(0),
});
export type EmptyingRequest = z.input<typeof ZEmptyingRequest>;

export const ZContainerReading = z.object({
  id: z.number().int(),
  container_id: z.number().int(),
  /** fill = a fill-level update; emptying = the container was emptied (kg taken away). */
  kind: z.enum(['fill', 'emptying']),
  fill_level: z.number().int(),
  kg: z.number().nullable(),
  user_name: z.string().nullable(),
  created_at: ZInstant,
});
export type ContainerReading = z.infer<typeof ZContainerReading>;

export const ZContainerResponse = dataOf(ZContainer);
export const ZContainersResponse = dataOf(z.array(ZContainer));
export const ZContainerReadingsResponse = dataOf(z.array(ZContainerReading));
export const ZReadingsQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** A point a manager runs, with its containers (app/tabs/points). */
export const ZManagedPoint = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: ZPointKind,
  address: z.string(),
  city: z.string(),
  containers: z.array(ZContainer),
});
export type ManagedPoint = z.infer<typeof ZManagedPoint>;
export const ZManagedPointsResponse = dataOf(z.array(ZManagedPoint));

/** Summary of an OSM import run (CLI `npm run import:osm`). */
export type OsmImportReport = {
  created: number;
  updated: number;
  unchanged: number;
  skipped: { osm_id: string; reason: string }[];
};

// ---- Points and containers (the points feature owns the tables; this is their back office) ----


export const ZAdminPointInput = z.object({
  name: ZAdminText(3, 120, 'Escribe el nombre del punto (al menos 3 caracteres)'),
  kind: ZPointKind,
  address: ZAdminText(3, 200, 'Escribe la dirección'),
  city: ZAdminText(2, 80, 'Escribe el municipio'),
  lat: ZLatitude,
  lng: ZLongitude,
  /** OSM `opening_hours` syntax, e.g. `Mo-Fr 08:00-17:00; Sa 08:00-12:00`. */
  opening_hours: ZOptionalAdminText(300),
  phone: ZOptionalAdminText(40),
  operator: ZOptionalAdminText(120),
  materials: z.array(ZMaterialCode).min(1, 'Elige al menos un material').max(60),
  active: z.boolean().default(true),
});
export type AdminPointInput = z.input<typeof ZAdminPointInput>;

export const ZAdminPointManager = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** A point as the back office lists it: the public summary (without "open now") and its admin fields. */
export const ZAdminPoint = ZPointSummary.omit({ open_now: true }).extend({
  opening_hours: z.string().nullable(),
  phone: z.string().nullable(),
  operator: z.string().nullable(),
  active: z.boolean(),
  source: z.string(),
  managers: z.array(ZAdminPointManager),
  containers_count: z.number().int(),
  updated_at: z.string(),
});
export type AdminPoint = z.infer<typeof ZAdminPoint>;

export const ZAdminPointListQuery = ZPageQuery.extend({
  q: safeText().max(100).optional(),
  kind: ZPointKind.optional(),
  active: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export type AdminPointListQuery = z.infer<typeof ZAdminPointListQuery>;
export const ZAdminPointList = pageOf(ZAdminPoint);
export type AdminPointList = z.infer<typeof ZAdminPointList>;

/** The point's managers: users of type 1 (Responsable del punto). */
export const ZAdminPointManagersInput = z.object({ user_ids: z.array(z.number().int().positive()).max(20) });

export const ZAdminContainerInput = z.object({
  material: ZMaterialCode,
  capacity_l: z.number().int().min(10, 'Mínimo 10 litros').max(100000),
  status: ZContainerStatus.default('en-servicio'),
  fill_level: z.number().int().min(0).max(100).default(0),
});
export type AdminContainerInput = z.input<typeof ZAdminContainerInput>;

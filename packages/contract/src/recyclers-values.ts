/**
 * Organisations of recicladores de oficio, their ECAs, routes and members: the codes of the
 * Superservicios' SUI annex (see docs/recyclers.md) and the app's own values, without zod, so the
 * web app's screens read labels and rules without loading the schemas.
 *
 * The SUI codes come from public descriptions of the annex (Resolución SSPD 20174000237705 de 2017
 * as amended) and must be checked against the official instructivo before a real filing.
 */

export const RECYCLERS_PATH = '/back/api/v1/recyclers';
/** A member's own scale tickets (Mis pesajes). */
export const RECYCLER_ME_PATH = '/back/api/v1/recyclers/me';
export const ADMIN_RECYCLERS_PATH = '/back/api/v1/admin/recyclers';
export const RECYCLER_VERIFICATIONS_PATH = '/back/api/v1/recycler-verifications';
/** The web page the QR on a recycler's id card opens. */
export const RECYCLER_VERIFY_WEB_ROUTE = '/verificar-reciclador';
/** A card's verification code: 16 URL-safe characters (96 random bits). */
export const RECYCLER_CARD_CODE_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/**
 * The formalisation regime an organisation is in: Decreto 596 de 2016 (phases 1–8, Resolución MVCT
 * 276 de 2016) or Decreto 1381 de 2024 (in force 15 January 2025, stages restarted). Stored as
 * data (framework + number); the labels below are what the screens show.
 */
export const RECYCLER_REGIMES = ['decreto-596-2016', 'decreto-1381-2024'] as const;
export type RecyclerRegime = (typeof RECYCLER_REGIMES)[number];
export const RECYCLER_REGIME_MAX_STAGE: Record<RecyclerRegime, number> = {
  'decreto-596-2016': 8,
  'decreto-1381-2024': 8,
};

/** Member id types with their SUI code (Relación de miembros, Balance de masas column 4). */
export const MEMBER_ID_TYPES = ['CC', 'CE', 'PP', 'NIT'] as const;
export type MemberIdType = (typeof MEMBER_ID_TYPES)[number];
export const MEMBER_ID_TYPE_SUI_CODE: Record<MemberIdType, number> = { CC: 1, CE: 2, PP: 3, NIT: 4 };

export const MEMBER_STATUSES = ['activo', 'suspendido', 'retirado'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * How a member moves material. Human-powered ones carry no plate (the annex leaves the plate
 * empty for carts); motorised ones must have one.
 */
export const VEHICLE_TYPES = [
  'ninguno',
  'carreta',
  'triciclo',
  'bicicleta',
  'motocarro',
  'motocicleta',
  'camion',
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const VEHICLES_WITH_PLATE: readonly VehicleType[] = ['motocarro', 'motocicleta', 'camion'];
export function vehicleNeedsPlate(type: string): boolean {
  return (VEHICLES_WITH_PLATE as readonly string[]).includes(type);
}
/** Colombian plates: cars ABC123, motorcycles ABC12D, motocarros 123ABC. */
export const PLATE_PATTERN = /^([A-Z]{3}\d{3}|[A-Z]{3}\d{2}[A-Z]|\d{3}[A-Z]{3})$/;
export function normalizePlate(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/** Registro de ECA: who owns the site (1 provider, 2 municipality, 3 department, 4 other). */
export const ECA_OWNERSHIP_CODES = [1, 2, 3, 4] as const;
/** Contract over the site: 1 written lease, 2 verbal lease, 3 comodato, 4 own, 5 other. */
export const ECA_CONTRACT_CODES = [1, 2, 3, 4, 5] as const;
/** ECA status: 1 operating, 2 inactive. */
export const ECA_STATUS_CODES = [1, 2] as const;

export const ROUTE_DAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;
export type RouteDay = (typeof ROUTE_DAYS)[number];

/** DANE DIVIPOLA municipality code: 5 digits, the first two the department. */
export const DANE_MUNICIPALITY_PATTERN = /^\d{5}$/;
/** SUI numbers (NUAP, NUECA, NUMACRO): digits. */
export const SUI_NUMBER_PATTERN = /^\d{1,15}$/;

/**
 * Youngest member the organisation may record: recycling is among the jobs forbidden to minors
 * (Resolución MinTrabajo 1796 de 2018, peores formas de trabajo infantil).
 */
export const MEMBER_MIN_AGE_YEARS = 18;

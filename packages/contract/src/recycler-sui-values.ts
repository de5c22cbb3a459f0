/**
 * The monthly SUI filing of an organisation of recicladores (spec/recicladores.md, "What the
 * organisation reports to the SUI"): the forms the app exports, their columns in the annex's
 * order, and the codes of the annex the app applies. Without zod, so screens read them cheaply.
 *
 * From public descriptions of the annex (Resolución SSPD 20174000237705 de 2017 as amended): the
 * README lists which parts were checked against the official instructivo and which are still to check.
 */
import type { MemberStatus, VehicleType } from './recyclers-values.js';

export const SUI_PATH = '/back/api/v1/sui';

/** The files of a month: the three monthly forms and the two registration files. */
export const SUI_FORMS = [
  'balance-masas',
  'toneladas-aprovechadas',
  'relacion-miembros',
  'registro-eca',
  'registro-macrorutas',
] as const;
export type SuiForm = (typeof SUI_FORMS)[number];

/** Column names in the annex's order (the files carry no header row: the SUI's bulk upload reads by position). */
export const SUI_FORM_COLUMNS: Record<SuiForm, readonly string[]> = {
  'balance-masas': [
    'NUECA',
    'NUMACRO',
    'Semana del mes',
    'Tipo de identificación del reciclador',
    'Número de identificación del reciclador',
    'Placa del vehículo',
    'Cantidad recibida (t)',
    'Material',
    'Rechazos (t)',
    'Destino de los rechazos',
    'Número SUI del sitio de destino',
  ],
  'toneladas-aprovechadas': [
    'NUECA',
    'Año',
    'Periodo',
    'Tipo de identificación del comprador',
    'Número de identificación del comprador',
    'Dígito de verificación',
    'Número de factura',
    'Fecha de factura',
    'CUFE',
    'Nombre del comprador',
    'Material',
    'Cantidad (kg)',
    'Cantidad (t)',
    'Valor por kg',
    'Valor antes de IVA',
    'IVA',
    'Valor con IVA',
    'Departamento de origen',
    'Municipio de origen',
    'Entregado a otra ECA',
    'Origen del residuo',
    'Área',
  ],
  'relacion-miembros': [
    'Tipo de identificación',
    'Número de identificación',
    'Nombre completo',
    'Estado',
    'Fecha de expedición del documento',
    'Fecha de nacimiento',
    'Dirección',
    'Teléfono',
    'Tipo de vehículo',
    'Placa',
    'Departamento',
    'Municipio',
  ],
  'registro-eca': [
    'NUAP',
    'Nombre',
    'Dirección',
    'Fecha de inicio de operación',
    'Longitud',
    'Latitud',
    'Propiedad del predio',
    'Contrato',
    'Capacidad (t/mes)',
    'Almacenamiento (m³)',
    'Almacenamiento (t)',
    'Uso del suelo compatible',
    'Tipo de uso del suelo',
    'Estado',
    'Fecha del estado',
  ],
  'registro-macrorutas': ['NUAP', 'NUMACRO', 'Nombre'],
};

/** Id types (Relación de miembros, Balance de masas column 4; buyers too): 1 CC, 2 CE, 3 pasaporte, 4 NIT. */
export const SUI_ID_TYPE_CODE: Record<string, number> = { CC: 1, CE: 2, PP: 3, NIT: 4 };
/** Member status in Relación de miembros. */
export const SUI_MEMBER_STATUS_CODE: Record<MemberStatus, number> = { activo: 1, suspendido: 2, retirado: 3 };
/** Vehicle type in Relación de miembros. */
export const SUI_VEHICLE_CODE: Record<VehicleType, number> = {
  ninguno: 1,
  carreta: 2,
  triciclo: 3,
  bicicleta: 4,
  motocarro: 5,
  motocicleta: 6,
  camion: 7,
};
/** Balance de masas column 10: 1 landfill, 2 transfer station. */
export const SUI_REJECT_DESTINATION_CODES = [1, 2] as const;
/** Toneladas aprovechadas: origin of the waste (1 non-metered subscribers, 2 metered, 3 other). */
export const SUI_WASTE_ORIGIN_CODES = [1, 2, 3] as const;
/** Toneladas aprovechadas: 1 rural, 2 urban. */
export const SUI_AREA_CODES = [1, 2] as const;
/** Yes / no fields (delivered to another ECA, land use compatible): 1 yes, 2 no. */
export const SUI_YES = 1;
export const SUI_NO = 2;

/** What the SUI's validator would refuse, found before export. */
export const SUI_ISSUE_KINDS = [
  'member-id',
  'member-plate',
  'ticket-macro-route',
  'rejects-over-quantity',
  'material-unmapped',
  'sale-cufe',
  'eca-nueca',
  'eca-service-area',
  'macro-service-area',
  'settings-rejects',
] as const;
export type SuiIssueKind = (typeof SUI_ISSUE_KINDS)[number];

/** YYYY-MM. */
export const SUI_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Week of the month, 1–5: days 1–7 are week 1, … 29–31 week 5. */
export function suiWeekOfMonth(day: string): number {
  return Math.min(5, Math.ceil(Number(day.slice(8, 10)) / 7));
}

/** Tonnes from kilos, up to 4 decimals, with a dot and no trailing zeros ("0.0035", "12", "1.25"). */
export function suiTonnes(kg: number): string {
  return formatSuiDecimal(kg / 1000, 4);
}

/** A decimal with a dot, at most `decimals` places, no trailing zeros, never "-0". */
export function formatSuiDecimal(n: number, decimals: number): string {
  const fixed = (Math.round(n * 10 ** decimals) / 10 ** decimals).toFixed(decimals);
  const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

/** Dates in the files: DD-MM-AAAA. */
export function suiDate(isoDay: string | null): string {
  if (!isoDay) return '';
  const [y, m, d] = isoDay.slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
}

/** Share of rejects a macro-route may have for the tariff's incentive (CRA 720 de 2015): 20 %. */
export const REJECTION_RATE_LIMIT = 0.2;
/** Scales whose verification expires within this many days are listed on the dashboard. */
export const SCALE_EXPIRY_WARNING_DAYS = 30;

import { z } from 'zod';
import { dataOf, safeText } from './common.js';
import { parseDocumentNumber } from './colombian-formats.js';
import { ZEmail, ZNit, ZPhone } from './identity-fields.js';
import {
  DANE_MUNICIPALITY_PATTERN,
  ECA_CONTRACT_CODES,
  ECA_OWNERSHIP_CODES,
  ECA_STATUS_CODES,
  MEMBER_ID_TYPES,
  MEMBER_MIN_AGE_YEARS,
  MEMBER_STATUSES,
  PLATE_PATTERN,
  RECYCLER_REGIME_MAX_STAGE,
  RECYCLER_REGIMES,
  ROUTE_DAYS,
  SUI_NUMBER_PATTERN,
  VEHICLE_TYPES,
  normalizePlate,
  vehicleNeedsPlate,
} from './recyclers-values.js';
import { isCalendarDate } from './requests.js';

export * from './recyclers-values.js';

/**
 * Organisations of recicladores de oficio (spec/recicladores.md): the organisation with its NIT,
 * SUI/RUPS id and formalisation regime; its service areas (NUAP), ECAs (waste points of kind ECA
 * with the SUI annex's fields), macro-routes (NUMACRO) and micro-routes; its members and their id
 * cards. Staff create organisations and name coordinators (point managers of its ECAs); the
 * coordinators run the rest.
 */

const MSG = {
  name: 'Escribe el nombre (entre 3 y 160 caracteres).',
  rups: 'El número de RUPS / SUI tiene solo dígitos (hasta 15).',
  regime: 'Elige el régimen: Decreto 596 de 2016 o Decreto 1381 de 2024.',
  stage: 'Elige la fase o etapa del régimen.',
  sui: 'Escribe el número del SUI: solo dígitos, hasta 15.',
  dane: 'Escribe el código DANE del municipio: 5 dígitos (por ejemplo 05001 para Medellín).',
  date: 'Escribe la fecha como AAAA-MM-DD.',
  time: 'Escribe la hora como HH:MM (24 horas).',
  days: 'Elige al menos un día de la semana, sin repetir.',
  km: 'Escribe los kilómetros de la ruta: más de 0 y hasta 500.',
  endAfterStart: 'La hora de fin debe ser posterior a la de inicio.',
  idType: 'Elige el tipo de documento: CC, CE, pasaporte o NIT.',
  idNumber: 'Revisa el número de documento (el NIT con su dígito de verificación).',
  birthDate: `Revisa la fecha de nacimiento: el miembro debe tener al menos ${MEMBER_MIN_AGE_YEARS} años.`,
  issueDate: 'La fecha de expedición del documento debe ser posterior al nacimiento y no futura.',
  address: 'Escribe la dirección (hasta 200 caracteres).',
  vehicle: 'Elige el tipo de vehículo.',
  plateRequired: 'Este vehículo lleva placa: escríbela (por ejemplo ABC123 o 123ABC).',
  plateForbidden: 'Las carretas, triciclos y bicicletas no llevan placa: deja el campo vacío.',
  plate: 'La placa no es válida (por ejemplo ABC123, ABC12D o 123ABC).',
  status: 'Elige el estado: activo, suspendido o retirado.',
  consent: 'Confirma que el miembro autorizó el tratamiento de sus datos (Ley 1581 de 2012).',
  capacity: 'Escribe un número mayor o igual a 0.',
  code: (values: readonly number[]) => `Elige uno de los códigos del SUI: ${values.join(', ')}.`,
} as const;

const ZName = safeText({ error: MSG.name }).min(3, { error: MSG.name }).max(160, { error: MSG.name });
const ZSuiNumber = safeText({ error: MSG.sui }).regex(SUI_NUMBER_PATTERN, { error: MSG.sui });
const ZDane = safeText({ error: MSG.dane }).regex(DANE_MUNICIPALITY_PATTERN, { error: MSG.dane });
const ZDate = safeText({ error: MSG.date }).refine(isCalendarDate, { error: MSG.date });
const ZTime = safeText({ error: MSG.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MSG.time });
const ZAmount = z
  .number({ error: MSG.capacity })
  .min(0, { error: MSG.capacity })
  .max(1_000_000, { error: MSG.capacity });
const codeOf = (values: readonly [number, ...number[]]) =>
  z
    .number({ error: MSG.code(values) })
    .int({ error: MSG.code(values) })
    .refine((v) => values.includes(v), { error: MSG.code(values) });

// ---- organisations ----

const ZRegimeFields = z.object({
  regime: z.enum(RECYCLER_REGIMES, { error: MSG.regime }),
  regime_stage: z.number({ error: MSG.stage }).int({ error: MSG.stage }).min(1, { error: MSG.stage }),
});

function checkStage(
  value: { regime?: keyof typeof RECYCLER_REGIME_MAX_STAGE; regime_stage?: number },
  ctx: z.RefinementCtx,
) {
  if (
    value.regime &&
    value.regime_stage !== undefined &&
    value.regime_stage > RECYCLER_REGIME_MAX_STAGE[value.regime]
  ) {
    ctx.addIssue({ code: 'custom', path: ['regime_stage'], message: MSG.stage });
  }
}

export const ZOrganizationCreate = z
  .object({
    name: ZName,
    nit: ZNit,
    rups_id: safeText({ error: MSG.rups })
      .regex(SUI_NUMBER_PATTERN, { error: MSG.rups })
      .nullish()
      .transform((v) => v ?? null),
  })
  .extend(ZRegimeFields.shape)
  .superRefine(checkStage);
export type OrganizationCreate = z.infer<typeof ZOrganizationCreate>;

export const ZOrganizationUpdate = z
  .object({
    name: ZName,
    nit: ZNit,
    rups_id: safeText({ error: MSG.rups }).regex(SUI_NUMBER_PATTERN, { error: MSG.rups }).nullable(),
  })
  .extend(ZRegimeFields.shape)
  .partial()
  .superRefine((v, ctx) => {
    if ((v.regime === undefined) !== (v.regime_stage === undefined))
      ctx.addIssue({ code: 'custom', path: ['regime_stage'], message: 'Envía el régimen y su fase juntos.' });
    checkStage(v, ctx);
  });
export type OrganizationUpdate = z.infer<typeof ZOrganizationUpdate>;

export const ZCoordinatorAssign = z.object({ email: ZEmail });
export type CoordinatorAssign = z.infer<typeof ZCoordinatorAssign>;

export const ZPerson = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const ZServiceAreaCreate = z.object({
  nuap: ZSuiNumber,
  name: ZName,
  municipality_dane: ZDane,
});
export type ServiceAreaCreate = z.infer<typeof ZServiceAreaCreate>;
export const ZServiceArea = z.object({
  id: z.number().int(),
  nuap: z.string(),
  name: z.string(),
  municipality_dane: z.string(),
});
export type ServiceArea = z.infer<typeof ZServiceArea>;

// ---- ECAs ----

export const ZEcaLink = z.object({ point_id: z.number({ error: 'Elige el punto ECA.' }).int().positive() });
export type EcaLink = z.infer<typeof ZEcaLink>;

/** The SUI annex's Registro de ECA fields the app keeps (every one may be filled in later). */
export const ZEcaUpdate = z.object({
  nueca: ZSuiNumber.nullable(),
  service_area_id: z.number().int().positive().nullable(),
  operation_start: ZDate.nullable(),
  ownership: codeOf(ECA_OWNERSHIP_CODES).nullable(),
  contract: codeOf(ECA_CONTRACT_CODES).nullable(),
  capacity_t_month: ZAmount.nullable(),
  storage_m3: ZAmount.nullable(),
  storage_t: ZAmount.nullable(),
  land_use_compatible: z.boolean({ error: 'Indica si el uso del suelo es compatible (sí o no).' }).nullable(),
  land_use_kind: safeText().max(120, { error: 'Describe el uso del suelo en menos de 120 caracteres.' }).nullable(),
  status: codeOf(ECA_STATUS_CODES),
  status_date: ZDate.nullable(),
});
export type EcaUpdate = z.infer<typeof ZEcaUpdate>;

export const ZEca = z.object({
  point_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  nueca: z.string().nullable(),
  service_area_id: z.number().int().nullable(),
  operation_start: z.string().nullable(),
  ownership: z.number().int().nullable(),
  contract: z.number().int().nullable(),
  capacity_t_month: z.number().nullable(),
  storage_m3: z.number().nullable(),
  storage_t: z.number().nullable(),
  land_use_compatible: z.boolean().nullable(),
  land_use_kind: z.string().nullable(),
  status: z.number().int(),
  status_date: z.string().nullable(),
});
export type Eca = z.infer<typeof ZEca>;

// ---- routes ----

export const ZMacroRouteCreate = z.object({
  numacro: ZSuiNumber,
  name: ZName,
  service_area_id: z.number().int().positive().nullable().default(null),
});
export type MacroRouteCreate = z.infer<typeof ZMacroRouteCreate>;

export const ZMicroRouteCreate = z
  .object({
    name: ZName,
    days: z
      .array(z.enum(ROUTE_DAYS, { error: MSG.days }), { error: MSG.days })
      .min(1, { error: MSG.days })
      .refine((d) => new Set(d).size === d.length, { error: MSG.days }),
    start_time: ZTime,
    end_time: ZTime,
    km: z.number({ error: MSG.km }).gt(0, { error: MSG.km }).max(500, { error: MSG.km }),
    eca_point_id: z.number().int().positive().nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.end_time <= v.start_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: MSG.endAfterStart });
  });
export type MicroRouteCreate = z.infer<typeof ZMicroRouteCreate>;

export const ZMicroRoute = z.object({
  id: z.number().int(),
  name: z.string(),
  days: z.array(z.enum(ROUTE_DAYS)),
  start_time: z.string(),
  end_time: z.string(),
  km: z.number(),
  eca_point_id: z.number().int().nullable(),
});
export type MicroRoute = z.infer<typeof ZMicroRoute>;

export const ZMacroRoute = z.object({
  id: z.number().int(),
  numacro: z.string(),
  name: z.string(),
  service_area_id: z.number().int().nullable(),
  micro_routes: z.array(ZMicroRoute),
});
export type MacroRoute = z.infer<typeof ZMacroRoute>;

// ---- the organisation as read ----

export const ZOrganizationSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  nit: z.string(),
  rups_id: z.string().nullable(),
  regime: z.enum(RECYCLER_REGIMES),
  regime_stage: z.number().int(),
  eca_count: z.number().int(),
  member_count: z.number().int(),
  coordinators: z.array(ZPerson),
});
export type OrganizationSummary = z.infer<typeof ZOrganizationSummary>;

export const ZOrganization = ZOrganizationSummary.extend({
  service_areas: z.array(ZServiceArea),
  ecas: z.array(ZEca),
  macro_routes: z.array(ZMacroRoute),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Organization = z.infer<typeof ZOrganization>;

// ---- members ----

/** Whole years between a YYYY-MM-DD birth date and a YYYY-MM-DD day. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

function todayInBogota(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
}

const memberFields = {
  id_type: z.enum(MEMBER_ID_TYPES, { error: MSG.idType }),
  id_number: safeText({ error: MSG.idNumber }).min(1, { error: MSG.idNumber }).max(30, { error: MSG.idNumber }),
  name: ZName,
  birth_date: ZDate,
  id_issue_date: ZDate,
  phone: ZPhone.nullable(),
  address: safeText({ error: MSG.address }).max(200, { error: MSG.address }).nullable(),
  municipality_dane: ZDane,
  vehicle_type: z.enum(VEHICLE_TYPES, { error: MSG.vehicle }),
  plate: safeText({ error: MSG.plate }).transform(normalizePlate).nullable(),
  status: z.enum(MEMBER_STATUSES, { error: MSG.status }),
  photo_id: safeText().max(64).nullable(),
  /** An existing account of the member (with a phone of their own), by its e-mail. */
  account_email: ZEmail.nullable(),
};

type MemberShape = {
  id_type?: string;
  id_number?: string;
  birth_date?: string;
  id_issue_date?: string;
  vehicle_type?: string;
  plate?: string | null;
};

/** Cross-field rules of a member, for a new one and for the merged result of a change. */
export function memberIssues(v: MemberShape): Array<{ path: string; message: string }> {
  const out: Array<{ path: string; message: string }> = [];
  if (v.id_type !== undefined && v.id_number !== undefined && parseDocumentNumber(v.id_type, v.id_number) === null)
    out.push({ path: 'id_number', message: MSG.idNumber });
  if (v.id_type === 'NIT' && v.id_number !== undefined && !/-\d$/.test(parseDocumentNumber('NIT', v.id_number) ?? ''))
    out.push({ path: 'id_number', message: MSG.idNumber });
  const today = todayInBogota();
  if (v.birth_date !== undefined && ageOn(v.birth_date, today) < MEMBER_MIN_AGE_YEARS)
    out.push({ path: 'birth_date', message: MSG.birthDate });
  if (v.birth_date !== undefined && ageOn(v.birth_date, today) > 110)
    out.push({ path: 'birth_date', message: MSG.birthDate });
  if (
    v.id_issue_date !== undefined &&
    (v.id_issue_date > today || (v.birth_date !== undefined && v.id_issue_date <= v.birth_date))
  )
    out.push({ path: 'id_issue_date', message: MSG.issueDate });
  if (v.vehicle_type !== undefined) {
    const plate = v.plate ?? null;
    if (vehicleNeedsPlate(v.vehicle_type) && !plate) out.push({ path: 'plate', message: MSG.plateRequired });
    else if (!vehicleNeedsPlate(v.vehicle_type) && plate) out.push({ path: 'plate', message: MSG.plateForbidden });
    else if (plate && !PLATE_PATTERN.test(plate)) out.push({ path: 'plate', message: MSG.plate });
  }
  return out;
}

export const ZMemberCreate = z
  .object({
    ...memberFields,
    phone: memberFields.phone.default(null),
    address: memberFields.address.default(null),
    plate: memberFields.plate.default(null),
    status: memberFields.status.default('activo'),
    photo_id: memberFields.photo_id.default(null),
    account_email: memberFields.account_email.default(null),
    // Checked with the other rules below, so one answer names every wrong field.
    data_consent: z.unknown().describe('true: el miembro autorizó el tratamiento de sus datos (Ley 1581 de 2012)'),
  })
  .superRefine((v, ctx) => {
    if (v.data_consent !== true) ctx.addIssue({ code: 'custom', path: ['data_consent'], message: MSG.consent });
    for (const issue of memberIssues(v)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type MemberCreate = z.infer<typeof ZMemberCreate>;

/** A change: any field; the merged member must still follow the rules (checked by the server). */
export const ZMemberUpdate = z.object(memberFields).partial();
export type MemberUpdate = z.infer<typeof ZMemberUpdate>;

export const ZMember = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  id_type: z.enum(MEMBER_ID_TYPES),
  id_number: z.string(),
  name: z.string(),
  birth_date: z.string(),
  id_issue_date: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  municipality_dane: z.string(),
  vehicle_type: z.enum(VEHICLE_TYPES),
  plate: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  photo_id: z.string().nullable(),
  photo_url: z.string().nullable(),
  account: ZPerson.nullable(),
  consent_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Member = z.infer<typeof ZMember>;

export const ZMemberListQuery = z.object({
  q: safeText().max(80).optional(),
  status: z.enum(MEMBER_STATUSES, { error: MSG.status }).optional(),
});
export type MemberListQuery = z.infer<typeof ZMemberListQuery>;

/** What the printable id card shows: photo, name, document, organisation and the QR to check it. */
export const ZMemberCard = z.object({
  member_id: z.number().int(),
  name: z.string(),
  id_type: z.enum(MEMBER_ID_TYPES),
  id_number: z.string(),
  photo_url: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  organization: z.object({ id: z.number().int(), name: z.string(), nit: z.string() }),
  code: z.string(),
  verify_url: z.string(),
  qr_svg: z.string().describe('El QR de verify_url como SVG'),
});
export type MemberCard = z.infer<typeof ZMemberCard>;

/** The public check behind the card's QR: no personal data beyond name, photo and organisation. */
export const ZRecyclerVerification = z.object({
  status: z.enum(['valid', 'suspended']),
  name: z.string(),
  photo_url: z.string().nullable(),
  organization: z.string(),
});
export type RecyclerVerification = z.infer<typeof ZRecyclerVerification>;

// ---- params and responses ----

export const ZOrganizationParams = z.object({ id: z.coerce.number().int().positive() });
export const ZOrganizationUserParams = ZOrganizationParams.extend({ userId: z.coerce.number().int().positive() });
export const ZOrganizationPointParams = ZOrganizationParams.extend({ pointId: z.coerce.number().int().positive() });
export const ZOrganizationAreaParams = ZOrganizationParams.extend({ areaId: z.coerce.number().int().positive() });
export const ZOrganizationMacroParams = ZOrganizationParams.extend({ macroId: z.coerce.number().int().positive() });
export const ZOrganizationMicroParams = ZOrganizationMacroParams.extend({
  microId: z.coerce.number().int().positive(),
});
export const ZOrganizationMemberParams = ZOrganizationParams.extend({ memberId: z.coerce.number().int().positive() });
export const ZRecyclerCardCodeParams = z.object({ code: z.string().max(64) });

export const ZOrganizationResponse = dataOf(ZOrganization);
export const ZOrganizationListResponse = dataOf(z.array(ZOrganizationSummary));
export const ZMemberResponse = dataOf(ZMember);
export const ZMemberListResponse = dataOf(z.array(ZMember));
export const ZMemberCardResponse = dataOf(ZMemberCard);
export const ZRecyclerVerificationResponse = dataOf(ZRecyclerVerification);

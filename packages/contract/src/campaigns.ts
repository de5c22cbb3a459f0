import { z } from 'zod';
import { pageOf, safeMultilineText, safeText, ZPageQuery } from './common.js';
import { ZFileRef } from './files.js';
import { CAMPAIGN_STATUSES } from './content-values.js';

/** Campaigns: recycling campaigns people join. Status is derived from the dates. */
export const ZCampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof ZCampaignStatus>;

export const CAMPAIGN_STATUS_LABELS_ES: Record<CampaignStatus, string> = {
  ongoing: 'En curso',
  upcoming: 'Próximas',
  past: 'Finalizadas',
};

export const ZCampaign = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  image_id: z.string().nullable(),
  image_url: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: ZCampaignStatus,
  /** A waste point where it happens (links to map/{id}); null when only an address is given. */
  point_id: z.number().int().nullable(),
  place_name: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Material codes (materials catalogue). */
  materials: z.array(z.string()),
  organiser: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  participants_count: z.number().int(),
  /** Whether the caller joined ("inscrito"); false when logged out. */
  joined: z.boolean(),
  /** Points each participant whose attendance the organiser confirms earns once, after the campaign (0 = none). */
  reward_bonus_points: z.number().int(),
  /** Whether the organiser confirmed the caller attended; false when logged out. */
  attended: z.boolean(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof ZCampaign>;

export const ZCampaignListQuery = ZPageQuery.extend({
  status: ZCampaignStatus.optional(),
  q: safeText().max(100).optional(),
});
export type CampaignListQuery = z.infer<typeof ZCampaignListQuery>;

export const ZCampaignList = pageOf(ZCampaign);
export type CampaignList = z.infer<typeof ZCampaignList>;

const ZIsoInstant = z.iso.datetime({ offset: true, message: 'Usa una fecha y hora válidas' });
const optionalText = (max: number) =>
  safeText()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Admin create/replace of a campaign. */
export const ZCampaignInput = z
  .object({
    title: safeText().min(3, 'Escribe un título de al menos 3 caracteres').max(120),
    summary: safeMultilineText().min(10, 'Escribe un resumen de al menos 10 caracteres').max(280),
    body: safeMultilineText().max(5000).default(''),
    image_id: ZFileRef.nullish().transform((v) => v ?? null),
    starts_at: ZIsoInstant,
    ends_at: ZIsoInstant,
    point_id: z.number().int().positive().nullish().transform((v) => v ?? null),
    place_name: optionalText(120),
    address: optionalText(200),
    city: optionalText(80),
    lat: z.number().min(-90).max(90).nullish().transform((v) => v ?? null),
    lng: z.number().min(-180).max(180).nullish().transform((v) => v ?? null),
    materials: z.array(safeText().min(1).max(40)).max(30).default([]),
    organiser_ally_id: z.number().int().positive().nullish().transform((v) => v ?? null),
    reward_bonus_points: z
      .number({ error: 'Escribe los puntos del bono como un número entero (0 si no hay bono)' })
      .int('Escribe los puntos del bono como un número entero')
      .min(0, 'El bono no puede ser negativo')
      .max(100_000, 'El bono puede ser de hasta 100.000 puntos')
      .default(0),
    published: z.boolean().default(true),
  })
  .refine((c) => Date.parse(c.ends_at) > Date.parse(c.starts_at), {
    message: 'La fecha de fin debe ser posterior a la de inicio',
    path: ['ends_at'],
  })
  .refine((c) => (c.lat === null) === (c.lng === null), {
    message: 'Indica latitud y longitud juntas',
    path: ['lng'],
  });
export type CampaignInput = z.input<typeof ZCampaignInput>;
export type CampaignInputParsed = z.output<typeof ZCampaignInput>;

export const ZCampaignJoinResult = z.object({ joined: z.boolean(), participants_count: z.number().int() });
export type CampaignJoinResult = z.infer<typeof ZCampaignJoinResult>;

export const ZCampaignParticipant = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  joined_at: z.string(),
});
export type CampaignParticipant = z.infer<typeof ZCampaignParticipant>;

/** A participant as the organiser sees them when confirming attendance. */
export const ZCampaignAttendee = z.object({
  user_id: z.number().int(),
  name: z.string(),
  joined_at: z.string(),
  /** When the organiser confirmed they attended; null until then. */
  attended_at: z.string().nullable(),
});
export type CampaignAttendee = z.infer<typeof ZCampaignAttendee>;

export const ZCampaignAttendance = z.object({
  campaign: ZCampaign,
  /** True once the campaign is over: attendance can be confirmed (and the bonus earned) from then on. */
  can_confirm: z.boolean(),
  attendees: z.array(ZCampaignAttendee),
});
export type CampaignAttendance = z.infer<typeof ZCampaignAttendance>;

/** The organiser confirms who attended; confirming someone again changes nothing. */
export const ZCampaignAttendanceConfirm = z.object({
  user_ids: z
    .array(z.number({ error: 'Elige a las personas de la lista' }).int().positive(), { error: 'Elige a las personas de la lista' })
    .min(1, 'Marca al menos una persona que asistió')
    .max(1000, 'Confirma hasta 1.000 personas a la vez'),
});
export type CampaignAttendanceConfirm = z.infer<typeof ZCampaignAttendanceConfirm>;

export const ZCampaignAttendanceResult = z.object({
  /** People newly marked as attended by this call. */
  confirmed: z.number().int(),
  /** Bonus points booked by this call, all people together. */
  points_awarded: z.number().int(),
  attendance: ZCampaignAttendance,
});
export type CampaignAttendanceResult = z.infer<typeof ZCampaignAttendanceResult>;

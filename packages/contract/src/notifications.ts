import { z } from 'zod';
import { dataOf, pageOf, ZPageQuery } from './common.js';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from './notifications-values.js';

/** In-app notifications: records kept per user (title, body, link, read) and their delivery. */

// ---------------------------------------------------------------------------------------------
// Notification records: GET notifications, POST notifications/{id}/read, POST notifications/read-all
// ---------------------------------------------------------------------------------------------

export const ZNotification = z.object({
  id: z.number().int(),
  /** request | pqr | report | container | campaign | certificate | broadcast | general */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** An app path to open (`/app/tabs/request?id=12`), or null. */
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof ZNotification>;

export const ZNotificationListQuery = ZPageQuery.extend({
  unread: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').optional(),
});
export const ZNotificationList = pageOf(ZNotification).extend({ unread_count: z.number().int() });
export type NotificationList = z.infer<typeof ZNotificationList>;
export const ZNotificationListResponse = dataOf(ZNotificationList);
export const ZNotificationIdParams = z.object({ id: z.coerce.number().int().positive() });
export const ZNotificationResponse = dataOf(ZNotification);
export const ZNotificationsReadAllResponse = dataOf(z.object({ updated: z.number().int() }));

// ---------------------------------------------------------------------------------------------
// Push notifications: kinds, devices, the spec's calls, preferences, broadcasts
// ---------------------------------------------------------------------------------------------

export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof ZNotificationKind>;
export const ZNotificationChannel = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof ZNotificationChannel>;

const ZBase64Url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Debe ser base64url.');

/** A browser's PushSubscription.toJSON(). */
export const ZWebPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: ZBase64Url.min(20).max(200), auth: ZBase64Url.min(8).max(100) }),
});
export type WebPushSubscription = z.infer<typeof ZWebPushSubscription>;

/**
 * POST register-notifications {data}: registers this device for push. Idempotent: the same
 * subscription (or token) answers the same `player_id`. With a session the device is linked
 * to it at once; otherwise the app sends `player_id` as `playerId` on the next `clientes/login`.
 */
export const ZRegisterNotificationsData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('webpush'), subscription: ZWebPushSubscription }),
  z.object({ kind: z.enum(['fcm', 'apns']), token: z.string().min(20).max(4096) }),
]);
export type RegisterNotificationsData = z.infer<typeof ZRegisterNotificationsData>;
export const ZRegisterNotificationsRequest = z.object({ data: ZRegisterNotificationsData });
export type RegisterNotificationsRequest = z.infer<typeof ZRegisterNotificationsRequest>;
export const ZRegisteredDevice = z.object({
  /** Send it as `playerId` with `clientes/login`. */
  player_id: z.string(),
  kind: z.enum(['webpush', 'fcm', 'apns']),
  /** Linked to the caller's session now (false when registered before signing in). */
  linked: z.boolean(),
});
export type RegisteredDevice = z.infer<typeof ZRegisteredDevice>;
export const ZRegisterNotificationsResponse = dataOf(ZRegisteredDevice);

/** POST get-notifications-by-user {data}: my notifications, newest first, paged, unread count. */
export const ZGetNotificationsByUserRequest = z.object({
  data: z
    .object({
      page: z.number().int().min(1).default(1),
      page_size: z.number().int().min(1).max(100).default(20),
      unread: z.boolean().optional(),
    })
    .default({ page: 1, page_size: 20 }),
});

/** The VAPID public key the browser subscribes with. */
export const ZPushKey = z.object({ public_key: z.string(), fcm: z.boolean() });
export const ZPushKeyResponse = dataOf(ZPushKey);

export const ZQuietHours = z.object({
  enabled: z.boolean(),
  start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Usa el formato HH:MM.'),
  end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Usa el formato HH:MM.'),
});
export type QuietHours = z.infer<typeof ZQuietHours>;
export const ZNotificationPreference = z.object({ kind: ZNotificationKind, push: z.boolean(), email: z.boolean() });
export type NotificationPreference = z.infer<typeof ZNotificationPreference>;
export const ZNotificationPreferences = z.object({
  items: z.array(ZNotificationPreference),
  quiet_hours: ZQuietHours,
});
export type NotificationPreferences = z.infer<typeof ZNotificationPreferences>;
export const ZNotificationPreferencesResponse = dataOf(ZNotificationPreferences);
export const ZUpdateNotificationPreferences = z.object({
  items: z.array(ZNotificationPreference).max(NOTIFICATION_KINDS.length).optional(),
  quiet_hours: ZQuietHours.optional(),
});
export type UpdateNotificationPreferences = z.infer<typeof ZUpdateNotificationPreferences>;

/** The service worker reports a click on a system notification (no session there: a signed token). */
export const ZPushClickRequest = z.object({ token: z.string().min(10).max(200) });

/** What the service worker receives (JSON, encrypted by the push service's protocol). */
export const ZPushPayload = z.object({
  id: z.number().int(),
  kind: ZNotificationKind,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  /** For PUSH_CLICK_PATH. */
  click: z.string(),
  /** The scheme's logo (same-origin URL), shown instead of the app's icon when staff set one. */
  icon: z.string().optional(),
});
export type PushPayload = z.infer<typeof ZPushPayload>;

// ---- staff broadcasts ----

export const ZBroadcastAudience = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }),
  z.object({ type: z.literal('tc_id'), tc_id: z.union([z.literal(1), z.literal(2), z.literal(3)]) }),
  z.object({ type: z.literal('city'), city: z.string().trim().min(2).max(80) }),
]);
export type BroadcastAudience = z.infer<typeof ZBroadcastAudience>;
export const ZCreateBroadcast = z.object({
  title: z.string().trim().min(3).max(120),
  body: z.string().trim().min(3).max(500),
  link: z
    .string()
    .regex(/^\/[A-Za-z0-9/_?=&.-]*$/, 'Usa una ruta de la app, por ejemplo /campaign.')
    .max(300)
    .nullable()
    .optional(),
  audience: ZBroadcastAudience,
  /** ISO instant; absent = now. */
  send_at: z.iso.datetime({ offset: true }).optional(),
});
export type CreateBroadcast = z.infer<typeof ZCreateBroadcast>;
export const ZDeliveryFigures = z.object({
  /** Push messages and e-mails written to the outbox. */
  queued: z.number().int(),
  /** Accepted by the push service (or the mail server). */
  delivered: z.number().int(),
  failed: z.number().int(),
  clicked: z.number().int(),
  /** Still waiting (quiet hours, retry). */
  pending: z.number().int(),
});
export type DeliveryFigures = z.infer<typeof ZDeliveryFigures>;
export const ZBroadcast = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  audience: ZBroadcastAudience,
  send_at: z.string(),
  status: z.enum(['scheduled', 'sent', 'cancelled']),
  /** Notification records written (one per user). */
  recipients: z.number().int(),
  figures: ZDeliveryFigures,
  created_at: z.string(),
});
export type Broadcast = z.infer<typeof ZBroadcast>;
export const ZBroadcastResponse = dataOf(ZBroadcast);

/** GET broadcasts/audience: how many a broadcast to this audience would reach now (the confirmation says it). */
export const ZBroadcastAudienceQuery = z.object({
  type: z.enum(['all', 'tc_id', 'city']),
  tc_id: z.coerce.number().int().min(1).max(3).optional(),
  city: z.string().trim().min(2).max(80).optional(),
});
export type BroadcastAudienceQuery = z.infer<typeof ZBroadcastAudienceQuery>;
export const ZBroadcastAudienceSize = z.object({
  /** Active accounts (not staff) that get the notification record. */
  users: z.number().int(),
  /** Their devices that get a push (registered, broadcast pushes not turned off). */
  push_devices: z.number().int(),
});
export type BroadcastAudienceSize = z.infer<typeof ZBroadcastAudienceSize>;
export const ZBroadcastAudienceSizeResponse = dataOf(ZBroadcastAudienceSize);

/** POST get-notifications {data}: staff: what was sent, filterable, with delivery figures. */
export const ZGetNotificationsRequest = z.object({
  data: z
    .object({
      kind: ZNotificationKind.optional(),
      /** Broadcasts to this audience type only. */
      audience: z.enum(['all', 'tc_id', 'city']).optional(),
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
      page: z.number().int().min(1).default(1),
      page_size: z.number().int().min(1).max(100).default(20),
    })
    .default({ page: 1, page_size: 20 }),
});
export const ZSentNotificationsReport = z.object({
  /** Per kind, in the date range: records written and their push/e-mail delivery figures. */
  by_kind: z.array(z.object({ kind: ZNotificationKind, records: z.number().int(), figures: ZDeliveryFigures })),
  broadcasts: pageOf(ZBroadcast),
});
export type SentNotificationsReport = z.infer<typeof ZSentNotificationsReport>;
export const ZSentNotificationsResponse = dataOf(ZSentNotificationsReport);

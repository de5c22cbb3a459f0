/**
 * Notifications' paths, kinds, channels and timings, apart from their schemas (notifications.ts)
 * so that the menu's unread count, loaded on every page, does not load zod.
 */
export const NOTIFICATIONS_PATH = '/back/api/v1/notifications';

/**
 * What a notification is about; preferences are kept per kind and channel. A record written
 * without a kind takes it from its link (`/app/tabs/reports...` → report), else `general`.
 */
export const NOTIFICATION_KINDS = ['request', 'pqr', 'report', 'container', 'campaign', 'certificate', 'broadcast', 'general'] as const;
export const NOTIFICATION_CHANNELS = ['push', 'email'] as const;

/** Quiet hours by default (Bogotá): pushes written then are held and sent when they end. */
export const QUIET_HOURS_DEFAULT = { enabled: true, start: '21:00', end: '07:00' } as const;
/** The day-before reminder of a campaign I joined goes out at this Bogotá time. */
export const CAMPAIGN_REMINDER_TIME = '18:00';

export const REGISTER_NOTIFICATIONS_PATH = '/back/api/register-notifications';
export const GET_NOTIFICATIONS_BY_USER_PATH = '/back/api/get-notifications-by-user';
export const GET_NOTIFICATIONS_PATH = '/back/api/get-notifications';
export const PUSH_KEY_PATH = '/back/api/v1/notifications/push-key';
export const NOTIFICATION_PREFERENCES_PATH = '/back/api/v1/notifications/preferences';
export const PUSH_CLICK_PATH = '/back/api/v1/notifications/push-click';
export const BROADCASTS_PATH = '/back/api/v1/admin/broadcasts';
export const BROADCAST_AUDIENCE_PATH = '/back/api/v1/admin/broadcasts/audience';

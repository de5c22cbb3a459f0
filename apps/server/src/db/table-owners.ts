/**
 * Which feature owns each table: only that feature's *.repository.ts names the table in a query
 * (eslint.config.js, boundaries/own-tables). Another feature reads or writes these rows through the
 * owner's *.service.ts. Tables owned by 'db' are shared infrastructure (settings, counters) reached
 * through db/ helpers; 'plugins' tables belong to a Fastify plugin.
 *
 * Keep one entry per table of `Database` in ./types.ts (a test checks the two agree). The lint rule
 * reads this file as text: one `table: 'feature',` entry per line.
 */
export const TABLE_OWNERS = {
  users: 'identity',
  sessions: 'identity',
  refresh_tokens: 'identity',
  auth_tokens: 'identity',
  devices: 'identity',
  consents: 'identity',
  phone_codes: 'identity',
  social_identities: 'social-auth',
  social_auth_requests: 'social-auth',
  social_tickets: 'social-auth',
  branch_invitations: 'branches',
  materials: 'materials',
  points: 'points',
  point_materials: 'points',
  point_managers: 'points',
  containers: 'points',
  container_readings: 'points',
  files: 'files',
  allies: 'allies',
  campaigns: 'campaigns',
  campaign_materials: 'campaigns',
  campaign_participants: 'campaigns',
  faq_items: 'content',
  audit_log: 'admin',
  pqr: 'pqr',
  pqr_event: 'pqr',
  pqr_attachment: 'pqr',
  pqr_upload: 'pqr',
  pqr_calendar_day: 'pqr',
  pickup_requests: 'requests',
  pickup_request_items: 'requests',
  pickup_request_photos: 'requests',
  pickup_request_events: 'requests',
  notifications: 'notifications',
  notification_deliveries: 'notifications',
  notification_preferences: 'notifications',
  notification_settings: 'notifications',
  notification_broadcasts: 'notifications',
  notification_jobs: 'notifications',
  events_tickets: 'realtime',
  impact_factors: 'statistics',
  scheme_monthly_kg: 'statistics',
  certificates: 'certificates',
  reports: 'reports',
  report_photos: 'reports',
  report_events: 'reports',
  report_followers: 'reports',
  report_categories: 'reports',
  open311_keys: 'open311',
  idempotency_keys: 'plugins',
  app_setting: 'db',
  sequences: 'db',
  webhook_endpoints: 'webhooks',
  webhook_events: 'webhooks',
  webhook_deliveries: 'webhooks',
  webhook_attempts: 'webhooks',
} as const;

export type TableName = keyof typeof TABLE_OWNERS;
export type TableOwner = (typeof TABLE_OWNERS)[TableName];

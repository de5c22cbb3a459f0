import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './2026_11_21_0001_foundation.js';
import * as m0002 from './2026_11_21_0002_identity.js';
import * as m0003 from './2026_11_21_0003_points.js';
import * as m0004 from './2026_11_21_0004_content.js';
import * as m0005 from './2026_11_21_0005_pqr.js';
import * as m0006 from './2026_11_21_0006_requests.js';
import * as m0007 from './2026_11_21_0007_social_auth.js';
import * as m0008 from './2026_11_21_0008_materials_admin.js';
import * as m0010 from './2026_11_26_0010_reports.js';
import * as m0011 from './2026_11_26_0011_statistics.js';
import * as m0012 from './2026_11_26_0012_push_notifications.js';
import * as m0013 from './2026_11_26_0013_phone_verification.js';
import * as m0015 from './2026_11_26_0015_idempotency.js';
import * as m0023 from './2026_11_26_0023_report_categories.js';
import * as m0030 from './2026_11_26_0030_scheme_monthly_kg.js';
import * as m0031 from './2026_11_26_0031_social_native_sign_in.js';
import * as m0032 from './2026_11_26_0032_verified_phone_unique.js';
import * as m0040 from './2026_12_02_0040_sequences.js';
import * as m0041 from './2026_12_02_0041_webhooks.js';
import * as m0042 from './2026_12_02_0042_audit_actor_label.js';
import * as m0045 from './2026_12_02_0045_rewards.js';
import * as m0050 from './2026_12_02_0050_mail_queue.js';
import * as m0052 from './2026_12_03_0052_must_change_password.js';
import * as m0054 from './2026_12_03_0054_recycler_organizations.js';
import * as m0055 from './2026_12_03_0055_recycler_members.js';
import * as m0056 from './2026_12_03_0056_recycler_scale_tickets.js';
import * as m0057 from './2026_12_03_0057_recycler_sales.js';
import * as m0058 from './2026_12_03_0058_reward_campaigns_branches.js';
import * as m0059 from './2026_12_03_0059_recycler_route_stops.js';
import * as m0060 from './2026_12_03_0060_sui_filings.js';
import * as m0063 from './2026_12_03_0063_ally_points_of_sale.js';
import * as m0064 from './2026_12_03_0064_recycler_stop_attempts.js';

/**
 * Every migration, in order. Names sort by date; add new ones at the end with the next
 * timestamp. A static list (not a folder scan) so bundlers and tsx treat them alike.
 */
const migrations: Record<string, Migration> = {
  '2026_11_21_0001_foundation': m0001,
  '2026_11_21_0002_identity': m0002,
  '2026_11_21_0003_points': m0003,
  '2026_11_21_0004_content': m0004,
  '2026_11_21_0005_pqr': m0005,
  '2026_11_21_0006_requests': m0006,
  '2026_11_21_0007_social_auth': m0007,
  '2026_11_21_0008_materials_admin': m0008,
  '2026_11_26_0010_reports': m0010,
  '2026_11_26_0011_statistics': m0011,
  '2026_11_26_0012_push_notifications': m0012,
  '2026_11_26_0013_phone_verification': m0013,
  '2026_11_26_0015_idempotency': m0015,
  '2026_11_26_0023_report_categories': m0023,
  '2026_11_26_0030_scheme_monthly_kg': m0030,
  '2026_11_26_0031_social_native_sign_in': m0031,
  '2026_11_26_0032_verified_phone_unique': m0032,
  '2026_12_02_0040_sequences': m0040,
  '2026_12_02_0041_webhooks': m0041,
  '2026_12_02_0042_audit_actor_label': m0042,
  '2026_12_02_0045_rewards': m0045,
  '2026_12_02_0050_mail_queue': m0050,
  '2026_12_03_0052_must_change_password': m0052,
  '2026_12_03_0054_recycler_organizations': m0054,
  '2026_12_03_0055_recycler_members': m0055,
  '2026_12_03_0056_recycler_scale_tickets': m0056,
  '2026_12_03_0057_recycler_sales': m0057,
  '2026_12_03_0058_reward_campaigns_branches': m0058,
  '2026_12_03_0059_recycler_route_stops': m0059,
  '2026_12_03_0060_sui_filings': m0060,
  '2026_12_03_0063_ally_points_of_sale': m0063,
  '2026_12_03_0064_recycler_stop_attempts': m0064,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

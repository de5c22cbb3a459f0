import { findAppSetting, writeAppSetting } from '../../db/app-settings.js';
import type { Executor } from '../../db/dialect.js';

/** The app_setting key of the scheme's brand (one JSON document). */
export const BRANDING_SETTING_KEY = 'branding';

export async function readStoredBranding(db: Executor): Promise<{ value: string; updated_at: string } | undefined> {
  return findAppSetting(db, BRANDING_SETTING_KEY);
}

export async function writeStoredBranding(db: Executor, json: string, at: string): Promise<void> {
  await writeAppSetting(db, BRANDING_SETTING_KEY, json, at);
}

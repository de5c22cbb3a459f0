import {
  DEFAULT_BRANDING,
  type Branding,
  type BrandingUpdate,
  type PublicBranding,
  type ZBrandingUpdate,
} from '@puntoverde/contract';
import type { z } from 'zod';
import { nowIso, type Db, type Executor } from '../../db/dialect.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { attachPublicFile, fileUrl } from '../files/files.service.js';
import * as repo from './branding.repository.js';

/**
 * The scheme's brand: its name (instead of "PuntoVerde"), logo, primary colour, contact and the
 * legal entity shown on certificates and in e-mails. One JSON document in app_setting; fields
 * missing from it take the defaults.
 */

type StoredBranding = Omit<z.output<typeof ZBrandingUpdate>, never>;

const DEFAULT_STORED: StoredBranding = {
  name: DEFAULT_BRANDING.name,
  logo_id: null,
  primary_color: DEFAULT_BRANDING.primary_color,
  contact_email: null,
  contact_phone: null,
  legal_name: null,
  legal_nit: null,
};

function logoUrl(logoId: string | null): string | null {
  // Logos are public files: their URL is stable and needs no signature.
  return logoId ? fileUrl('', { public_id: logoId, is_public: true }) : null;
}

export async function readBranding(db: Executor): Promise<Branding> {
  const row = await repo.readStoredBranding(db);
  let stored: StoredBranding = DEFAULT_STORED;
  if (row) {
    try {
      stored = { ...DEFAULT_STORED, ...(JSON.parse(row.value) as Partial<StoredBranding>) };
    } catch {
      stored = DEFAULT_STORED;
    }
  }
  return { ...stored, logo_url: logoUrl(stored.logo_id), updated_at: row?.updated_at ?? null };
}

export function publicBrandingOf(branding: Branding): PublicBranding {
  return {
    name: branding.name,
    logo_url: branding.logo_url,
    primary_color: branding.primary_color,
    contact_email: branding.contact_email,
    contact_phone: branding.contact_phone,
    legal_name: branding.legal_name,
    legal_nit: branding.legal_nit,
  };
}

/** Staff change the brand: the logo becomes a public file, and the audit log keeps before and after, in one transaction. */
export async function writeBranding(db: Db, actor: AuthUser, input: z.output<typeof ZBrandingUpdate>): Promise<Branding> {
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    const before = await readBranding(trx);
    await attachPublicFile(trx, input.logo_id, actor, 'logo_id');
    const stored: StoredBranding = { ...input };
    await repo.writeStoredBranding(trx, JSON.stringify(stored), at);
    const { updated_at: _u, logo_url: _l, ...beforeFields } = before;
    await recordAudit(trx, { actorId: actor.id, action: 'update', entity: 'setting', entityId: 'branding', before: beforeFields, after: stored });
  });
  return readBranding(db);
}

export type { BrandingUpdate };

/**
 * The brand as every part of the server reads it synchronously (pages, e-mails, PDFs, push):
 * loaded at start, again right after this instance saves a change, and at most `maxAgeMs` old
 * otherwise (another instance's change shows within that time).
 */
export type BrandingStore = {
  current(): PublicBranding;
  /** Changes whenever the brand does (pages built from it are cached under it). */
  version(): string;
  /** The brand, read again when older than `maxAgeMs`. */
  fresh(): Promise<PublicBranding>;
  refresh(): Promise<PublicBranding>;
};

export function createBrandingStore(db: Executor, options: { maxAgeMs?: number; now?: () => number } = {}): BrandingStore {
  const maxAgeMs = options.maxAgeMs ?? 5000;
  const now = options.now ?? Date.now;
  let value: PublicBranding = DEFAULT_BRANDING;
  let stamp = 'default';
  let loadedAt = -Infinity;
  let inFlight: Promise<PublicBranding> | null = null;
  const refresh = () =>
    (inFlight ??= readBranding(db)
      .then((branding) => {
        value = publicBrandingOf(branding);
        stamp = JSON.stringify(value);
        loadedAt = now();
        return value;
      })
      .finally(() => {
        inFlight = null;
      }));
  return {
    current: () => {
      // Served from memory; a stale value starts a background read for the next caller.
      if (now() - loadedAt > maxAgeMs) void refresh().catch(() => undefined);
      return value;
    },
    version: () => stamp,
    fresh: () => (now() - loadedAt > maxAgeMs ? refresh() : Promise.resolve(value)),
    refresh,
  };
}

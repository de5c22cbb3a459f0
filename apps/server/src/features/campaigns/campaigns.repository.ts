import type { CampaignStatus } from '@puntoverde/contract';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/dialect.js';
import type { CampaignsTable } from '../../db/types.js';
import { likePattern } from '../../lib/like-pattern.js';

export type CampaignRow = Selectable<CampaignsTable> & {
  participants_count: number;
  joined: number;
  attended: number;
};

export type CampaignFilter = {
  status?: CampaignStatus | undefined;
  q?: string | undefined;
  includeUnpublished: boolean;
  /** The caller, to tell whether they joined. */
  userId: number | null;
  now: string;
};

function filtered(db: Executor, f: CampaignFilter) {
  let query = db.selectFrom('campaigns');
  if (!f.includeUnpublished) query = query.where('campaigns.published', '=', 1);
  if (f.status === 'ongoing') query = query.where('campaigns.starts_at', '<=', f.now).where('campaigns.ends_at', '>', f.now);
  if (f.status === 'upcoming') query = query.where('campaigns.starts_at', '>', f.now);
  if (f.status === 'past') query = query.where('campaigns.ends_at', '<=', f.now);
  if (f.q) {
    const pattern = likePattern(f.q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(campaigns.title)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(campaigns.summary)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

function withDetails(db: Executor, f: Pick<CampaignFilter, 'userId'>, base: ReturnType<typeof filtered>) {
  return base
    .selectAll('campaigns')
    .select((eb) => [
      eb
        .selectFrom('campaign_participants')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('campaign_participants.campaign_id', '=', 'campaigns.id')
        .as('participants_count'),
      eb
        .selectFrom('campaign_participants')
        .select((e) => e.fn.countAll<number>().as('j'))
        .whereRef('campaign_participants.campaign_id', '=', 'campaigns.id')
        .where('campaign_participants.user_id', '=', f.userId ?? -1)
        .as('joined'),
      eb
        .selectFrom('campaign_participants')
        .select((e) => e.fn.countAll<number>().as('a'))
        .whereRef('campaign_participants.campaign_id', '=', 'campaigns.id')
        .where('campaign_participants.user_id', '=', f.userId ?? -1)
        .where('campaign_participants.attended_at', 'is not', null)
        .as('attended'),
    ]);
}

export async function listCampaigns(
  db: Executor,
  f: CampaignFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: CampaignRow[]; total: number }> {
  const { total } = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  // Ongoing first (ending soonest), then upcoming (starting soonest), then past (latest first).
  const rows = await withDetails(db, f, filtered(db, f))
    .orderBy(
      sql`case when campaigns.ends_at <= ${f.now} then 2 when campaigns.starts_at > ${f.now} then 1 else 0 end`,
    )
    .orderBy(
      sql`case when campaigns.ends_at <= ${f.now} then null when campaigns.starts_at > ${f.now} then campaigns.starts_at else campaigns.ends_at end`,
      'asc',
    )
    .orderBy('campaigns.ends_at', 'desc')
    .orderBy('campaigns.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows: rows.map(normalise), total: Number(total) };
}

export async function findCampaign(
  db: Executor,
  id: number,
  f: Pick<CampaignFilter, 'userId' | 'includeUnpublished'>,
): Promise<CampaignRow | undefined> {
  let base = db.selectFrom('campaigns').where('campaigns.id', '=', id);
  if (!f.includeUnpublished) base = base.where('campaigns.published', '=', 1);
  const row = await withDetails(db, f, base).executeTakeFirst();
  return row ? normalise(row) : undefined;
}

function normalise<T extends { participants_count: unknown; joined: unknown; attended: unknown }>(row: T) {
  return {
    ...row,
    participants_count: Number(row.participants_count ?? 0),
    joined: Number(row.joined ?? 0),
    attended: Number(row.attended ?? 0),
  };
}

/** Campaigns an ally organises (or, with null, the ones the scheme's staff organise), latest first. */
export async function listOrganisedBy(db: Executor, allyId: number | null, userId: number): Promise<CampaignRow[]> {
  let base = db.selectFrom('campaigns');
  base = allyId === null ? base.where('campaigns.organiser_ally_id', 'is', null) : base.where('campaigns.organiser_ally_id', '=', allyId);
  const rows = await withDetails(db, { userId }, base).orderBy('campaigns.starts_at', 'desc').orderBy('campaigns.id', 'desc').limit(50).execute();
  return rows.map(normalise);
}

export async function materialsOf(db: Executor, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('campaign_materials')
    .select(['campaign_id', 'material_code'])
    .where('campaign_id', 'in', ids)
    .orderBy('material_code')
    .execute();
  for (const r of rows) map.set(r.campaign_id, [...(map.get(r.campaign_id) ?? []), r.material_code]);
  return map;
}

export type CampaignValues = Omit<
  CampaignsTable,
  'id' | 'published' | 'reward_bonus_points' | 'created_at' | 'updated_at' | 'created_by'
> & {
  published: number;
  reward_bonus_points: number;
};

export async function insertCampaign(
  db: Executor,
  values: CampaignValues & { created_by: number; created_at: string; updated_at: string },
): Promise<number> {
  const row = await db.insertInto('campaigns').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCampaign(db: Executor, id: number, values: CampaignValues & { updated_at: string }) {
  await db.updateTable('campaigns').set(values).where('id', '=', id).execute();
}

export async function replaceMaterials(db: Executor, campaignId: number, codes: string[]) {
  await db.deleteFrom('campaign_materials').where('campaign_id', '=', campaignId).execute();
  const unique = [...new Set(codes)];
  if (unique.length) {
    await db
      .insertInto('campaign_materials')
      .values(unique.map((material_code) => ({ campaign_id: campaignId, material_code })))
      .execute();
  }
}

export async function deleteCampaign(db: Executor, id: number) {
  await db.deleteFrom('campaigns').where('id', '=', id).execute();
}

export async function addParticipant(db: Executor, campaignId: number, userId: number, at: string) {
  await db
    .insertInto('campaign_participants')
    .values({ campaign_id: campaignId, user_id: userId, joined_at: at })
    .onConflict((oc) => oc.columns(['campaign_id', 'user_id']).doNothing())
    .execute();
}

export async function removeParticipant(db: Executor, campaignId: number, userId: number) {
  await db
    .deleteFrom('campaign_participants')
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .execute();
}

export async function countParticipants(db: Executor, campaignId: number): Promise<number> {
  const r = await db
    .selectFrom('campaign_participants')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return Number(r.c);
}

/** Who joined a campaign, when, and whether they attended, in order of joining (names come from identity). */
export async function listParticipants(db: Executor, campaignId: number) {
  return db
    .selectFrom('campaign_participants')
    .select(['campaign_participants.user_id', 'campaign_participants.joined_at', 'campaign_participants.attended_at'])
    .where('campaign_participants.campaign_id', '=', campaignId)
    .orderBy('campaign_participants.joined_at')
    .execute();
}

export async function findPublishedStartingBetween(db: Executor, from: string, to: string) {
  return db
    .selectFrom('campaigns')
    .select(['id', 'title', 'starts_at', 'place_name', 'address'])
    .where('published', '=', 1)
    .where('starts_at', '>=', from)
    .where('starts_at', '<', to)
    .execute();
}

export async function participantIdsOf(db: Executor, campaignId: number): Promise<number[]> {
  const rows = await db.selectFrom('campaign_participants').select('user_id').where('campaign_id', '=', campaignId).execute();
  return rows.map((r) => r.user_id);
}

/**
 * Marks participants as attended, only those not marked yet: the ids this call marked (a second
 * confirmation, or one running at the same time, gets none of them again).
 */
export async function markAttended(
  db: Executor,
  campaignId: number,
  userIds: number[],
  by: number,
  at: string,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .updateTable('campaign_participants')
    .set({ attended_at: at, attendance_confirmed_by: by })
    .where('campaign_id', '=', campaignId)
    .where('user_id', 'in', userIds)
    .where('attended_at', 'is', null)
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id).sort((a, b) => a - b);
}

import type {
  Campaign,
  CampaignAttendance,
  CampaignAttendanceResult,
  CampaignInputParsed,
  CampaignJoinResult,
  CampaignList,
  CampaignListQuery,
  CampaignParticipant,
  CampaignStatus,
} from '@puntoverde/contract';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { attachPublicFile, fileUrl, publicIdsOfFiles } from '../files/files.service.js';
import { allyExists, allyNamesByIds } from '../allies/allies.service.js';
import { accountsByIds } from '../identity/identity.service.js';
import { materialsByCodes } from '../materials/materials.service.js';
import { pointExists } from '../points/points.service.js';
import { allyAccountOf, awardCampaignBonus } from '../rewards/rewards.service.js';
import {
  addParticipant,
  countParticipants,
  deleteCampaign as deleteCampaignRow,
  findCampaign,
  findPublishedStartingBetween,
  insertCampaign,
  listCampaigns,
  listOrganisedBy,
  listParticipants,
  markAttended,
  materialsOf,
  participantIdsOf as participantRows,
  removeParticipant,
  replaceMaterials,
  updateCampaign as updateCampaignRow,
  type CampaignRow,
} from './campaigns.repository.js';

export function campaignStatus(row: { starts_at: string; ends_at: string }, now: string): CampaignStatus {
  if (row.ends_at <= now) return 'past';
  if (row.starts_at > now) return 'upcoming';
  return 'ongoing';
}

/** What a campaign shows from other features: its image's public id and its organiser's name. */
type CampaignRefs = { imagePublicId: string | null; organiserName: string | null };

/** Campaigns with their materials, images and organisers (one lookup of each for the page). */
async function toCampaigns(db: Db, rows: CampaignRow[], now: string): Promise<Campaign[]> {
  const [materials, images, organisers] = await Promise.all([
    materialsOf(db, rows.map((r) => r.id)),
    publicIdsOfFiles(db, rows.map((r) => r.image_file_id)),
    allyNamesByIds(db, rows.map((r) => r.organiser_ally_id)),
  ]);
  return rows.map((r) =>
    toCampaign(r, materials.get(r.id) ?? [], now, {
      imagePublicId: r.image_file_id === null ? null : (images.get(r.image_file_id) ?? null),
      organiserName: r.organiser_ally_id === null ? null : (organisers.get(r.organiser_ally_id) ?? null),
    }),
  );
}

function toCampaign(row: CampaignRow, materials: string[], now: string, refs: CampaignRefs): Campaign {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    body: row.body,
    image_id: refs.imagePublicId,
    // Campaign images are public files: a stable URL without a signature.
    image_url: refs.imagePublicId ? fileUrl('', { public_id: refs.imagePublicId, is_public: 1 }) : null,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    status: campaignStatus(row, now),
    point_id: row.point_id,
    place_name: row.place_name,
    address: row.address,
    city: row.city,
    lat: row.lat,
    lng: row.lng,
    materials,
    organiser: row.organiser_ally_id !== null && refs.organiserName ? { id: row.organiser_ally_id, name: refs.organiserName } : null,
    participants_count: row.participants_count,
    joined: row.joined > 0,
    reward_bonus_points: row.reward_bonus_points,
    attended: row.attended > 0,
    published: row.published === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function getCampaignList(
  db: Db,
  query: CampaignListQuery,
  options: { user: AuthUser | null; includeUnpublished?: boolean; now?: string },
): Promise<CampaignList> {
  const now = options.now ?? nowIso();
  const { rows, total } = await listCampaigns(
    db,
    { status: query.status, q: query.q, includeUnpublished: !!options.includeUnpublished, userId: options.user?.id ?? null, now },
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return {
    items: await toCampaigns(db, rows, now),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function getCampaign(
  db: Db,
  id: number,
  options: { user: AuthUser | null; includeUnpublished?: boolean; now?: string },
): Promise<Campaign> {
  const now = options.now ?? nowIso();
  const row = await findCampaign(db, id, { userId: options.user?.id ?? null, includeUnpublished: !!options.includeUnpublished });
  if (!row) throw new AppError('not-found', { message: 'No encontramos esa campaña.' });
  const [campaign] = await toCampaigns(db, [row], now);
  return campaign!;
}

/** Checks that references in an admin payload exist: organiser ally, point, materials, image. */
async function columnsFrom(db: Db, input: CampaignInputParsed, admin: AuthUser) {
  if (input.organiser_ally_id !== null) {
    if (!(await allyExists(db, input.organiser_ally_id))) throw AppError.field('validation-failed', 'organiser_ally_id', 'Ese aliado no existe');
  }
  if (input.point_id !== null) {
    if (!(await pointExists(db, input.point_id))) throw AppError.field('validation-failed', 'point_id', 'Ese punto de reciclaje no existe');
  }
  const codes = [...new Set(input.materials)];
  if (codes.length) {
    const known = await materialsByCodes(db, codes);
    if (known.length !== codes.length) throw AppError.field('unknown-material', 'materials');
  }
  const imageFileId = await attachPublicFile(db, input.image_id, admin, 'image_id');
  return {
    title: input.title,
    summary: input.summary,
    body: input.body,
    image_file_id: imageFileId,
    starts_at: new Date(input.starts_at).toISOString(),
    ends_at: new Date(input.ends_at).toISOString(),
    point_id: input.point_id,
    place_name: input.place_name,
    address: input.address,
    city: input.city,
    lat: input.lat,
    lng: input.lng,
    organiser_ally_id: input.organiser_ally_id,
    reward_bonus_points: input.reward_bonus_points,
    published: input.published ? 1 : 0,
  };
}

export async function createCampaign(db: Db, input: CampaignInputParsed, admin: AuthUser): Promise<Campaign> {
  const id = await db.transaction().execute(async (trx) => {
    const values = await columnsFrom(trx, input, admin);
    const now = nowIso();
    const newId = await insertCampaign(trx, { ...values, created_by: admin.id, created_at: now, updated_at: now });
    await replaceMaterials(trx, newId, input.materials);
    await recordAudit(trx, { actorId: admin.id, action: 'create', entity: 'campaign', entityId: newId, after: { ...values, materials: input.materials } });
    return newId;
  });
  return getCampaign(db, id, { user: admin, includeUnpublished: true });
}

export async function updateCampaign(db: Db, id: number, input: CampaignInputParsed, admin: AuthUser): Promise<Campaign> {
  const before = await getCampaign(db, id, { user: admin, includeUnpublished: true });
  await db.transaction().execute(async (trx) => {
    const values = await columnsFrom(trx, input, admin);
    await updateCampaignRow(trx, id, { ...values, updated_at: nowIso() });
    await replaceMaterials(trx, id, input.materials);
    await recordAudit(trx, { actorId: admin.id, action: 'update', entity: 'campaign', entityId: id, before, after: { ...values, materials: input.materials } });
  });
  return getCampaign(db, id, { user: admin, includeUnpublished: true });
}

export async function deleteCampaign(db: Db, id: number, admin: AuthUser): Promise<void> {
  const before = await getCampaign(db, id, { user: admin, includeUnpublished: true });
  await db.transaction().execute(async (trx) => {
    await deleteCampaignRow(trx, id);
    await recordAudit(trx, { actorId: admin.id, action: 'delete', entity: 'campaign', entityId: id, before });
  });
}

/** Joins a published campaign that has not ended; joining twice is harmless. */
export async function joinCampaign(db: Db, id: number, user: AuthUser): Promise<CampaignJoinResult> {
  const campaign = await getCampaign(db, id, { user });
  if (campaign.status === 'past') throw new AppError('campaign-ended');
  await addParticipant(db, id, user.id, nowIso());
  return { joined: true, participants_count: await countParticipants(db, id) };
}

export async function leaveCampaign(db: Db, id: number, user: AuthUser): Promise<CampaignJoinResult> {
  await getCampaign(db, id, { user });
  await removeParticipant(db, id, user.id);
  return { joined: false, participants_count: await countParticipants(db, id) };
}

export async function getParticipants(db: Db, id: number): Promise<CampaignParticipant[]> {
  const rows = await listParticipants(db, id);
  const people = await accountsByIds(db, rows.map((r) => r.user_id));
  return rows.flatMap((r) => {
    const who = people.get(r.user_id);
    return who ? [{ user_id: r.user_id, name: who.name, email: who.email, joined_at: r.joined_at }] : [];
  });
}

/** Published campaigns starting in [from, to) (for the reminders the day before). */
export async function publishedCampaignsStartingBetween(db: Db, from: string, to: string) {
  return findPublishedStartingBetween(db, from, to);
}

/** Ids of the people who joined a campaign. */
export async function participantIdsOf(db: Db, campaignId: number): Promise<number[]> {
  return participantRows(db, campaignId);
}

// ---------------------------------------------------------------------------------------------
// Attendance: the organiser confirms who came, after the campaign; the bonus comes from rewards
// ---------------------------------------------------------------------------------------------

/**
 * Whether the caller organises the campaign: the staff of its organiser ally, or the scheme's
 * staff (admins) for a campaign without an ally organiser.
 */
async function organises(db: Db, organiserAllyId: number | null, user: AuthUser): Promise<boolean> {
  if (organiserAllyId === null) return user.is_admin;
  return (await allyAccountOf(db, user))?.ally_id === organiserAllyId;
}

/** The campaign (published or not) if the caller organises it; 404 or 403 otherwise. */
export async function requireOrganiser(db: Db, id: number, user: AuthUser): Promise<CampaignRow> {
  const row = await findCampaign(db, id, { userId: user.id, includeUnpublished: true });
  if (!row) throw new AppError('not-found', { message: 'No encontramos esa campaña.' });
  if (!(await organises(db, row.organiser_ally_id, user))) throw new AppError('campaign-organiser-only');
  return row;
}

/** Campaigns the caller organises, latest first (empty for everyone else). */
export async function organisedCampaigns(db: Db, user: AuthUser, now: string = nowIso()): Promise<Campaign[]> {
  const ally = await allyAccountOf(db, user);
  const rows = [
    ...(ally ? await listOrganisedBy(db, ally.ally_id, user.id) : []),
    ...(user.is_admin ? await listOrganisedBy(db, null, user.id) : []),
  ];
  return toCampaigns(db, rows, now);
}

export async function getAttendance(db: Db, id: number, user: AuthUser, now: string = nowIso()): Promise<CampaignAttendance> {
  const row = await requireOrganiser(db, id, user);
  const [campaign] = await toCampaigns(db, [row], now);
  const rows = await listParticipants(db, id);
  const people = await accountsByIds(db, rows.map((r) => r.user_id));
  return {
    campaign: campaign!,
    can_confirm: campaign!.status === 'past',
    attendees: rows.flatMap((r) => {
      const who = people.get(r.user_id);
      return who ? [{ user_id: r.user_id, name: who.name, joined_at: r.joined_at, attended_at: r.attended_at }] : [];
    }),
  };
}

/**
 * The organiser confirms who attended, once the campaign is over. Each newly confirmed person
 * earns the campaign's bonus through rewards, in the same transaction; confirming someone again
 * changes nothing. Audited.
 */
export async function confirmAttendance(
  db: Db,
  id: number,
  user: AuthUser,
  userIds: number[],
  now: Date = new Date(),
): Promise<CampaignAttendanceResult> {
  const row = await requireOrganiser(db, id, user);
  const at = now.toISOString();
  if (campaignStatus(row, at) !== 'past') throw new AppError('campaign-not-over');
  const wanted = [...new Set(userIds)];
  const joined = new Set((await listParticipants(db, id)).map((r) => r.user_id));
  if (wanted.some((u) => !joined.has(u))) {
    throw AppError.field('validation-failed', 'user_ids', 'Marca solo personas inscritas en la campaña');
  }
  const { confirmed, points } = await db.transaction().execute(async (trx) => {
    const marked = await markAttended(trx, id, wanted, user.id, at);
    const awarded = await awardCampaignBonus(
      trx,
      { campaignId: id, campaignTitle: row.title, points: row.reward_bonus_points, personIds: marked, confirmedBy: user.id },
      now,
    );
    if (marked.length) {
      await recordAudit(trx, {
        actorId: user.id,
        action: 'confirm-attendance',
        entity: 'campaign',
        entityId: id,
        after: { user_ids: marked, bonus_points: row.reward_bonus_points },
      });
    }
    return { confirmed: marked.length, points: awarded };
  });
  return { confirmed, points_awarded: points, attendance: await getAttendance(db, id, user, at) };
}

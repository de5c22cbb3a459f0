import type {
  Ally,
  AllyCategory,
  AllyInputParsed,
  AllyKind,
  AllyList,
  AllyListQuery,
  AllyPointOfSale,
  AllyPointOfSaleInputParsed,
  RewardOfferPlace,
} from '@puntoverde/contract';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { attachPublicFile, fileUrl, publicIdsOfFiles } from '../files/files.service.js';
import {
  countPointsOfSale,
  deleteAllyRow,
  deletePointOfSaleRow,
  findAlly,
  findAllyNames,
  findAllyPlaces,
  findPointOfSale,
  insertAlly,
  insertPointOfSale,
  listAllies,
  listPointsOfSale,
  updateAllyRow,
  updatePointOfSaleRow,
  type AllyRow,
  type PointOfSaleRow,
} from './allies.repository.js';

/** Allies with their logo's public id (one lookup for the page). */
async function toAllies(db: Db, rows: AllyRow[]): Promise<Ally[]> {
  const logos = await publicIdsOfFiles(db, rows.map((r) => r.logo_file_id));
  return rows.map((r) => toAlly(r, r.logo_file_id === null ? null : (logos.get(r.logo_file_id) ?? null)));
}

function toAlly(row: AllyRow, logoPublicId: string | null): Ally {
  return {
    id: row.id,
    kind: row.kind as AllyKind,
    name: row.name,
    logo_id: logoPublicId,
    logo_url: logoPublicId ? fileUrl('', { public_id: logoPublicId, is_public: 1 }) : null,
    category: row.category as AllyCategory,
    description: row.description,
    benefits: row.benefits,
    website: row.website,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    lat: row.lat,
    lng: row.lng,
    published: row.published === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function getAllyList(db: Db, query: AllyListQuery, options: { includeUnpublished?: boolean } = {}): Promise<AllyList> {
  const { rows, total } = await listAllies(
    db,
    { kind: query.kind, category: query.category, q: query.q, includeUnpublished: !!options.includeUnpublished },
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { items: await toAllies(db, rows), total, page: query.page, page_size: query.page_size };
}

export async function getAlly(db: Db, id: number, options: { includeUnpublished?: boolean } = {}): Promise<Ally> {
  const row = await findAlly(db, id, !!options.includeUnpublished);
  if (!row) throw new AppError('not-found', { message: 'No encontramos ese aliado.' });
  const [ally] = await toAllies(db, [row]);
  return ally!;
}

async function columnsFrom(db: Db, input: AllyInputParsed, admin: AuthUser) {
  return {
    kind: input.kind,
    name: input.name,
    logo_file_id: await attachPublicFile(db, input.logo_id, admin, 'logo_id'),
    category: input.category,
    description: input.description,
    benefits: input.benefits,
    website: input.website,
    email: input.email,
    phone: input.phone,
    address: input.address,
    city: input.city,
    lat: input.lat,
    lng: input.lng,
    published: input.published ? 1 : 0,
  };
}

/** Whether an ally with this id exists, published or not (for references from other features). */
export async function allyExists(db: Db, id: number): Promise<boolean> {
  return (await findAlly(db, id, true)) !== undefined;
}

export async function createAlly(db: Db, input: AllyInputParsed, admin: AuthUser): Promise<Ally> {
  const id = await db.transaction().execute(async (trx) => {
    const values = await columnsFrom(trx, input, admin);
    const now = nowIso();
    const newId = await insertAlly(trx, { ...values, created_at: now, updated_at: now });
    await recordAudit(trx, { actorId: admin.id, action: 'create', entity: 'ally', entityId: newId, after: values });
    return newId;
  });
  return getAlly(db, id, { includeUnpublished: true });
}

export async function updateAlly(db: Db, id: number, input: AllyInputParsed, admin: AuthUser): Promise<Ally> {
  const before = await getAlly(db, id, { includeUnpublished: true });
  await db.transaction().execute(async (trx) => {
    const values = await columnsFrom(trx, input, admin);
    await updateAllyRow(trx, id, { ...values, updated_at: nowIso() });
    await recordAudit(trx, { actorId: admin.id, action: 'update', entity: 'ally', entityId: id, before, after: values });
  });
  return getAlly(db, id, { includeUnpublished: true });
}

export async function deleteAlly(db: Db, id: number, admin: AuthUser): Promise<void> {
  const before = await getAlly(db, id, { includeUnpublished: true });
  await db.transaction().execute(async (trx) => {
    await deleteAllyRow(trx, id);
    await recordAudit(trx, { actorId: admin.id, action: 'delete', entity: 'ally', entityId: id, before });
  });
}

/** Names of allies by id (campaigns name their organiser), keyed by id. */
export async function allyNamesByIds(db: Db, ids: Iterable<number | null | undefined>): Promise<Map<number, string>> {
  const unique = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  const rows = await findAllyNames(db, unique);
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- points of sale ----

/** Enough for a chain's stores in a city; more is a mistake or abuse. */
export const MAX_POINTS_OF_SALE = 50;

function toPointOfSale(row: PointOfSaleRow): AllyPointOfSale {
  return {
    id: row.id,
    ally_id: row.ally_id,
    name: row.name,
    address: row.address,
    city: row.city,
    lat: row.lat,
    lng: row.lng,
  };
}

/** An ally's points of sale; 404 when the ally does not exist (or is unpublished, for the public). */
export async function getPointsOfSale(
  db: Db,
  allyId: number,
  options: { includeUnpublished?: boolean } = {},
): Promise<AllyPointOfSale[]> {
  if (!(await findAlly(db, allyId, !!options.includeUnpublished)))
    throw new AppError('not-found', { message: 'No encontramos ese aliado.' });
  return (await listPointsOfSale(db, [allyId])).map(toPointOfSale);
}

function pointOfSaleColumns(input: AllyPointOfSaleInputParsed) {
  return { name: input.name, address: input.address, city: input.city, lat: input.lat, lng: input.lng };
}

/** Staff (for any ally) or the ally's own staff (for theirs) add a point of sale. */
export async function createPointOfSale(
  db: Db,
  allyId: number,
  input: AllyPointOfSaleInputParsed,
  actor: AuthUser,
): Promise<AllyPointOfSale> {
  if (!(await allyExists(db, allyId))) throw new AppError('not-found', { message: 'No encontramos ese aliado.' });
  const id = await db.transaction().execute(async (trx) => {
    if ((await countPointsOfSale(trx, allyId)) >= MAX_POINTS_OF_SALE)
      throw new AppError('conflict', { message: `Un aliado puede tener hasta ${MAX_POINTS_OF_SALE} puntos de venta.` });
    const values = pointOfSaleColumns(input);
    const now = nowIso();
    const newId = await insertPointOfSale(trx, { ...values, ally_id: allyId, created_at: now, updated_at: now });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'create',
      entity: 'ally_point_of_sale',
      entityId: newId,
      after: { ally_id: allyId, ...values },
    });
    return newId;
  });
  return toPointOfSale((await findPointOfSale(db, allyId, id))!);
}

async function requirePointOfSale(db: Db, allyId: number, id: number): Promise<PointOfSaleRow> {
  const row = await findPointOfSale(db, allyId, id);
  if (!row) throw new AppError('not-found', { message: 'No encontramos ese punto de venta.' });
  return row;
}

export async function updatePointOfSale(
  db: Db,
  allyId: number,
  id: number,
  input: AllyPointOfSaleInputParsed,
  actor: AuthUser,
): Promise<AllyPointOfSale> {
  const before = toPointOfSale(await requirePointOfSale(db, allyId, id));
  await db.transaction().execute(async (trx) => {
    const values = pointOfSaleColumns(input);
    await updatePointOfSaleRow(trx, id, { ...values, updated_at: nowIso() });
    await recordAudit(trx, { actorId: actor.id, action: 'update', entity: 'ally_point_of_sale', entityId: id, before, after: values });
  });
  return toPointOfSale((await findPointOfSale(db, allyId, id))!);
}

export async function deletePointOfSale(db: Db, allyId: number, id: number, actor: AuthUser): Promise<void> {
  const before = toPointOfSale(await requirePointOfSale(db, allyId, id));
  await db.transaction().execute(async (trx) => {
    await deletePointOfSaleRow(trx, id);
    await recordAudit(trx, { actorId: actor.id, action: 'delete', entity: 'ally_point_of_sale', entityId: id, before });
  });
}

/**
 * Where each ally's offers can be used: its points of sale, or its own address when it lists
 * none (nothing when it has neither). Keyed by ally id, in one query each.
 */
export async function placesOfAllies(db: Db, allyIds: Iterable<number>): Promise<Map<number, RewardOfferPlace[]>> {
  const ids = [...new Set(allyIds)];
  const places = new Map<number, RewardOfferPlace[]>(ids.map((id) => [id, []]));
  for (const p of await listPointsOfSale(db, ids))
    places.get(p.ally_id)!.push({ name: p.name, address: p.address, city: p.city, lat: p.lat, lng: p.lng });
  const bare = ids.filter((id) => places.get(id)!.length === 0);
  for (const a of await findAllyPlaces(db, bare)) {
    if (a.address === null && (a.lat === null || a.lng === null)) continue;
    places.get(a.id)!.push({ name: a.name, address: a.address, city: a.city, lat: a.lat, lng: a.lng });
  }
  return places;
}

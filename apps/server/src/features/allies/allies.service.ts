import type { Ally, AllyCategory, AllyInputParsed, AllyKind, AllyList, AllyListQuery } from '@puntoverde/contract';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { attachPublicFile, fileUrl, publicIdsOfFiles } from '../files/files.service.js';
import { deleteAllyRow, findAlly, findAllyNames, insertAlly, listAllies, updateAllyRow, type AllyRow } from './allies.repository.js';

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

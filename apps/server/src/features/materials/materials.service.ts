import type { Material } from '@puntoverde/contract';
import { ZBinColor } from '@puntoverde/contract';
import { versionCache } from '../../lib/version-cache.js';
import { findMaterialsByCodes, listMaterialRows, readMaterialsVersion, type Executor, type MaterialRow } from './materials.repository.js';

/**
 * The materials catalogue: every feature that names or filters materials asks here. It is held
 * in memory (it changes with a migration or the back office, which calls invalidateCatalogue()
 * after each write and bumps the materials version) and carries the arithmetic of
 * `points.materials_mask`: one bit per material, a group's bit set whenever one of its members
 * is accepted and every member's bit set when the whole group is, so a filter on any code is a
 * single `mask & bit` test. Bits go up to 52, so masks are built with arithmetic, not `|`.
 */

/** `active` false: deactivated by an admin. It still decodes masks (points keep it) but is not offered. */
export type CatalogueMaterial = Material & { id: number; bit: number; keywords: string; active: boolean };

export type Catalogue = {
  materials: CatalogueMaterial[];
  byCode: Map<string, CatalogueMaterial>;
  /** OSM `recycling:*` key → material code. */
  byOsmKey: Map<string, string>;
  /** search word → material codes it names. */
  byWord: Map<string, string[]>;
  /** Mask stored on a point accepting these codes (groups and members expanded). */
  storedMaskOf: (codes: string[]) => number;
  /** Mask matching points that accept any of these codes. */
  filterMaskOf: (codes: string[]) => number;
  /** The codes a point accepts, from its stored mask (a fully accepted group stays one code). */
  decode: (mask: number) => string[];
  /** Ids of the materials rows for the codes given. */
  idsOf: (codes: string[]) => number[];
  /** Names and keywords of the codes, for points.search_text. */
  searchWordsOf: (codes: string[]) => string;
};

/** Lower case, without accents or punctuation: how names and queries are compared. */
export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function bitValue(bit: number): number {
  return 2 ** bit;
}

function hasBit(mask: number, bit: number): boolean {
  return Math.floor(mask / bitValue(bit)) % 2 === 1;
}

function sumBits(bits: Iterable<number>): number {
  let mask = 0;
  for (const bit of new Set(bits)) mask += bitValue(bit);
  return mask;
}

export function buildCatalogue(rows: MaterialRow[]): Catalogue {
  const materials: CatalogueMaterial[] = rows.map((r) => ({
    id: r.id,
    code: r.code,
    name_es: r.name_es,
    name_en: r.name_en,
    parent_code: r.parent_code,
    bin_color: r.bin_color ? ZBinColor.parse(r.bin_color) : null,
    osm_keys: r.osm_keys ? r.osm_keys.split(' ') : [],
    sort: r.sort,
    bit: r.bit,
    keywords: r.keywords,
    active: Number(r.active) === 1,
  }));
  const byCode = new Map(materials.map((m) => [m.code, m]));
  const children = new Map<string, CatalogueMaterial[]>();
  for (const m of materials) {
    if (m.parent_code) children.set(m.parent_code, [...(children.get(m.parent_code) ?? []), m]);
  }
  const byOsmKey = new Map<string, string>();
  // Inactive materials are not offered: the OSM import and word search skip them.
  for (const m of materials) if (m.active) for (const key of m.osm_keys) byOsmKey.set(key, m.code);
  const byWord = new Map<string, string[]>();
  for (const m of materials) {
    if (!m.active) continue;
    const words = new Set(normalizeText(`${m.name_es} ${m.keywords} ${m.code.replace(/-/g, ' ')}`).split(' '));
    for (const w of words) {
      if (w.length < 3 || w === 'and' || w === 'del' || w === 'los' || w === 'las' || w === 'de') continue;
      byWord.set(w, [...(byWord.get(w) ?? []), m.code]);
    }
  }

  const storedMaskOf = (codes: string[]) => {
    const bits: number[] = [];
    for (const code of codes) {
      const m = byCode.get(code);
      if (!m) continue;
      bits.push(m.bit);
      if (m.parent_code) {
        const parent = byCode.get(m.parent_code);
        if (parent) bits.push(parent.bit);
      }
      for (const child of children.get(code) ?? []) bits.push(child.bit);
    }
    return sumBits(bits);
  };
  const filterMaskOf = (codes: string[]) => sumBits(codes.flatMap((c) => (byCode.has(c) ? [byCode.get(c)!.bit] : [])));

  const decoded = new Map<number, string[]>();
  const decode = (mask: number) => {
    const cached = decoded.get(mask);
    if (cached) return cached;
    const codes: string[] = [];
    for (const m of materials) {
      if (!hasBit(mask, m.bit)) continue;
      const kids = children.get(m.code);
      if (kids?.length) {
        // A group: one code when every member is accepted, otherwise its members speak for it.
        if (kids.every((k) => hasBit(mask, k.bit))) codes.push(m.code);
      } else if (m.parent_code) {
        const siblings = children.get(m.parent_code) ?? [];
        const parent = byCode.get(m.parent_code);
        const wholeGroup = parent !== undefined && hasBit(mask, parent.bit) && siblings.every((k) => hasBit(mask, k.bit));
        if (!wholeGroup) codes.push(m.code);
      } else {
        codes.push(m.code);
      }
    }
    if (decoded.size < 10000) decoded.set(mask, codes);
    return codes;
  };

  const idsOf = (codes: string[]) => codes.flatMap((c) => (byCode.has(c) ? [byCode.get(c)!.id] : []));
  const searchWordsOf = (codes: string[]) =>
    normalizeText(
      codes
        .map((c) => byCode.get(c))
        .filter((m): m is CatalogueMaterial => m !== undefined)
        .map((m) => `${m.name_es} ${m.keywords}`)
        .join(' '),
    );

  return { materials, byCode, byOsmKey, byWord, storedMaskOf, filterMaskOf, decode, idsOf, searchWordsOf };
}

const catalogues = new WeakMap<object, { promise: Promise<Catalogue>; generation: number; version: string }>();
const catalogueVersion = versionCache<Executor>(readMaterialsVersion);
let generation = 0;

/**
 * Forgets the catalogue held by this process: the next getCatalogue() reads the table again.
 * The back office calls it after each change to the materials (and bumps the materials version,
 * which makes other instances reload theirs within a second).
 */
export function invalidateCatalogue(): void {
  generation += 1;
  catalogueVersion.changedHere();
}

/** The catalogue of one database, loaded once per materials version (30-odd rows). */
export async function getCatalogue(db: Executor): Promise<Catalogue> {
  const version = await catalogueVersion.current(db);
  const cached = catalogues.get(db);
  if (cached && cached.generation === generation && cached.version === version) return cached.promise;
  const promise = listMaterialRows(db).then(buildCatalogue);
  catalogues.set(db, { promise, generation, version });
  promise.catch(() => catalogues.delete(db));
  return promise;
}

/**
 * Rows of another feature that name a material (`material_id`), each merged with its catalogue
 * entry (deactivated materials included); rows of an unknown material are left out.
 */
export async function withMaterials<T extends { material_id: number }, R>(
  db: Executor,
  rows: T[],
  merge: (row: T, material: CatalogueMaterial) => R,
): Promise<R[]> {
  const catalogue = await getCatalogue(db);
  const byId = new Map(catalogue.materials.map((m) => [m.id, m]));
  return rows.flatMap((r) => {
    const m = byId.get(r.material_id);
    return m ? [merge(r, m)] : [];
  });
}

/** The materials offered to users: filters, forms, the material guide (deactivated ones are not). */
export async function listMaterials(db: Executor): Promise<Material[]> {
  const catalogue = await getCatalogue(db);
  return catalogue.materials.filter((m) => m.active).map(({ code, name_es, name_en, parent_code, bin_color, osm_keys, sort }) => ({
    code,
    name_es,
    name_en,
    parent_code,
    bin_color,
    osm_keys,
    sort,
  }));
}

/** The materials of these codes, active or not (read in the caller's transaction, not from the cache). */
export async function materialsByCodes(db: Executor, codes: string[]) {
  return findMaterialsByCodes(db, codes);
}

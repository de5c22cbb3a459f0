import type { PointsFilters } from '@puntoverde/contract';
import { AppError } from '../../lib/app-error.js';
import { getCatalogue, normalizeText } from '../materials/materials.service.js';
import type { Executor } from '../../db/dialect.js';
import type { PointRowFilter } from './points.repository.js';

// Words of a question that carry no search meaning ("¿dónde reciclo pilas?" → pilas).
const STOPWORDS = new Set(
  'donde puedo reciclo reciclar reciclaje llevo llevar dejo dejar entrego entregar boto botar tiro tirar deposito depositar como que cual cuales hay un una unos unas el la los las lo de del en y o a al para por mis mi me se con sin cerca aqui punto puntos sitio lugar'.split(
    ' ',
  ),
);

export type ResolvedFilters = {
  row: PointRowFilter;
  openNow: boolean;
  at: Date;
  /** Stable text of the filters, for cache keys. */
  key: string;
};

/** Turns query filters into SQL filters; unknown materials are a 400 naming `materials`. */
export async function resolveFilters(db: Executor, f: PointsFilters): Promise<ResolvedFilters> {
  const catalogue = await getCatalogue(db);
  const codes = f.materials ?? [];
  const unknown = codes.filter((c) => !catalogue.byCode.has(c));
  if (unknown.length) {
    throw AppError.field('unknown-material', 'materials', `Material desconocido: ${unknown.join(', ')}.`);
  }
  const allMasks: number[] = [];
  const terms: string[] = [];
  for (const word of normalizeText(f.q ?? '').split(' ')) {
    if (!word || STOPWORDS.has(word)) continue;
    const named = catalogue.byWord.get(word) ?? (word.endsWith('s') ? catalogue.byWord.get(word.slice(0, -1)) : undefined);
    if (named) allMasks.push(catalogue.filterMaskOf(named));
    else terms.push(word);
  }
  const anyMask = codes.length ? catalogue.filterMaskOf(codes) : undefined;
  const kinds = f.kind?.length ? [...f.kind].sort() : undefined;
  const row: PointRowFilter = { anyMask, allMasks, kinds, terms };
  const at = f.at ? new Date(f.at) : new Date();
  const openNow = f.open_now === true;
  const key = JSON.stringify([anyMask ?? 0, allMasks, kinds ?? [], terms, openNow]);
  return { row, openNow, at, key };
}

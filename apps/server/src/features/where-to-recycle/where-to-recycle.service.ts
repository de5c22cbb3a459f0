/**
 * "¿Dónde reciclo...?": finds what people type ("chuspa", "tetrapak", "cascara de huevo", even
 * "botela") in the dictionary, accent- and typo-tolerant, and says where each thing goes with
 * the catalogue's bin colour (Resolución 2184 de 2019).
 */
import type { DisposalKind, Material, MaterialSearchHit, MaterialSearchResult } from '@puntoverde/contract';
import type { Db } from '../../db/dialect.js';
import { listMaterials } from '../materials/materials.service.js';
import { DICTIONARY, type DictionaryEntry } from './dictionary.js';

const MAX_HITS = 8;
const MAX_SUGGESTIONS = 3;

/** Words that carry no meaning in a question ("¿dónde reciclo las botellas?"). */
const STOPWORDS = new Set(
  'donde como reciclo reciclar recicla separo separar boto botar tiro tirar va van puedo se que el la los las un una unos unas de del y o en a mi mis para por con al lo es este esta estos estas'.split(
    ' ',
  ),
);

/** Lower case, no accents, letters and digits only, single spaces. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Singular-ish form, so "botellas" finds "botella" and "latas" finds "lata". */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('es') && !word.endsWith('ies')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function meaningfulWords(text: string): string[] {
  return fold(text)
    .split(' ')
    .filter((w) => w && !STOPWORDS.has(w))
    .map(stem);
}

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps), capped. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const prev2: number[] = new Array<number>(b.length + 1).fill(0);
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row: number[] = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > cap) return cap + 1;
    prev2.splice(0, prev2.length, ...prev);
    prev = row;
  }
  return prev[b.length]!;
}

/** Typos allowed for a word of this length: none for short words, one from 4 letters, two from 8. */
function tolerance(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** How well one query word matches one dictionary word: 3 exact, 2 prefix, 1 within the typo tolerance. */
function wordScore(query: string, word: string): number {
  if (query === word) return 3;
  if (query.length >= 3 && word.startsWith(query)) return 2;
  return editDistance(query, word, 2) <= tolerance(query) ? 1 : 0;
}

type Indexed = { entry: DictionaryEntry; words: string[]; folded: string };
const INDEX: Indexed[] = DICTIONARY.map((entry) => ({
  entry,
  words: meaningfulWords(entry.term),
  folded: fold(entry.term),
}));

/** A term's score for the query: every query word must match one of its words; exact terms first. */
function termScore(queryWords: string[], foldedQuery: string, item: Indexed): number {
  if (item.folded === foldedQuery) return 1000;
  let total = 0;
  for (const q of queryWords) {
    const best = Math.max(0, ...item.words.map((w) => wordScore(q, w)));
    if (best === 0) return 0;
    total += best;
  }
  // Shorter terms (fewer unmatched words) first: "botella" before "botella de vino".
  return total * 10 - (item.words.length - queryWords.length);
}

function kindOf(material: Material): DisposalKind {
  if (material.bin_color === null) return 'posconsumo';
  if (material.bin_color === 'verde') return 'organico';
  if (material.bin_color === 'negro') return 'no-aprovechable';
  return 'aprovechable';
}

const ADVICE: Record<DisposalKind, (name: string) => string> = {
  aprovechable: (name) => `Aprovechable: va en la caneca o bolsa blanca (${name}), limpio y seco.`,
  organico: () => 'Orgánico aprovechable: va en la caneca o bolsa verde.',
  'no-aprovechable': () => 'No reciclable: va a la bolsa negra.',
  posconsumo: (name) => `Residuo peligroso o especial (${name}): llévalo a un punto posconsumo, nunca a la basura.`,
};

export async function searchWhereToRecycle(db: Db, q: string): Promise<MaterialSearchResult> {
  const materials = await listMaterials(db);
  const catalogue = new Map(materials.map((m) => [m.code, m]));
  const queryWords = meaningfulWords(q);
  const foldedQuery = fold(q);
  if (!queryWords.length) return { hits: [], suggestions: [] };

  const scored = INDEX.map((item) => ({ item, score: termScore(queryWords, foldedQuery, item) }))
    .filter((s) => s.score > 0 && catalogue.has(s.item.entry.material))
    .sort((a, b) => b.score - a.score || a.item.entry.term.length - b.item.entry.term.length);

  const hits: MaterialSearchHit[] = [];
  const seen = new Set<string>();
  for (const { item } of scored) {
    // One answer per material and note: "bolsa", "bolsas" and "chuspa" say the same thing once.
    const key = `${item.entry.material}|${item.entry.note ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const material = catalogue.get(item.entry.material)!;
    const kind = kindOf(material);
    hits.push({
      term: item.entry.term,
      material: material.code,
      material_name_es: material.name_es,
      material_name_en: material.name_en,
      bin_color: material.bin_color,
      kind,
      advice: ADVICE[kind](material.name_es),
      note: item.entry.note ?? null,
    });
    if (hits.length >= MAX_HITS) break;
  }
  if (hits.length) return { hits, suggestions: [] };

  // Nothing matched: the nearest dictionary words, to try instead.
  const last = queryWords.at(-1)!;
  const suggestions = [
    ...new Set(
      INDEX.map((item) => ({ term: item.entry.term, d: Math.min(...item.words.map((w) => editDistance(last, w, 4))) }))
        .filter((s) => s.d <= 4)
        .sort((a, b) => a.d - b.d || a.term.length - b.term.length)
        .map((s) => s.term),
    ),
  ].slice(0, MAX_SUGGESTIONS);
  return { hits: [], suggestions };
}

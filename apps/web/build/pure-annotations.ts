/**
 * Inserts `/* @__PURE__ *\/` before matched calls and returns a source map for the edit, so
 * bundles keep pointing at the right lines of the original files.
 */

export interface AnnotatedSource {
  code: string;
  /** Source map v3 from the annotated code back to the original. */
  map: { version: 3; sources: string[]; sourcesContent: string[]; names: string[]; mappings: string };
}

export const PURE_ANNOTATION = '/* @__PURE__ */ ';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += BASE64[digit];
  } while (rest > 0);
  return out;
}

/**
 * `pattern` must be global; the annotation goes right after the match's first capture group
 * (or at the match start when there is none), e.g. /([=,(])([\w$]+)\(class extends /g.
 */
export function annotatePure(code: string, pattern: RegExp, source: string): AnnotatedSource | null {
  const offsets: number[] = [];
  for (const match of code.matchAll(pattern)) offsets.push(match.index + (match[1]?.length ?? 0));
  if (offsets.length === 0) return null;

  const lines = code.split('\n');
  const insertionsByLine = new Map<number, number[]>();
  let lineStart = 0;
  let line = 0;
  for (const offset of offsets) {
    while (offset > lineStart + (lines[line]?.length ?? 0)) {
      lineStart += (lines[line]?.length ?? 0) + 1;
      line += 1;
    }
    const columns = insertionsByLine.get(line) ?? [];
    columns.push(offset - lineStart);
    insertionsByLine.set(line, columns);
  }

  let previousOriginalLine = 0;
  let previousOriginalColumn = 0;
  const segment = (
    generatedColumn: number,
    previousGenerated: number,
    originalLine: number,
    originalColumn: number,
  ) => {
    const text =
      vlq(generatedColumn - previousGenerated) +
      vlq(0) +
      vlq(originalLine - previousOriginalLine) +
      vlq(originalColumn - previousOriginalColumn);
    previousOriginalLine = originalLine;
    previousOriginalColumn = originalColumn;
    return text;
  };

  const outLines: string[] = [];
  const mappingLines: string[] = [];
  lines.forEach((text, index) => {
    const columns = insertionsByLine.get(index) ?? [];
    const segments = [segment(0, 0, index, 0)];
    let generatedColumn = 0;
    let out = '';
    let consumed = 0;
    for (const column of columns) {
      out += text.slice(consumed, column) + PURE_ANNOTATION;
      consumed = column;
      // From here on, generated text is the original again, shifted by the insertions so far.
      segments.push(segment(out.length, generatedColumn, index, column));
      generatedColumn = out.length;
    }
    outLines.push(out + text.slice(consumed));
    mappingLines.push(segments.join(','));
  });

  return {
    code: outLines.join('\n'),
    map: { version: 3, sources: [source], sourcesContent: [code], names: [], mappings: mappingLines.join(';') },
  };
}

import { describe, expect, it } from 'vitest';
import { annotatePure, PURE_ANNOTATION } from '../pure-annotations';

const STENCIL = /([=,(])(?=[\w$]+\(class extends )/g;

/** Decodes one mappings line into [generatedColumn, originalLine, originalColumn] triples. */
function decode(mappings: string): number[][][] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let originalLine = 0;
  let originalColumn = 0;
  return mappings.split(';').map((line) => {
    let generatedColumn = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const values: number[] = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = alphabet.indexOf(char);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            values.push(value & 1 ? -(value >> 1) : value >> 1);
            value = 0;
            shift = 0;
          }
        }
        generatedColumn += values[0] ?? 0;
        originalLine += values[2] ?? 0;
        originalColumn += values[3] ?? 0;
        return [generatedColumn, originalLine, originalColumn];
      });
  });
}

describe('annotatePure', () => {
  it('annotates every matched call and nothing else', () => {
    const code = 'import{p as t}from"./x.js";const m=t(class extends n{}),u=t(class extends o{});f(1);';
    const result = annotatePure(code, STENCIL, 'ion-x.js');
    expect(result?.code).toBe(
      `import{p as t}from"./x.js";const m=${PURE_ANNOTATION}t(class extends n{}),u=${PURE_ANNOTATION}t(class extends o{});f(1);`,
    );
  });

  it('returns null when nothing matches', () => {
    expect(annotatePure('const a = 1;', STENCIL, 'a.js')).toBeNull();
  });

  it('maps annotated code back to the original columns and lines', () => {
    const code = 'a\nconst m=t(class extends n{});g()\nlast';
    const result = annotatePure(code, STENCIL, 'ion-x.js');
    expect(result?.map.sources).toEqual(['ion-x.js']);
    const lines = decode(result?.map.mappings ?? '');
    expect(lines[0]).toEqual([[0, 0, 0]]);
    // 'const m=' is 8 characters; the original resumes after the inserted comment.
    expect(lines[1]).toEqual([
      [0, 1, 0],
      [8 + PURE_ANNOTATION.length, 1, 8],
    ]);
    expect(lines[2]).toEqual([[0, 2, 0]]);
  });
});

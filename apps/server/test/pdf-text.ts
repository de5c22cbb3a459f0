import { inflateSync } from 'node:zlib';

/** A PDF's text for assertions: its object dictionaries as written, and each content stream inflated. */
export function readablePdf(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    try {
      return inflateSync(Buffer.from(m[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      return '';
    }
  });
  return [raw, ...streams].join('\n');
}

import { describe, expect, it } from 'vitest';
import { ACTIVE_PDFS, objectStream, pdf, streamObject } from '../../../test/fixtures/pdfs.js';
import { findPdfActiveContent } from './pdf-active-content.js';

describe('active content in PDFs', () => {
  it.each(ACTIVE_PDFS)('finds %s', (_label, bytes, name) => {
    expect(findPdfActiveContent(bytes)).toContain(name);
  });

  it('finds nothing in a plain PDF, compressed streams included', () => {
    expect(findPdfActiveContent(pdf(''))).toEqual([]);
    expect(findPdfActiveContent(pdf('/PageMode /UseOutlines', objectStream('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /JSON 1 >>')))).toEqual([]);
    // Image data that happens to spell a name is not a dictionary.
    const image = streamObject(5, '/Type /XObject /Subtype /Image /Width 4 /Height 4', Buffer.from('\x00/JS /XFA\xff'.repeat(4), 'latin1'));
    expect(findPdfActiveContent(pdf('', image))).toEqual([]);
  });
});

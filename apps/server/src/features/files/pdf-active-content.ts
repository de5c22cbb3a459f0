import { inflateSync } from 'node:zlib';

/**
 * PDF names that make a document do something when it is opened or clicked (ISO 32000-1 §12.6
 * actions, §12.6.4.16 JavaScript, §7.11.4 embedded files, §12.7.8 XFA forms). A PDF that
 * carries any of them is refused: people upload letters, invoices and certificates, none of
 * which needs them.
 */
const ACTIVE_NAMES = new Set(['/JavaScript', '/JS', '/OpenAction', '/Launch', '/EmbeddedFile', '/EmbeddedFiles', '/XFA']);

/** What one upload may inflate in total while looking inside compressed streams (zip bombs). */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/** A PDF name: `/` then regular characters, up to a delimiter or white space (ISO 32000-1 §7.3.5). */
const NAME = /\/[^\s/<>[\](){}%]*/g;

/** `/J#61vaScript` is `/JavaScript`: names may spell any byte as #xx. */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function namesIn(text: string, found: Set<string>): void {
  for (const match of text.matchAll(NAME)) {
    const name = decodeName(match[0]);
    if (ACTIVE_NAMES.has(name)) found.add(name);
  }
}

/** A stream's body starts after its dictionary's `>>` and the `stream` keyword. */
const STREAM_START = />>\s*stream\r?\n/g;

/**
 * The active-content names in a PDF, read from its objects and from inside its compressed
 * object streams (PDF 1.5+ keeps dictionaries there, invisible in the raw bytes). Other streams
 * (page drawing, images, fonts) are skipped: actions never live in them, and their binary data
 * could spell a name by chance. Empty when none is found.
 *
 * Not detected: object streams with a filter other than FlateDecode (LZW, ASCII85, chains) and
 * encrypted documents, whose object streams cannot be read without the key.
 */
export function findPdfActiveContent(bytes: Buffer): string[] {
  const found = new Set<string>();
  const text = bytes.toString('latin1');
  let budget = MAX_INFLATED_BYTES;
  let pos = 0;
  STREAM_START.lastIndex = 0;
  for (let m = STREAM_START.exec(text); m; m = STREAM_START.exec(text)) {
    const bodyStart = m.index + m[0].length;
    namesIn(text.slice(pos, bodyStart), found);
    const end = text.indexOf('endstream', bodyStart);
    if (end < 0) {
      pos = text.length;
      break;
    }
    const dict = text.slice(text.lastIndexOf('obj', m.index), m.index + 2);
    if (/\/Type\s*\/ObjStm/.test(dict) && /\/FlateDecode/.test(dict) && budget > 0) {
      try {
        const inflated = inflateSync(bytes.subarray(bodyStart, end), { maxOutputLength: budget, finishFlush: 2 /* Z_SYNC_FLUSH */ });
        budget -= inflated.length;
        namesIn(inflated.toString('latin1'), found);
      } catch {
        // Damaged or past the budget: nothing readable to check.
      }
    }
    pos = end;
    STREAM_START.lastIndex = end;
  }
  namesIn(text.slice(pos), found);
  return [...found].sort();
}

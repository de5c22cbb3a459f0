import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The server's version, from apps/server/package.json (the same path from src/ and from dist/). */
export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }
).version;

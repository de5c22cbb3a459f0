import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from './table-owners.js';

describe('table owners', () => {
  it('names an owner for every table of the Database interface, and no other', () => {
    const types = fs.readFileSync(path.join(import.meta.dirname, 'types.ts'), 'utf8');
    const block = /export interface Database \{([\s\S]*?)\n\}/.exec(types)?.[1] ?? '';
    const tables = [...block.matchAll(/^\s+([a-z0-9_]+): \w+;$/gm)].map((m) => m[1]).sort();
    expect(tables.length).toBeGreaterThan(10);
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables);
  });

  it('names owners that are features of the server (or db/plugins)', () => {
    const features = fs.readdirSync(path.join(import.meta.dirname, '../features'));
    for (const owner of new Set(Object.values(TABLE_OWNERS))) {
      expect([...features, 'db', 'plugins']).toContain(owner);
    }
  });
});

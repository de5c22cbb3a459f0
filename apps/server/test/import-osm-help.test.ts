import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/** `npm run import:osm -- --help` as an operator runs it: the compiled command. */
const root = path.resolve(import.meta.dirname, '../../..');

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/server-build.mjs'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stderr}`);
}, 120_000);

describe('import:osm --help', () => {
  it('says where to get the GeoJSON, with an Overpass query, and which tags it reads', () => {
    const res = spawnSync(process.execPath, ['apps/server/dist/cli/import-osm.js', '--help'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    });
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('https://overpass-turbo.eu');
    expect(res.stdout).toContain('nwr["amenity"="recycling"](area.a);');
    expect(res.stdout).toContain('out center tags;');
    for (const tag of [
      'amenity=recycling',
      'recycling_type',
      'recycling:<material>=yes',
      'opening_hours',
      'operator',
      'addr:street',
    ]) {
      expect(res.stdout).toContain(tag);
    }
  }, 60_000);
});

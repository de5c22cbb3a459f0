import { ESLint } from 'eslint';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layout rules of eslint.config.js, run through ESLint's Node API on planted violations: a
 * rule that silently stopped matching would let the structure decay without anyone noticing.
 * (The real files are checked by `npx eslint apps/server`: linting them here after the planted
 * texts would see the fixtures in the shared TypeScript program.)
 */
const root = path.resolve(import.meta.dirname, '../../..');
const src = (p: string) => path.join(root, 'apps/server/src', p);

let eslint: ESLint;

async function ruleIdsOf(code: string, file: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: src(file) });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

// The first lint builds the TypeScript program of the repository: slow on a loaded machine.
describe('server layout rules', { timeout: 300_000 }, () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  }, 300_000);

  it('rejects a service that re-exports its repository', async () => {
    const ids = await ruleIdsOf("export { findPointById } from './points.repository.js';\n", 'features/points/points.service.ts');
    expect(ids).toContain('no-restricted-syntax');
  });

  it('rejects export * in a service', async () => {
    const ids = await ruleIdsOf("export * from './points-version.js';\n", 'features/points/points.service.ts');
    expect(ids).toContain('no-restricted-syntax');
  });

  it('lets a service export its own functions', async () => {
    const ids = await ruleIdsOf('export function answer(): number {\n  return 42;\n}\n', 'features/points/points.service.ts');
    expect(ids).not.toContain('no-restricted-syntax');
  });

  it('rejects an import cycle (a repository importing the service that imports it)', async () => {
    const code = "import { listMarkers } from './points.service.js';\n\nexport const markers = listMarkers;\n";
    const ids = await ruleIdsOf(code, 'features/points/points.repository.ts');
    expect(ids).toContain('boundaries/no-cycles');
  });

  it('rejects a longer cycle through another module', async () => {
    // points.service → materials.service → materials.repository: the repository importing points closes the loop.
    const code = "import { listMarkers } from '../points/points.service.js';\n\nexport const markers = listMarkers;\n";
    const ids = await ruleIdsOf(code, 'features/materials/materials.repository.ts');
    expect(ids).toContain('boundaries/no-cycles');
  });
});

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
    const ids = await ruleIdsOf(
      "export { findPointById } from './points.repository.js';\n",
      'features/points/points.service.ts',
    );
    expect(ids).toContain('no-restricted-syntax');
  });

  it('rejects export * in a service', async () => {
    const ids = await ruleIdsOf("export * from './points-version.js';\n", 'features/points/points.service.ts');
    expect(ids).toContain('no-restricted-syntax');
  });

  it('lets a service export its own functions', async () => {
    const ids = await ruleIdsOf(
      'export function answer(): number {\n  return 42;\n}\n',
      'features/points/points.service.ts',
    );
    expect(ids).not.toContain('no-restricted-syntax');
  });

  it('rejects an import cycle (a repository importing the service that imports it)', async () => {
    const code = "import { listMarkers } from './points.service.js';\n\nexport const markers = listMarkers;\n";
    const ids = await ruleIdsOf(code, 'features/points/points.repository.ts');
    expect(ids).toContain('boundaries/no-cycles');
  });

  it('rejects db/ importing a feature (the ground floor imports nothing above it)', async () => {
    const code = "import { identitySeeder } from '../../features/identity/identity.seed.js';\n\nexport const seeders = [identitySeeder];\n";
    const ids = await ruleIdsOf(code, 'db/seed/index.ts');
    expect(ids).toContain('boundaries/imports');
  });

  it('rejects a longer cycle through another module', async () => {
    // points.service → materials.service → materials.repository: the repository importing points closes the loop.
    const code = "import { listMarkers } from '../points/points.service.js';\n\nexport const markers = listMarkers;\n";
    const ids = await ruleIdsOf(code, 'features/materials/materials.repository.ts');
    expect(ids).toContain('boundaries/no-cycles');
  });
});

describe('data access rules', { timeout: 300_000 }, () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  }, 300_000);

  it('rejects a query written in a service', async () => {
    const code =
      "import type { Db } from '../../db/dialect.js';\n\nexport async function count(db: Db) {\n  return db.selectFrom('points').selectAll().execute();\n}\n";
    const ids = await ruleIdsOf(code, 'features/points/points.service.ts');
    expect(ids).toContain('boundaries/sql-in-repositories');
  });

  it("rejects kysely's sql template outside a repository", async () => {
    const code = "import { sql } from 'kysely';\n\nexport const now = sql`now()`;\n";
    const ids = await ruleIdsOf(code, 'routes/points/index.ts');
    expect(ids).toContain('boundaries/sql-in-repositories');
  });

  it('lets a repository write its queries', async () => {
    const code =
      "import type { Db } from '../../db/dialect.js';\n\nexport async function count(db: Db) {\n  return db.selectFrom('points').selectAll().execute();\n}\n";
    const ids = await ruleIdsOf(code, 'features/points/points.repository.ts');
    expect(ids).not.toContain('boundaries/sql-in-repositories');
  });

  it("rejects a repository naming another feature's table", async () => {
    const code =
      "import type { Db } from '../../db/dialect.js';\n\nexport function withPoint(db: Db) {\n  return db.selectFrom('faq_items').innerJoin('points as p', 'p.id', 'faq_items.id').selectAll().execute();\n}\n";
    const ids = await ruleIdsOf(code, 'features/content/content.repository.ts');
    expect(ids).toContain('boundaries/own-tables');
  });

  it("rejects another feature's table in a raw sql text of a repository", async () => {
    const code = "import { sql } from 'kysely';\n\nexport const q = sql`select count(*) from users`;\n";
    const ids = await ruleIdsOf(code, 'features/content/content.repository.ts');
    expect(ids).toContain('boundaries/own-tables');
  });

  it('lets a repository query its own tables', async () => {
    const code =
      "import type { Db } from '../../db/dialect.js';\n\nexport function faq(db: Db) {\n  return db.selectFrom('faq_items as f').selectAll().execute();\n}\n";
    const ids = await ruleIdsOf(code, 'features/content/content.repository.ts');
    expect(ids).not.toContain('boundaries/own-tables');
  });

  it("rejects a route importing a feature's repository", async () => {
    const code =
      "import { findPointById } from '../../features/points/points.repository.js';\n\nexport const find = findPointById;\n";
    const ids = await ruleIdsOf(code, 'routes/points/index.ts');
    expect(ids).toContain('boundaries/imports');
  });
});

describe('web error rules', { timeout: 300_000 }, () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  }, 300_000);

  const web = (p: string) => path.join(root, 'apps/web/src', p);
  async function webRuleIds(code: string, file: string) {
    const [result] = await eslint.lintText(code, { filePath: web(file) });
    return (result?.messages ?? []).map((m) => m.ruleId);
  }

  it("rejects a screen that renders a failed call's raw message", async () => {
    const code =
      'export function Alert({ query }: { query: { error: Error } }) {\n  return <p>{query.error.message}</p>;\n}\n';
    expect(await webRuleIds(code, 'features/pqr/components/admin/admin-report.tsx')).toContain('no-restricted-syntax');
  });

  it('rejects rendering a caught error as it came', async () => {
    const code =
      'export function show(err: Error, set: (s: string) => void) {\n  set(err.message);\n}\nexport const X = () => <p />;\n';
    expect(await webRuleIds(code, 'features/pqr/components/admin/admin-report.tsx')).toContain('no-restricted-syntax');
  });

  it("rejects a screen that shows a failed call's field messages as they came", async () => {
    const code =
      'export function Fields({ error }: { error: { fields?: Record<string, string> } }) {\n  return <p>{Object.values(error.fields ?? {}).join(" ")}</p>;\n}\n';
    expect(await webRuleIds(code, 'features/pqr/components/admin/admin-report.tsx')).toContain('no-restricted-syntax');
  });

  it("rejects a query's field messages read as they came", async () => {
    const code =
      'export function Fields({ ask }: { ask: { error: { fields: Record<string, string> } } }) {\n  return <p>{ask.error.fields.from}</p>;\n}\n';
    expect(await webRuleIds(code, 'features/pqr/components/admin/admin-report.tsx')).toContain('no-restricted-syntax');
  });

  it('rejects an API path written by hand in an API file', async () => {
    const code =
      "import { apiRequest } from '../../../lib/api-client';\n\nexport const mine = () => apiRequest<unknown>('v1/points/mine');\n";
    expect(await webRuleIds(code, 'features/points/api/managed-points.ts')).toContain('no-restricted-syntax');
  });

  it('rejects a hand-written API path in a template, with or without the API base', async () => {
    const code =
      "import { apiRequest } from '../../../lib/api-client';\n\nexport const one = (id: number) => apiRequest<unknown>(`/back/api/v1/points/${id}`);\n";
    expect(await webRuleIds(code, 'features/points/api/managed-points.ts')).toContain('no-restricted-syntax');
  });

  it("lets an API file take its path from the contract", async () => {
    const code =
      "import { POINTS_PATHS } from '@puntoverde/contract';\nimport { apiRequest } from '../../../lib/api-client';\n\nexport const mine = () => apiRequest<unknown>(`${POINTS_PATHS.mine}?page=1`);\n";
    expect(await webRuleIds(code, 'features/points/api/managed-points.ts')).not.toContain('no-restricted-syntax');
  });

  it('rejects a submit button disabled while the form is sent (it would drop focus)', async () => {
    const code =
      'export function F({ busy }: { busy: boolean }) {\n  return <form><button type="submit" disabled={busy}>Enviar</button></form>;\n}\n';
    expect(await webRuleIds(code, 'features/pqr/components/admin/admin-report.tsx')).toContain('no-restricted-syntax');
  });

  it('lets a form send with SubmitButton', async () => {
    const code =
      "import { SubmitButton } from '../../../../components/submit-button';\nexport function F({ busy }: { busy: boolean }) {\n  return <form><SubmitButton busy={busy}>Enviar</SubmitButton></form>;\n}\n";
    expect(await webRuleIds(code, 'features/pqr/components/admin/admin-report.tsx')).not.toContain('no-restricted-syntax');
  });

  it("lets a form show its field's own message", async () => {
    const code =
      'export function F({ fieldState }: { fieldState: { error?: { message?: string } } }) {\n  return <p>{fieldState.error?.message}</p>;\n}\n';
    expect(await webRuleIds(code, 'features/pqr/components/admin/admin-report.tsx')).not.toContain(
      'no-restricted-syntax',
    );
  });
});

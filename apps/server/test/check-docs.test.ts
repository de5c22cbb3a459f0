import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * scripts/check-docs.mjs (run by the lint suite) on a copy of the README and config.ts in a git
 * repository of its own: the copy passes, and each planted violation makes it fail, naming it.
 * The planted phrases are built from parts so that this file does not trip the check itself.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const script = path.join(root, 'scripts/check-docs.mjs');
let copy: string;

function checkDocs(): { status: number | null; output: string } {
  execFileSync('git', ['add', '-A'], { cwd: copy });
  const res = spawnSync(process.execPath, [script, copy], { encoding: 'utf8' });
  return { status: res.status, output: res.stdout + res.stderr };
}

function plant(file: string, text: string) {
  mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
  writeFileSync(path.join(copy, file), text);
}

describe('scripts/check-docs.mjs', () => {
  beforeEach(() => {
    copy = mkdtempSync(path.join(os.tmpdir(), 'check-docs-'));
    cpSync(path.join(root, 'README.md'), path.join(copy, 'README.md'));
    mkdirSync(path.join(copy, 'apps/server/src'), { recursive: true });
    cpSync(path.join(root, 'apps/server/src/config.ts'), path.join(copy, 'apps/server/src/config.ts'));
    execFileSync('git', ['init', '-q'], { cwd: copy });
  });

  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  it('passes on the README and config.ts of this tree', () => {
    plant('docs/notes.md', 'Signs in with session tokens; lists the current session.\n');
    expect(checkDocs()).toMatchObject({ status: 0 });
  });

  it('fails when the README passes 300 lines', () => {
    const lines = readFileSync(path.join(copy, 'README.md'), 'utf8').split('\n').length;
    appendFileSync(path.join(copy, 'README.md'), 'filler\n'.repeat(Math.max(0, 301 - lines + 1)));
    const { status, output } = checkDocs();
    expect(status).toBe(1);
    expect(output).toMatch(/README\.md: \d+ lines \(at most 300/);
  });

  it('fails when a tracked file refers to an issue by number', () => {
    plant('apps/server/src/points.ts', `// Fixes ${'issue'} #41: clusters at zoom 5.\n`);
    const { status, output } = checkDocs();
    expect(status).toBe(1);
    expect(output).toContain('apps/server/src/points.ts:1');
  });

  it('fails when a tracked file tells the history of work sessions', () => {
    plant('docs/performance.md', `# Figures\n\nOn the ${'ninth'} ${'session'}'s machine: 0.97.\n`);
    const { status, output } = checkDocs();
    expect(status).toBe(1);
    expect(output).toContain('docs/performance.md:3');
  });

  it('skips untracked, binary and lock files', () => {
    plant('package-lock.json', `{ "note": "${'issue'} 12" }\n`);
    plant('docs/shot.png', `\0PNG ${'issue'} 12\n`);
    execFileSync('git', ['add', '-A'], { cwd: copy });
    writeFileSync(path.join(copy, 'scratch.md'), `${'issue'} 12\n`);
    const res = spawnSync(process.execPath, [script, copy], { encoding: 'utf8' });
    expect(res.status).toBe(0);
  });

  it('fails when config.ts parses a variable the configuration table does not list', () => {
    const config = path.join(copy, 'apps/server/src/config.ts');
    const text = readFileSync(config, 'utf8').replace(
      'const ZEnv = z.object({\n',
      "const ZEnv = z.object({\n  PLANTED_SETTING: z.string().optional(),\n",
    );
    writeFileSync(config, text);
    const { status, output } = checkDocs();
    expect(status).toBe(1);
    expect(output).toContain('no configuration row for PLANTED_SETTING');
  });
});

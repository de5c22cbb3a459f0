// Keeps the documentation a description of the project rather than a record of its making:
//   - README.md has at most 300 lines;
//   - every variable apps/server/src/config.ts parses has a row in the README's configuration table;
//   - no tracked file refers to an issue by number or to the history of work sessions.
// `node scripts/check-docs.mjs [root]` prints what fails and exits 1; `npm test` runs it in the
// lint suite, each check counted as a test.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const README_MAX_LINES = 300;
const ISSUE_REFERENCE = /\bissues? #?\d+/i;
// "session" alone is an ordinary word here (a signed-in session); a work session is named by
// its place in a sequence. "with session" and "both session" are not ordinals.
const SESSION_HISTORY = /\b(?:this|last|earlier|previous|first|second|third|(?!with\b|both\b)\w+th) session\b/i;
const SKIPPED_FILES = new Set(['package-lock.json']);

/** Tracked files (git ls-files), or every file under root outside node_modules when it is no git work tree. */
function trackedFiles(root) {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\0')
      .filter(Boolean);
  } catch {
    const files = [];
    const walk = (dir) => {
      for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name === '.git') continue;
        const rel = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(rel);
        else if (entry.isFile()) files.push(rel);
      }
    };
    walk('');
    return files;
  }
}

/** Text of a file, or null for a binary one (a NUL byte in its first 8 KB) or one that is gone. */
function readText(file) {
  if (!existsSync(file) || !statSync(file).isFile()) return null;
  const bytes = readFileSync(file);
  if (bytes.subarray(0, 8192).includes(0)) return null;
  return bytes.toString('utf8');
}

/** Names config.ts parses: the keys of its ZEnv schema and the OIDC_<ID>_* names its provider parser reads. */
export function configVariables(configText) {
  const start = configText.indexOf('const ZEnv = z.object({');
  const end = start < 0 ? -1 : configText.indexOf('\n});', start);
  if (end < 0) return [];
  const names = [...configText.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
  const oidc = [...configText.matchAll(/\bkey\('([A-Z][A-Z0-9_]*)'\)/g)].map((m) => `OIDC_<ID>_${m[1]}`);
  return [...new Set([...names, ...oidc])];
}

/** Variables named in the first cell of a row of the README's "## Configuration" tables. */
export function documentedVariables(readmeText) {
  const start = readmeText.search(/^## Configuration\b/m);
  if (start < 0) return new Set();
  const next = readmeText.slice(start + 1).search(/^## /m);
  const section = next < 0 ? readmeText.slice(start) : readmeText.slice(start, start + 1 + next);
  const names = new Set();
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const m of firstCell.matchAll(/`([^`]+)`/g)) names.add(m[1]);
  }
  return names;
}

/** Runs the three checks on the tree at root: [{ name, failures: string[] }]. */
export function checkDocs(root) {
  const readme = readText(path.join(root, 'README.md')) ?? '';
  const lines = readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0);
  const length = {
    name: `README.md has at most ${README_MAX_LINES} lines`,
    failures:
      lines > README_MAX_LINES ? [`README.md: ${lines} lines (at most ${README_MAX_LINES}: move detail to docs/)`] : [],
  };

  const configText = readText(path.join(root, 'apps/server/src/config.ts'));
  const variables = configText ? configVariables(configText) : [];
  const documented = documentedVariables(readme);
  const configuration = {
    name: "README's configuration table lists every variable of apps/server/src/config.ts",
    failures: !variables.length
      ? ['apps/server/src/config.ts: no ZEnv schema found to read the variables from']
      : variables.filter((v) => !documented.has(v)).map((v) => `README.md: no configuration row for ${v}`),
  };

  const historyFailures = [];
  for (const file of trackedFiles(root)) {
    if (SKIPPED_FILES.has(path.basename(file))) continue;
    const text = readText(path.join(root, file));
    if (text === null) continue;
    text.split('\n').forEach((line, i) => {
      const found = line.match(ISSUE_REFERENCE) ?? line.match(SESSION_HISTORY);
      if (found)
        historyFailures.push(`${file}:${i + 1}: "${found[0]}" (say what the code or document does, not its history)`);
    });
  }
  const history = { name: 'no tracked file names an issue number or a work session', failures: historyFailures };

  return [length, configuration, history];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const results = checkDocs(root);
  for (const r of results) {
    console.log(`${r.failures.length ? '✗' : '✓'} ${r.name}`);
    for (const f of r.failures) console.log(`    ${f}`);
  }
  process.exit(results.some((r) => r.failures.length) ? 1 : 0);
}

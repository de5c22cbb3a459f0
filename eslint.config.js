// ESLint: type-aware TypeScript rules, React hooks rules, and import boundaries:
// - web features never import each other; shared components/ and lib/ never import features;
// - server features reach other features only through their *.service.ts;
// - the web never imports the server; the contract depends on zod only;
// - server services do not re-export repositories (a feature's rows stay behind its service);
// - no import cycles in the server (boundaries/no-cycles);
// - SQL lives only in repositories (boundaries/sql-in-repositories), and routes and plugins
//   never import a feature's repository;
// - the server's db/ and lib/ never import features, plugins or routes (the ground floor);
// - a feature's repository names only its own feature's tables (boundaries/own-tables, owners in
//   apps/server/src/db/table-owners.ts).
// - the web app writes no API path by hand: it takes them from the contract.
// apps/server/test/lint-rules.test.ts plants a violation of each server rule and expects ESLint to fail.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/** The feature a repo-relative path belongs to, e.g. ['web', 'pqr']. */
function featureOf(p) {
  const m = /^apps\/(web|server)\/src\/features\/([^/]+)\//.exec(p);
  return m ? [m[1], m[2]] : null;
}

/** Relative imports and re-exports of a source text (static and dynamic). */
const RELATIVE_SPEC =
  /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The .ts file a relative specifier names ('./x.js' is './x.ts' under NodeNext resolution). */
function resolveSource(fromFile, spec) {
  const p = path.resolve(path.dirname(fromFile), spec);
  for (const c of [p.replace(/\.js$/, '.ts'), p.replace(/\.js$/, '.tsx'), p, `${p}.ts`, `${p}/index.ts`]) {
    try {
      if (fs.statSync(c).isFile()) return c;
    } catch {
      // not this candidate
    }
  }
  return null;
}

const depsCache = new Map();
function relativeDeps(file, text) {
  const deps = [];
  for (const m of text.matchAll(RELATIVE_SPEC)) {
    const target = resolveSource(file, m[1] ?? m[2]);
    if (target) deps.push(target);
  }
  return deps;
}
/** The files a file imports, read from disk (cached by modification time). */
function depsOnDisk(file) {
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = depsCache.get(file);
  if (hit && hit.mtime === mtime) return hit.deps;
  const deps = relativeDeps(file, fs.readFileSync(file, 'utf8'));
  depsCache.set(file, { mtime, deps });
  return deps;
}

/** A path of imports from `start` back to `target`, or null (depth-first, each file once). */
function cycleThrough(start, target) {
  const seen = new Set();
  const walk = (file, trail) => {
    if (file === target) return trail;
    if (seen.has(file)) return null;
    seen.add(file);
    for (const dep of depsOnDisk(file)) {
      const found = walk(dep, [...trail, dep]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

/** Kysely's query builders: a call of one of these is a query. */
const QUERY_BUILDERS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
  'selectNoFrom',
]);
const SQL_CHECKED = /^apps\/server\/src\//;
/** Where queries may be written: repositories, seeds (demo rows of their feature), the db layer, tests. */
const SQL_ALLOWED = [/\.repository\.ts$/, /\.seed\.ts$/, /^apps\/server\/src\/db\//, /\.test\.ts$/, /\/__tests__\//];

/** Which feature owns each table, read from apps/server/src/db/table-owners.ts (one `table: 'feature',` a line). */
function readTableOwners() {
  const text = fs.readFileSync(path.join(root, 'apps/server/src/db/table-owners.ts'), 'utf8');
  const owners = new Map();
  for (const m of text.matchAll(/^\s+([a-z0-9_]+): '([a-z0-9-]+)',$/gm)) owners.set(m[1], m[2]);
  if (owners.size < 10) throw new Error('eslint.config.js: could not read apps/server/src/db/table-owners.ts');
  return owners;
}
const TABLE_OWNERS = readTableOwners();
/** Builder calls whose first argument names a table ('points', 'points as p', or a list of them). */
const TABLE_CALLS = new Set([
  ...QUERY_BUILDERS,
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
  'table',
]);
/**
 * Reads of another feature's tables kept on purpose, each with its measured reason. Everything else
 * comes through the owner's service (batch lookups by ids).
 */
const FOREIGN_TABLES_ALLOWED = [
  // A broadcast fans out to every account of an audience and its push devices in one
  // INSERT ... SELECT (100,000 recipients in seconds, `npm run bench -- broadcast`); the delivery
  // claim joins the device it sends to. Row by row through identity's service would be 100,000 calls.
  { file: 'apps/server/src/features/notifications/broadcasts.repository.ts', tables: ['users', 'devices'] },
  { file: 'apps/server/src/features/notifications/deliveries.repository.ts', tables: ['users', 'devices'] },
  // Statistics are sums over the ledger of collected kilos (`pickup_request_items`, the scheme's
  // every collection: SUM/GROUP BY month × material on a covering index), requests counted per
  // status, emptyings' kilos per container's point, and kilos per city grouped through `points`.
  // Through the owners' services each figure would read every ledger row into the process to add it up.
  {
    file: 'apps/server/src/features/statistics/statistics.repository.ts',
    tables: ['container_readings', 'containers', 'pickup_request_items', 'pickup_requests', 'points'],
  },
];
/** The table a builder argument names ('points as p' → 'points'), or null for a non-literal. */
function tableNamed(node) {
  if (node?.type !== 'Literal' || typeof node.value !== 'string') return null;
  return node.value
    .trim()
    .split(/\s+as\s+/i)[0]
    .trim();
}
/** Tables a raw sql`` text names after FROM / JOIN / UPDATE / INTO. */
const RAW_TABLE = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

const boundaries = {
  rules: {
    'no-cycles': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { cycle: 'Import cycle: {{path}}. Move what both sides need into a third module.' },
      },
      create(context) {
        const file = context.filename;
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = resolveSource(file, spec);
          if (!target || target === file) return;
          const trail = cycleThrough(target, file);
          if (trail) {
            const shown = [file, ...trail].map((f) => rel(f).replace(/^apps\/server\/src\//, '')).join(' → ');
            context.report({ node: node.source, messageId: 'cycle', data: { path: shown } });
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: (node) => check({ source: node.source }),
        };
      },
    },
    'sql-in-repositories': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          query:
            "SQL lives in a repository: move this '{{method}}' into a *.repository.ts function that says what it is for.",
          raw: "Kysely's sql template is for repositories: move the query into a *.repository.ts function.",
        },
      },
      create(context) {
        const file = rel(context.filename);
        if (!SQL_CHECKED.test(file) || SQL_ALLOWED.some((re) => re.test(file))) return {};
        return {
          CallExpression(node) {
            const callee = node.callee;
            if (
              callee.type === 'MemberExpression' &&
              callee.property.type === 'Identifier' &&
              QUERY_BUILDERS.has(callee.property.name)
            ) {
              context.report({ node: callee.property, messageId: 'query', data: { method: callee.property.name } });
            }
          },
          ImportDeclaration(node) {
            if (node.source.value !== 'kysely' || node.importKind === 'type') return;
            for (const s of node.specifiers) {
              if (s.type === 'ImportSpecifier' && s.importKind !== 'type' && s.imported.name === 'sql')
                context.report({ node: s, messageId: 'raw' });
            }
          },
        };
      },
    },
    'own-tables': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          foreign:
            "Table '{{table}}' belongs to feature '{{owner}}': ask {{owner}}'s *.service.ts for its rows (a batch lookup by ids) instead of naming it in '{{feature}}'s repository.",
        },
      },
      create(context) {
        const file = rel(context.filename);
        const m = /^apps\/server\/src\/features\/([^/]+)\/[^/]+\.repository\.ts$/.exec(file);
        if (!m) return {};
        const feature = m[1];
        const allowed = new Set(FOREIGN_TABLES_ALLOWED.filter((a) => a.file === file).flatMap((a) => a.tables));
        const check = (node, table) => {
          const owner = TABLE_OWNERS.get(table);
          if (!owner || owner === feature || allowed.has(table)) return;
          context.report({ node, messageId: 'foreign', data: { table, owner, feature } });
        };
        return {
          CallExpression(node) {
            const callee = node.callee;
            if (
              callee.type !== 'MemberExpression' ||
              callee.property.type !== 'Identifier' ||
              !TABLE_CALLS.has(callee.property.name)
            )
              return;
            const arg = node.arguments[0];
            const args = arg?.type === 'ArrayExpression' ? arg.elements : [arg];
            for (const a of args) {
              const table = tableNamed(a);
              if (table) check(a, table);
            }
          },
          TaggedTemplateExpression(node) {
            if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
            for (const q of node.quasi.quasis) {
              for (const t of q.value.cooked.matchAll(RAW_TABLE)) check(q, t[1].toLowerCase());
            }
          },
        };
      },
    },
    imports: {
      meta: { type: 'problem', schema: [], messages: { bad: '{{why}}' } },
      create(context) {
        const file = rel(context.filename);
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string') return;
          const report = (why) => context.report({ node: node.source, messageId: 'bad', data: { why } });
          if (file.startsWith('packages/contract/')) {
            if (!spec.startsWith('.') && spec !== 'zod' && !spec.startsWith('zod/')) {
              report(`The contract depends on zod only (found '${spec}').`);
            }
          }
          if (file.startsWith('apps/web/') && (spec.startsWith('@puntoverde/server') || /apps\/server/.test(spec))) {
            report('The web app never imports the server.');
          }
          if (!spec.startsWith('.')) return;
          const target = rel(path.resolve(path.dirname(context.filename), spec));
          if (file.startsWith('apps/web/') && target.startsWith('apps/server/'))
            report('The web app never imports the server.');
          if (file.startsWith('packages/contract/') && !target.startsWith('packages/contract/')) {
            report('The contract only imports its own files.');
          }
          const from = featureOf(file);
          const to = featureOf(target + '/');
          if (to && from && from[0] === to[0] && from[1] !== to[1]) {
            if (from[0] === 'web')
              report(`Web features don't import each other ('${from[1]}' → '${to[1]}'); compose them in app/.`);
            else if (!/\.service(\.js|\.ts)?$/.test(target)) {
              report(`Server feature '${from[1]}' may only use '${to[1]}' through its *.service.ts.`);
            }
          }
          if (
            /^apps\/server\/src\/(routes|plugins)\//.test(file) &&
            !/\.test\.ts$|\/__tests__\//.test(file) &&
            /^apps\/server\/src\/features\/.*\.repository(\.js|\.ts)?$/.test(target)
          ) {
            report("Routes and plugins reach a feature's rows through its *.service.ts, never its repository.");
          }
          if (
            /^apps\/server\/src\/(db|lib)\//.test(file) &&
            !/\.test\.ts$/.test(file) &&
            /^apps\/server\/src\/(features|plugins|routes|cli)\//.test(target)
          ) {
            report('db/ and lib/ are the ground floor of the server: they never import a feature, plugin or route (pass what they need in from where the server is composed).');
          }
          if (to && to[0] === 'web' && /^apps\/web\/src\/(components|lib)\//.test(file)) {
            report('Shared components/ and lib/ never import a feature.');
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: (node) => check({ source: node.source }),
        };
      },
    },
  },
};

/**
 * The web app takes every API path from the contract (its `*_PATH` / `*_PATHS` constants and path
 * builders in the zod-free `*-values.ts` modules), so the client and the server's routes name one
 * path once: a string or template starting `v1/` or `/back/api/v1/` is a path written by hand.
 */
const API_PATH_PATTERN = '/^(\\/back\\/api\\/)?v1\\//';
const API_PATH_MESSAGE =
  'Take the API path from @puntoverde/contract (a *_PATH / *_PATHS constant or a path builder in <feature>-values.ts), not a literal.';
const WEB_API_PATH_SELECTORS = [
  { selector: `Literal[value=${API_PATH_PATTERN}]`, message: API_PATH_MESSAGE },
  { selector: `TemplateLiteral > TemplateElement:first-child[value.raw=${API_PATH_PATTERN}]`, message: API_PATH_MESSAGE },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'bench/results/**',
      'playwright-report/**',
      // Build and bench caches (the server build's work folders, the bench server bundle, Node 24).
      '.cache/**',
      // The native projects (generated by Capacitor; their public/ folders hold a copy of dist/).
      'apps/web/android/**',
      'apps/web/ios/**',
      '**/*.d.mts',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'apps/web/scripts/*.mjs'] },
        tsconfigRootDir: root,
      },
      globals: { ...globals.node },
    },
    plugins: { boundaries },
    rules: {
      'boundaries/imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Import cycles in the server (a module half-initialised when its importer runs).
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'boundaries/no-cycles': 'error',
      'boundaries/sql-in-repositories': 'error',
      'boundaries/own-tables': 'error',
    },
  },
  {
    // A feature's rows stay behind its service: other features and routes call service functions,
    // never repository functions passed through (export … from './x.repository.js'), and a service
    // names what it exports (no export *).
    files: ['apps/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportNamedDeclaration[source.value=/\\.repository(\\.js)?$/]',
          message: 'A service does not re-export its repository: write a service function that says what it is for.',
        },
        { selector: 'ExportAllDeclaration', message: 'A service names what it exports (no export *).' },
      ],
    },
  },
  {
    // What a person reads of a failed call comes from apiErrorMessage/applyApiError/apiFieldMessages
    // (the chosen language, by the error's code and the contract's texts), never the server's
    // Spanish `message` or `fields` rendered as they came.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/__tests__/**', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...WEB_API_PATH_SELECTORS,
        {
          selector: "MemberExpression[property.name='message'][object.type='Identifier'][object.name=/^(err|error)$/]",
          message: 'Show a failed call with apiErrorMessage(t, error) (lib/api-errors), not its raw message.',
        },
        {
          selector:
            "MemberExpression[property.name='message'][object.type='MemberExpression'][object.property.name='error'][object.object.type='Identifier'][object.object.name!='fieldState']",
          message:
            'Show a failed query or mutation with apiErrorMessage(t, x.error) (lib/api-errors), not its raw message.',
        },
        {
          selector: "MemberExpression[property.name='fields'][object.type='Identifier'][object.name=/^(err|error)$/]",
          message:
            "Read a failed call's field messages with apiFieldMessages/applyApiError (lib/api-errors): they come in Spanish.",
        },
        {
          selector: "MemberExpression[property.name='fields'][object.type='MemberExpression'][object.property.name='error']",
          message:
            "Read a failed call's field messages with apiFieldMessages/applyApiError (lib/api-errors): they come in Spanish.",
        },
        {
          // A disabled button drops focus to the page while the form is sent (WCAG 2.4.3).
          selector:
            "JSXOpeningElement:matches([name.name='button'], [name.name='IonButton']):has(JSXAttribute[name.name='type'][value.value='submit']):has(JSXAttribute[name.name='disabled'])",
          message: 'Send a form with <SubmitButton busy={…}> (components/submit-button): a disabled button loses focus.',
        },
      ],
    },
  },
  {
    // API paths from the contract (the .tsx files get the same selectors in the block above: a
    // later no-restricted-syntax would replace, not extend, that block's list).
    files: ['apps/web/src/**/*.ts'],
    ignores: ['**/__tests__/**', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...WEB_API_PATH_SELECTORS] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    // React Compiler is not used, so its library-compatibility notices (react-hook-form's watch) do not apply.
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/incompatible-library': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/__tests__/**', 'e2e/**', 'bench/**', 'apps/server/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);

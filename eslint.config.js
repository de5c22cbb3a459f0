// ESLint: type-aware TypeScript rules, React hooks rules, and import boundaries:
// - web features never import each other; shared components/ and lib/ never import features;
// - server features reach other features only through their *.service.ts;
// - the web never imports the server; the contract depends on zod only.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/** The feature a repo-relative path belongs to, e.g. ['web', 'pqr']. */
function featureOf(p) {
  const m = /^apps\/(web|server)\/src\/features\/([^/]+)\//.exec(p);
  return m ? [m[1], m[2]] : null;
}

const boundaries = {
  rules: {
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
          if (file.startsWith('apps/web/') && target.startsWith('apps/server/')) report('The web app never imports the server.');
          if (file.startsWith('packages/contract/') && !target.startsWith('packages/contract/')) {
            report('The contract only imports its own files.');
          }
          const from = featureOf(file);
          const to = featureOf(target + '/');
          if (to && from && from[0] === to[0] && from[1] !== to[1]) {
            if (from[0] === 'web') report(`Web features don't import each other ('${from[1]}' → '${to[1]}'); compose them in app/.`);
            else if (!/\.service(\.js|\.ts)?$/.test(target)) {
              report(`Server feature '${from[1]}' may only use '${to[1]}' through its *.service.ts.`);
            }
          }
          if (to && to[0] === 'web' && /^apps\/web\/src\/(components|lib)\//.test(file)) {
            report('Shared components/ and lib/ never import a feature.');
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (node) => check({ source: node.source }) };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'bench/results/**',
      'playwright-report/**',
      '**/*.d.mts',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'apps/web/scripts/*.mjs'] }, tsconfigRootDir: root },
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

/**
 * Lets the bundler drop the Ionic code a page does not use (STACK.md "Ionic bundle size").
 *
 * Ionic, ionicons and the Stencil runtime do not declare `sideEffects`, so every module they
 * import is kept, and module-level calls inside kept modules are too. This plugin:
 * - marks their JS modules (never their CSS) free of side effects, and
 * - annotates as pure the module-level calls that only build things: Stencil's component
 *   class wrappers, @ionic/react's component factories, and the contract's zod schemas
 *   (which would otherwise pull zod into the first paint).
 * The e2e suite checks that every page still renders with this on.
 */
import type { Plugin } from 'vite';
import { annotatePure } from './pure-annotations.ts';

interface Rule {
  file: RegExp;
  /** Global pattern; the annotation goes after its first capture group. */
  pureCalls?: RegExp;
}

const SEP = String.raw`[\\/]`;
const path = (...parts: string[]) => new RegExp(parts.join(SEP));

const RULES: Rule[] = [
  {
    // Stencil wraps each component class at module level: `const m=t(class extends n{...})`.
    file: path('node_modules', '(@ionic', 'core|ionicons)', 'components', String.raw`[^\\/]+\.js$`),
    pureCalls: /([=,(])(?=[\w$]+\(class extends )/g,
  },
  {
    // Component wrappers such as IonNav and IonTabBar lack a pure annotation.
    file: path('node_modules', '@ionic', 'react', 'dist', String.raw`index\.js$`),
    pureCalls:
      /^((?:export )?const [\w$]+ = )(?=(?:createForwardRef|createReactComponent|React\.createContext|React\.memo)\()/gm,
  },
  {
    // Contract modules build zod schemas at module level (`z.object(...)`, `dataOf(...)`,
    // `pageOf(...)`, `ZPointSummary.extend(...)`); the web app uses few of them.
    file: path('packages', 'contract', 'src', String.raw`[^\\/]+\.ts$`),
    pureCalls: /((?:^|[^\w.$]))(?=z\.|dataOf\(|pageOf\(|Z\w+\.(?:extend|pick|omit|partial|merge|array|and|or|refine|transform)\()/g,
  },
  {
    file: path(
      'node_modules',
      '(@ionic',
      '(core|react|react-router)|ionicons|@stencil',
      'react-output-target)',
      String.raw`.*\.[cm]?js$`,
    ),
  },
];

export function sideEffectFreeModules(): Plugin {
  return {
    name: 'puntoverde:side-effect-free-modules',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?', 1)[0] ?? id;
      const rule = RULES.find((candidate) => candidate.file.test(file));
      if (!rule) return null;
      const annotated = rule.pureCalls ? annotatePure(code, rule.pureCalls, file) : null;
      return annotated
        ? { code: annotated.code, map: annotated.map, moduleSideEffects: false }
        : { moduleSideEffects: false };
    },
  };
}

/**
 * Gives each simple Ionic React component its own module, so a lazy page's Ionic components
 * load with that page instead of with the first paint.
 *
 * `@ionic/react` is one module: whatever any page imports from it (IonInput, IonSelect...)
 * is kept in that module, and the module is needed by the shell, so every used component's
 * custom element ended up in the JavaScript of /index. Most components there are thin
 * wrappers built by Stencil's `createComponent({ tagName, elementClass, events,
 * defineCustomElement })`. This plugin reads those definitions from @ionic/react's own build
 * and serves each as a virtual module; imports of them from `@ionic/react` in our sources are
 * rewritten to those modules. Routing, overlay and page components still come from
 * `@ionic/react` itself. ionicons' icon constants (one module with 1,300 SVG strings) get
 * the same treatment: each imported icon becomes its own module.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL_PREFIX = '\0ionic-component:';
const ICON_PREFIX = '\0ionicon:';

/** `export const name = "data:image/svg+xml..."` lines of ionicons/icons/index.mjs. */
export function readIonicons(source: string): Map<string, string> {
  const icons = new Map<string, string>();
  for (const m of source.matchAll(/^export const ([\w$]+) = ("(?:[^"\\]|\\.)*");?$/gm)) icons.set(m[1]!, m[2]!);
  return icons;
}

/** Rewrites `import { a, b } from 'ionicons/icons'` to one module per icon. */
export function splitIconImports(code: string, icons: ReadonlyMap<string, string>): string | null {
  let changed = false;
  const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*['"]ionicons\/icons['"];?/g, (statement, names: string) => {
    const specs = names
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const parsed = specs.map((spec) => spec.split(/\s+as\s+/).map((s) => s.trim()));
    if (!parsed.every(([imported]) => imported && icons.has(imported))) return statement;
    changed = true;
    return parsed
      .map(([imported, local]) => `import { ${imported}${local ? ` as ${local}` : ''} } from '${ICON_PREFIX.slice(1)}${imported}';`)
      .join(' ');
  });
  return changed ? out : null;
}

type ComponentDef = { name: string; body: string; elementModule: string; elementExport: string };

/** Parses @ionic/react's dist for `const IonX = createComponent({...})` definitions. */
export function readIonicComponentDefs(distSource: string): Map<string, ComponentDef> {
  const imports = new Map<string, { module: string; exportName: string }>();
  const defines = new Map<string, string>();
  const importRe = /^import \{ (\w+) as ([\w$]+), defineCustomElement as ([\w$]+) \} from '(@ionic\/core\/components\/[\w-]+\.js)';$/gm;
  for (const m of distSource.matchAll(importRe)) {
    imports.set(m[2]!, { module: m[4]!, exportName: m[1]! });
    defines.set(m[3]!, m[4]!);
  }
  const defs = new Map<string, ComponentDef>();
  const compRe = /^const (Ion\w+) = \/\*@__PURE__\*\/ createComponent\(\{\n([\s\S]*?)\n\}\);$/gm;
  for (const m of distSource.matchAll(compRe)) {
    const name = m[1]!;
    const body = m[2]!;
    const elementAlias = /elementClass: ([\w$]+),/.exec(body)?.[1];
    const defineAlias = /defineCustomElement: ([\w$]+)/.exec(body)?.[1];
    const element = elementAlias ? imports.get(elementAlias) : undefined;
    if (!element || !defineAlias || defines.get(defineAlias) !== element.module) continue;
    const portable = body
      .replace(/elementClass: [\w$]+,/, 'elementClass: ElementClass,')
      .replace(/defineCustomElement: [\w$]+/, 'defineCustomElement: defineElement');
    defs.set(name, { name, body: portable, elementModule: element.module, elementExport: element.exportName });
  }
  return defs;
}

type RoutingDef = { name: string; alias: string; elementModule: string };

/** `const IonButton = createRoutingComponent('ion-button', IonButton$1)` and its element module. */
export function readRoutingComponentDefs(distSource: string): Map<string, RoutingDef> {
  const defs = new Map<string, RoutingDef>();
  const compRe = /^const (Ion\w+) = \/\*@__PURE__\*\/ createRoutingComponent\('([\w-]+)', ([\w$]+)\);$/gm;
  for (const m of distSource.matchAll(compRe)) {
    const alias = m[3]!;
    const escaped = alias.replace(/\$/g, '\\$');
    const imp = new RegExp(`^import \\{ \\w+ as ${escaped} \\} from '(@ionic\\/core\\/components\\/[\\w-]+\\.js)';$`, 'm').exec(distSource);
    if (imp) defs.set(m[1]!, { name: m[1]!, alias, elementModule: imp[1]! });
  }
  return defs;
}

/**
 * In @ionic/react's own module: the routing components no longer define their element (their
 * virtual module does, in the chunk that uses them), and the toast and alert elements, which
 * only the overlay hooks need, load on first use.
 */
export function deferIonicElements(distSource: string, routing: ReadonlyMap<string, RoutingDef>): string {
  let out = distSource;
  for (const def of routing.values()) {
    const escaped = def.alias.replace(/\$/g, '\\$');
    out = out.replace(
      new RegExp(`^import \\{ \\w+ as ${escaped} \\} from '[^']+';$`, 'm'),
      `const ${def.alias} = undefined;`,
    );
  }
  for (const tag of ['ion-toast', 'ion-alert']) {
    out = out.replace(
      new RegExp(`^import \\{ defineCustomElement as ([\\w$]+) \\} from '@ionic\\/core\\/components\\/${tag}\\.js';$`, 'm'),
      (_line, alias: string) =>
        `const ${alias} = () => { void import('@ionic/core/components/${tag}.js').then((m) => m.defineCustomElement()); };`,
    );
  }
  return out;
}

/** Hooks served by our own module (lazy element definitions), same signatures as Ionic's. */
const LAZY_OVERLAY_HOOKS = new Set(['useIonToast', 'useIonAlert']);

/**
 * Rewrites `import { IonInput, IonPage } from '@ionic/react'` so IonInput comes from its own
 * module (and the overlay hooks from `overlaysModule`).
 */
export function splitIonicImports(
  code: string,
  components: ReadonlySet<string>,
  overlaysModule = '/src/lib/lazy-overlays.ts',
): string | null {
  let changed = false;
  const out = code.replace(
    /import\s*\{([^}]*)\}\s*from\s*['"]@ionic\/react['"];?/g,
    (statement, names: string) => {
      const specifiers = names
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const moved: string[] = [];
      const kept: string[] = [];
      for (const spec of specifiers) {
        const [imported, local] = spec.split(/\s+as\s+/).map((s) => s.trim());
        const alias = `${imported}${local ? ` as ${local}` : ''}`;
        if (!spec.startsWith('type ') && imported && components.has(imported)) {
          moved.push(`import { ${alias} } from '${VIRTUAL_PREFIX.slice(1)}${imported}';`);
        } else if (!spec.startsWith('type ') && imported && LAZY_OVERLAY_HOOKS.has(imported)) {
          moved.push(`import { ${alias} } from '${overlaysModule}';`);
        } else {
          kept.push(spec);
        }
      }
      if (!moved.length) return statement;
      changed = true;
      return [kept.length ? `import { ${kept.join(', ')} } from '@ionic/react';` : '', ...moved].join(' ');
    },
  );
  return changed ? out : null;
}

export function ionicPerComponent(): Plugin {
  const require = createRequire(import.meta.url);
  const distFile = require.resolve('@ionic/react');
  const fromIonic = createRequire(distFile);
  const defs = readIonicComponentDefs(readFileSync(distFile, 'utf8'));
  // IonIcon is a class wrapper in @ionic/react (it only adds ios/md icon variants, which we do
  // not use); served like the others it no longer pins ionicons' own Stencil runtime to /index.
  defs.set('IonIcon', {
    name: 'IonIcon',
    body: "  tagName: 'ion-icon',\n  elementClass: ElementClass,\n  react: React,\n  events: {},\n  defineCustomElement: defineElement",
    elementModule: 'ionicons/components/ion-icon.js',
    elementExport: 'IonIcon',
  });

  const distSource = readFileSync(distFile, 'utf8');
  const routing = readRoutingComponentDefs(distSource);
  const names = new Set([...defs.keys(), ...routing.keys()]);
  const icons = readIonicons(readFileSync(path.join(path.dirname(require.resolve('ionicons/icons')), 'index.mjs'), 'utf8'));
  // Bare specifiers: Vite resolves them like @ionic/react's own imports (the ESM builds).
  fromIonic.resolve('@stencil/react-output-target/runtime');
  const srcDir = path.resolve(import.meta.dirname, '../src') + path.sep;
  const overlaysFile = path.join(srcDir, 'lib', 'lazy-overlays.ts');
  return {
    name: 'puntoverde:ionic-per-component',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      if (id.startsWith(VIRTUAL_PREFIX.slice(1)) || id.startsWith(ICON_PREFIX.slice(1))) return '\0' + id;
      return null;
    },
    load(id) {
      if (id.startsWith(ICON_PREFIX)) {
        const name = id.slice(ICON_PREFIX.length);
        const svg = icons.get(name);
        return svg === undefined ? null : `export const ${name} = ${svg};`;
      }
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const routingDef = routing.get(id.slice(VIRTUAL_PREFIX.length));
      if (routingDef) {
        return {
          code: [
            `import { ${routingDef.name} as RoutingComponent } from '@ionic/react';`,
            `import { defineCustomElement } from '${routingDef.elementModule}';`,
            `defineCustomElement();`,
            `export const ${routingDef.name} = RoutingComponent;`,
          ].join('\n'),
          moduleSideEffects: true,
        };
      }
      const def = defs.get(id.slice(VIRTUAL_PREFIX.length));
      if (!def) return null;
      return [
        `import React from 'react';`,
        `import { createComponent } from '@stencil/react-output-target/runtime';`,
        `import { ${def.elementExport} as ElementClass, defineCustomElement as defineElement } from '${def.elementModule}';`,
        `export const ${def.name} = /*@__PURE__*/ createComponent({`,
        def.body,
        `});`,
      ].join('\n');
    },
    transform(code, id) {
      if (id.split('?', 1)[0] === distFile) return { code: deferIonicElements(code, routing), map: null };
      if (!id.startsWith(srcDir) || !/\.[jt]sx?$/.test(id) || id === overlaysFile) return null;
      let out: string | null = code;
      let changed = false;
      if (out.includes('ionicons/icons')) {
        const next = splitIconImports(out, icons);
        if (next) [out, changed] = [next, true];
      }
      if (out.includes('@ionic/react')) {
        const next = splitIonicImports(out, names, overlaysFile);
        if (next) [out, changed] = [next, true];
      }
      return changed ? { code: out, map: null } : null;
    },
  };
}

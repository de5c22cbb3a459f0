import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sideEffectFreeModules } from '../side-effect-free-modules';

const require = createRequire(import.meta.url);
const distFile = require.resolve('@ionic/react');

describe('side-effect-free-modules', () => {
  it('marks the unannotated top-level component factories of @ionic/react as pure', () => {
    const plugin = sideEffectFreeModules();
    const transform = plugin.transform as (code: string, id: string) => { code?: string } | null;
    const out = transform(readFileSync(distFile, 'utf8'), distFile)?.code ?? '';
    // IonIcon's factory is what kept ionicons' Stencil runtime in the first paint.
    expect(out).toMatch(/^const IonIcon = \/\* @__PURE__ \*\/ createForwardRef\(/m);
    expect(out).toMatch(/^const IonNavInner = \/\* @__PURE__ \*\/ createReactComponent\(/m);
    expect(out).not.toMatch(/^const [\w$]+ = (createForwardRef|createReactComponent)\(/m);
  });
});

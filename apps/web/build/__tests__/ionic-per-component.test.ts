import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { deferIonicElements, readIonicComponentDefs, readRoutingComponentDefs } from '../ionic-per-component';

const require = createRequire(import.meta.url);
const distSource = readFileSync(require.resolve('@ionic/react'), 'utf8');

describe('ionic-per-component', () => {
  it('marks the unannotated top-level component factories of @ionic/react as pure', () => {
    const out = deferIonicElements(distSource, readRoutingComponentDefs(distSource));
    // IonIcon's factory is what kept ionicons' Stencil runtime in the first paint.
    expect(out).toMatch(/^const IonIcon = \/\*@__PURE__\*\/ createForwardRef\(/m);
    expect(out).toMatch(/^const IonNavInner = \/\*@__PURE__\*\/ createReactComponent\(/m);
    expect(out).not.toMatch(/^const [\w$]+ = (createForwardRef|createReactComponent)\(/m);
  });

  it('reads the simple components it serves as their own modules', () => {
    const defs = readIonicComponentDefs(distSource);
    expect(defs.get('IonNote')?.elementModule).toBe('@ionic/core/components/ion-note.js');
    expect(defs.get('IonNote')?.body).toContain('defineCustomElement: defineElement');
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readIonicComponentDefs } from '../ionic-per-component';

const require = createRequire(import.meta.url);
const distSource = readFileSync(require.resolve('@ionic/react'), 'utf8');

describe('ionic-per-component', () => {
  it('reads the simple components it serves as their own modules', () => {
    const defs = readIonicComponentDefs(distSource);
    expect(defs.get('IonNote')?.elementModule).toBe('@ionic/core/components/ion-note.js');
    expect(defs.get('IonNote')?.body).toContain('defineCustomElement: defineElement');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every entity and action the server writes to the audit log, read from its sources. */
function auditedNames(): { entities: Set<string>; actions: Set<string> } {
  const root = path.resolve(import.meta.dirname, '../../../../../server/src');
  const entities = new Set<string>();
  const actions = new Set<string>();
  for (const file of readdirSync(root, { recursive: true }).map(String)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(path.join(root, file), 'utf8');
    if (!/recordAudit|recordCliAudit|insertAuditEntry/.test(source)) continue;
    for (const m of source.matchAll(/entity: '([a-z_-]+)'/g)) entities.add(m[1]!);
    for (const m of source.matchAll(/action: '([a-z_-]+)'/g)) actions.add(m[1]!);
  }
  return { entities, actions };
}

const es = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../../public/assets/i18n/es.json'), 'utf8'),
) as {
  admin: { audit: { entities: Record<string, string>; actions: Record<string, string> } };
  design: { audit: { entities: Record<string, string>; actions: Record<string, string> } };
};

describe('the audit list’s Spanish names', () => {
  it('names every audited resource and action in Spanish (report categories among them)', () => {
    const { entities, actions } = auditedNames();
    expect(entities).toContain('report_category');
    const label = (kind: 'entities' | 'actions', name: string) =>
      es.admin.audit[kind][name] ?? es.design.audit[kind][name];
    expect([...entities].filter((e) => !label('entities', e))).toEqual([]);
    expect([...actions].filter((a) => !label('actions', a))).toEqual([]);
    expect(label('entities', 'report_category')).toBe('Categoría de reporte');
  });
});

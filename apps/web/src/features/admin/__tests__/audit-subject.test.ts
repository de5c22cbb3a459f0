import { describe, expect, it } from 'vitest';
import { translate } from '../../../test/translate';
import { auditSubject } from '../components/admin-audit';

describe('an audit entry names whom or what it is about', () => {
  it('names the person a user change was about, from the record before the change', () => {
    expect(
      auditSubject({ entity_id: '21', before: { id: 21, name: 'Ana Pérez', active: true }, after: { active: false } }),
    ).toBe('Ana Pérez');
  });

  it('prefers the name after the change, and falls back to a title or an e-mail', () => {
    expect(
      auditSubject({ entity_id: '3', before: { title: 'Viejo' }, after: { title: 'Reciclatón de diciembre' } }),
    ).toBe('Reciclatón de diciembre');
    expect(auditSubject({ entity_id: '9', before: null, after: { email: 'gestor@example.co' } })).toBe(
      'gestor@example.co',
    );
    expect(
      auditSubject({ entity_id: 'PQR-2026-000001', before: { status: 'radicada' }, after: { status: 'respondida' } }),
    ).toBeNull();
  });

  it('has Spanish labels for the PQR handling steps', () => {
    expect(translate('design.audit.actions.assignment')).toBe('Asignación');
    expect(translate('design.audit.actions.answer')).toBe('Respuesta');
    expect(translate('design.audit.entities.pqr')).toBe('PQR');
  });
});

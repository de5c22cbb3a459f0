import { DEMO_PASSWORD } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import { startupNotes } from './startup-notes.js';

describe('start-up notes', () => {
  it('name the outbox address and every demo account in demo mode', () => {
    const text = startupNotes({ demo: true, publicUrl: 'http://localhost:3000' }, { port: 3000, outbox: true }).join(
      '\n',
    );
    expect(text).toContain('http://localhost:3000/dev/outbox');
    expect(text).toContain(DEMO_PASSWORD);
    for (const email of ['gestor', 'hogar', 'empresa', 'sucursal', 'admin'])
      expect(text).toContain(`${email}@demo.puntoverde.co`);
  });

  it('point at this machine when the public address is another host', () => {
    const text = startupNotes(
      { demo: true, publicUrl: 'https://demo.puntoverde.co' },
      { port: 8080, outbox: true },
    ).join('\n');
    expect(text).toContain('http://localhost:8080/dev/outbox');
  });

  it('leave the outbox out when e-mail goes through SMTP, and say nothing outside demo mode', () => {
    expect(
      startupNotes({ demo: true, publicUrl: 'http://localhost:3000' }, { port: 3000, outbox: false }).join('\n'),
    ).not.toContain('outbox');
    expect(startupNotes({ demo: false, publicUrl: 'http://localhost:3000' }, { port: 3000, outbox: true })).toEqual([]);
  });
});

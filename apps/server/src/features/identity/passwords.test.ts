import { describe, expect, it } from 'vitest';
import { hashPassword, isWeakPassword, needsRehash, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('hashes with argon2id at m=19456 KiB, t=2, p=1 and verifies', async () => {
    const hash = await hashPassword('Reciclo-Papel-2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Reciclo-Papel-2026')).toBe(true);
    expect(await verifyPassword(hash, 'reciclo-papel-2026')).toBe(false);
  });

  it('treats a malformed stored hash as a mismatch, not a crash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('asks for a rehash when parameters or algorithm differ', () => {
    expect(needsRehash('$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA')).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=8192,t=2,p=1$c2FsdA$aGFzaA')).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=19456,t=1,p=1$c2FsdA$aGFzaA')).toBe(true);
    expect(needsRehash('$argon2i$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA')).toBe(true);
    expect(needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
  });
});

describe('weak passwords', () => {
  it.each(['12345', 'abc'])('rejects %s for being under 6 characters', (p) => {
    expect(isWeakPassword(p)).toBe(true);
  });

  it.each(['123456', 'password', 'qwerty123', 'contraseña', 'colombia', 'gato1234', 'hola123', 't3s0r0'])(
    'rejects the commonly used %s',
    (p) => {
      expect(isWeakPassword(p)).toBe(true);
    },
  );

  it('rejects a password built from the user own data', () => {
    expect(isWeakPassword('laura.gomez', ['laura.gomez@example.co'])).toBe(true);
  });

  it.each(['PuntoVerde2026!', 'Reciclo-Papel-2026', 'qzkfpw', 'Sol y luna verde'])('accepts %s', (p) => {
    expect(isWeakPassword(p)).toBe(false);
  });
});

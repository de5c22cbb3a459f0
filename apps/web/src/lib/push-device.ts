/**
 * This device's push registration id (spec §3: "push registration yields a user id that is
 * stored through a service"): the `player_id` register-notifications answers, kept in
 * localStorage and sent as `playerId` with the next `clientes/login` (spec §7).
 */
const STORAGE_KEY = 'pushPlayerId';

export function getPlayerId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setPlayerId(playerId: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, playerId);
  } catch {
    // Private mode without storage: the device is still linked when registered with a session.
  }
}

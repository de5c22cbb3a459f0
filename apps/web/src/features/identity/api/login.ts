/** POST clientes/login { username, password, playerId } → { data: user } (spec §7). */
import { IDENTITY_PATHS, SESSION_EVENTS } from '@puntoverde/contract';
import type { LoginRequest, SessionUser } from '@puntoverde/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getPlayerId } from '../../../lib/push-device';
import { saveSession } from '../../../lib/session';

export async function login(body: LoginRequest): Promise<SessionUser> {
  // Anonymous: a wrong password (401) is an answer for the form, not the end of a session.
  // This device's push registration, if any, is linked to the new session (spec §3, §7).
  const playerId = body.playerId ?? getPlayerId() ?? undefined;
  const response = await apiRequest<{ data: SessionUser }>(IDENTITY_PATHS.login, {
    body: playerId ? { ...body, playerId } : body,
    anonymous: true,
  });
  return response.data;
}

/** Logs in and stores the whole `data` object as the current user (spec §4). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => saveSession(user, SESSION_EVENTS.login),
  });
}

/** POST v1/me/phone/verification (send an SMS code) and .../confirm (check it). */
import { PHONE_PATHS } from '@puntoverde/contract';
import type { ConfirmPhoneCodeResult, SendPhoneCodeRequest, SendPhoneCodeResult } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getCurrentUser, updateCurrentUser } from '../../../lib/session';
import { meQueryKey } from './me';

export async function sendPhoneCode(body: SendPhoneCodeRequest = {}): Promise<SendPhoneCodeResult> {
  const response = await apiRequest<{ data: SendPhoneCodeResult }>(PHONE_PATHS.sendCode, { method: 'POST', body });
  return response.data;
}

export async function confirmPhoneCode(code: string): Promise<ConfirmPhoneCodeResult> {
  const response = await apiRequest<{ data: ConfirmPhoneCodeResult }>(PHONE_PATHS.confirmCode, {
    method: 'POST',
    body: { code },
  });
  return response.data;
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}

/** On success the session and the profile query know the phone is verified (the badge shows at once). */
export function useConfirmPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPhoneCode,
    onSuccess: (result) => {
      const patch = { phone: result.phone, phone_verified: true, phone_verified_at: result.phone_verified_at };
      updateCurrentUser(patch);
      const id = getCurrentUser().id;
      queryClient.setQueryData([...meQueryKey, id], (old: object | undefined) => (old ? { ...old, ...patch } : old));
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

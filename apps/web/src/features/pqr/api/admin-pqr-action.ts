/**
 * The staff actions on one PQR, each a POST /back/api/v1/admin/pqr/:radicado/<action> that
 * answers the updated detail: assign, notes, status, answer, extension, transfer.
 */
import { adminPqrActionPath } from '@puntoverde/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPqrAnswerRequest,
  AdminPqrDetail,
  AdminPqrExtensionRequest,
  AdminPqrStatusRequest,
  AdminPqrTransferRequest,
} from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminPqrQueryKey } from './admin-pqr-detail';

export type PqrActionBodies = {
  assign: { assignee_id: number | null };
  notes: { body: string };
  status: AdminPqrStatusRequest;
  answer: AdminPqrAnswerRequest;
  extension: AdminPqrExtensionRequest;
  transfer: AdminPqrTransferRequest;
};
export type PqrAction = keyof PqrActionBodies;

export async function runPqrAction<A extends PqrAction>(
  radicado: string,
  action: A,
  body: PqrActionBodies[A],
): Promise<AdminPqrDetail> {
  const res = await apiRequest<{ data: AdminPqrDetail }>(adminPqrActionPath(radicado, action), {
    method: 'POST',
    body,
  });
  return res.data;
}

export function usePqrAction<A extends PqrAction>(radicado: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PqrActionBodies[A]) => runPqrAction(radicado, action, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(adminPqrQueryKey(radicado), detail);
      void queryClient.invalidateQueries({ queryKey: ['pqr', 'admin', 'inbox'] });
    },
  });
}

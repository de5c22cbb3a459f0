/** GET /back/api/v1/pqr/due-date — when an answer is due if filed now (Colombian business days). */
import { PQR_PATHS } from '@puntoverde/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonalDataKind, PqrDueDate, PqrType } from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

export async function fetchDueDate(
  type: PqrType,
  personalDataKind: PersonalDataKind | null,
  filedAt: Date,
): Promise<PqrDueDate> {
  const params = new URLSearchParams({ type, filed_at: filedAt.toISOString() });
  if (personalDataKind) params.set('personal_data_kind', personalDataKind);
  const res = await apiRequest<{ data: PqrDueDate }>(`${PQR_PATHS.dueDate}?${params.toString()}`);
  return res.data;
}

/** `filedAt` is rounded to the hour so one answer serves every keystroke. */
export function dueDateQueryOptions(type: PqrType, personalDataKind: PersonalDataKind | null, filedAt: Date) {
  const hour = new Date(Math.floor(filedAt.getTime() / 3_600_000) * 3_600_000);
  return queryOptions({
    queryKey: ['pqr', 'due-date', type, personalDataKind, hour.toISOString()],
    queryFn: () => fetchDueDate(type, personalDataKind, hour),
    staleTime: 10 * 60_000,
  });
}

export function useDueDate(type: PqrType | undefined, personalDataKind: PersonalDataKind | null) {
  return useQuery({
    ...dueDateQueryOptions(type ?? 'peticion', personalDataKind, new Date()),
    enabled: type !== undefined,
    placeholderData: keepPreviousData,
  });
}

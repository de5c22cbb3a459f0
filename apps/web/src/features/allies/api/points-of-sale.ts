/**
 * An ally's points of sale: the public read (the allies page's map), and the writes of staff
 * (any ally, `allyId`) or of the ally's own staff (`allyId` null: the ally they work for).
 */
import {
  adminAllyPointsOfSalePath,
  allyPointsOfSalePath,
  MY_ALLY_POINTS_OF_SALE_PATH,
  type AllyPointOfSale,
  type AllyPointOfSaleInput,
} from '@puntoverde/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['allies', 'points-of-sale'] as const;

/** The form's values (a position not picked yet is null; the server's schema refuses it). */
export type PointOfSaleBody = Omit<AllyPointOfSaleInput, 'lat' | 'lng'> & { lat: number | null; lng: number | null };

/** Whose points of sale: an ally's (staff) or the caller's own ally (null). */
export type PointsOfSaleOwner = number | null;

function basePath(owner: PointsOfSaleOwner): string {
  return owner === null ? MY_ALLY_POINTS_OF_SALE_PATH : adminAllyPointsOfSalePath(owner);
}

export function usePublicPointsOfSale(allyId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'public', allyId],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: AllyPointOfSale[] }>(allyPointsOfSalePath(allyId!), { signal })).data,
    enabled: allyId !== null,
  });
}

export function usePointsOfSale(owner: PointsOfSaleOwner) {
  return useQuery({
    queryKey: [...KEY, 'manage', owner],
    queryFn: async ({ signal }) => (await apiRequest<{ data: AllyPointOfSale[] }>(basePath(owner), { signal })).data,
  });
}

export function useSavePointOfSale(owner: PointsOfSaleOwner, pointId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PointOfSaleBody) =>
      (
        await apiRequest<{ data: AllyPointOfSale }>(pointId === null ? basePath(owner) : `${basePath(owner)}/${pointId}`, {
          method: pointId === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeletePointOfSale(owner: PointsOfSaleOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pointId: number) => {
      await apiRequest<undefined>(`${basePath(owner)}/${pointId}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

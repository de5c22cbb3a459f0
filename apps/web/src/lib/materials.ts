/** GET v1/materials: the materials catalogue (the points feature serves it), for the material guide. */
import type { Material } from '@puntoverde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export async function fetchMaterials(): Promise<Material[]> {
  const response = await apiRequest<{ data: Material[] }>('v1/materials');
  return response.data;
}

export function materialsQueryOptions() {
  return queryOptions({ queryKey: ['materials'], queryFn: fetchMaterials, staleTime: 60 * 60 * 1000 });
}

export function useMaterials() {
  return useQuery(materialsQueryOptions());
}

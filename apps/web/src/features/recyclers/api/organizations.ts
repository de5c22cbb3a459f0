/** Organisations of recicladores: the coordinator's (and staff's) reads and changes. */
import { ADMIN_RECYCLERS_PATH, RECYCLERS_PATH, type AdminPointList, type CoordinatorAssign, type EcaUpdate, type MacroRouteCreate, type MicroRouteCreate, type Organization, type OrganizationCreate, type OrganizationSummary, type OrganizationUpdate, type ServiceAreaCreate, ADMIN_POINTS_PATH } from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const RECYCLERS_KEY = ['recyclers'] as const;

export function organizationsOptions() {
  return queryOptions({
    queryKey: [...RECYCLERS_KEY, 'organizations'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: OrganizationSummary[] }>(`${RECYCLERS_PATH}/organizations`, { signal })).data,
  });
}

/** The organisations the signed-in manager coordinates (every one for staff). */
export function useOrganizations(enabled = true) {
  return useQuery({ ...organizationsOptions(), enabled });
}

export function organizationOptions(id: number) {
  return queryOptions({
    queryKey: [...RECYCLERS_KEY, 'organization', id],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Organization }>(`${RECYCLERS_PATH}/organizations/${id}`, { signal })).data,
  });
}

export function useOrganization(id: number) {
  return useQuery(organizationOptions(id));
}

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One change to an organisation: every answer is the whole organisation, put in the cache. */
function useOrganizationChange<V>(id: number, request: (vars: V) => { method: Method; path: string; body?: unknown }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => {
      const { method, path, body } = request(vars);
      return (await apiRequest<{ data: Organization }>(path, { method, ...(body === undefined ? {} : { body }) })).data;
    },
    onSuccess: (org) => {
      qc.setQueryData(organizationOptions(id).queryKey, org);
      void qc.invalidateQueries({ queryKey: [...RECYCLERS_KEY, 'organizations'] });
    },
  });
}

const base = (id: number) => `${RECYCLERS_PATH}/organizations/${id}`;

export const useUpdateOrganization = (id: number) =>
  useOrganizationChange(id, (body: OrganizationUpdate) => ({ method: 'PATCH', path: base(id), body }));
export const useAddServiceArea = (id: number) =>
  useOrganizationChange(id, (body: ServiceAreaCreate) => ({ method: 'POST', path: `${base(id)}/service-areas`, body }));
export const useLinkEca = (id: number) =>
  useOrganizationChange(id, (pointId: number) => ({
    method: 'POST',
    path: `${base(id)}/ecas`,
    body: { point_id: pointId },
  }));
export const useUpdateEca = (id: number) =>
  useOrganizationChange(id, ({ pointId, body }: { pointId: number; body: EcaUpdate }) => ({
    method: 'PUT',
    path: `${base(id)}/ecas/${pointId}`,
    body,
  }));
export const useAddMacroRoute = (id: number) =>
  useOrganizationChange(id, (body: MacroRouteCreate) => ({ method: 'POST', path: `${base(id)}/macro-routes`, body }));
export const useAddMicroRoute = (id: number) =>
  useOrganizationChange(id, ({ macroId, body }: { macroId: number; body: MicroRouteCreate }) => ({
    method: 'POST',
    path: `${base(id)}/macro-routes/${macroId}/micro-routes`,
    body,
  }));
export const useAddCoordinator = (id: number) =>
  useOrganizationChange(id, (body: CoordinatorAssign) => ({
    method: 'POST',
    path: `${ADMIN_RECYCLERS_PATH}/organizations/${id}/coordinators`,
    body,
  }));

export function useCreateOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrganizationCreate) =>
      (await apiRequest<{ data: Organization }>(`${ADMIN_RECYCLERS_PATH}/organizations`, { method: 'POST', body }))
        .data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: RECYCLERS_KEY }),
  });
}

/** Staff: the active points of kind ECA, to link one to an organisation. */
export function useEcaPoints(enabled: boolean) {
  return useQuery({
    queryKey: [...RECYCLERS_KEY, 'eca-points'],
    enabled,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: AdminPointList }>(`${ADMIN_POINTS_PATH}?kind=eca&active=true&page_size=100`, {
          signal,
        })
      ).data.items,
  });
}

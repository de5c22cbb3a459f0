/** The organisation's monthly SUI filing (pre-flight, files, lock, settings, material codes) and its dashboard. */
import {
  RECYCLERS_PATH,
  SUI_PATH,
  type PayoutCreate,
  type PayoutListItem,
  type RecyclerDashboard,
  type SuiCodeVersionCreate,
  type SuiCodeTable,
  type SuiFiling,
  type SuiForm,
  type SuiPreflight,
  type SuiSettings,
} from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { RECYCLERS_KEY } from './organizations';

const SUI_KEY = [...RECYCLERS_KEY, 'sui'] as const;
const org = (orgId: number) => `organization_id=${orgId}`;

export const preflightQuery = (orgId: number, month: string) =>
  queryOptions({
    queryKey: [...SUI_KEY, 'preflight', orgId, month],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: SuiPreflight }>(`${SUI_PATH}/preflight?${org(orgId)}&month=${month}`, { signal })).data,
  });
export const usePreflight = (orgId: number, month: string) => useQuery(preflightQuery(orgId, month));

export const useFilings = (orgId: number) =>
  useQuery({
    queryKey: [...SUI_KEY, 'filings', orgId],
    queryFn: async ({ signal }) => (await apiRequest<{ data: SuiFiling[] }>(`${SUI_PATH}/filings?${org(orgId)}`, { signal })).data,
  });

export const useSuiSettings = (orgId: number) =>
  useQuery({
    queryKey: [...SUI_KEY, 'settings', orgId],
    queryFn: async ({ signal }) => (await apiRequest<{ data: SuiSettings }>(`${SUI_PATH}/settings?${org(orgId)}`, { signal })).data,
  });

export const useSuiCodeTable = (month: string) =>
  useQuery({
    queryKey: [...SUI_KEY, 'codes', month],
    queryFn: async ({ signal }) => (await apiRequest<{ data: SuiCodeTable }>(`${SUI_PATH}/material-codes?month=${month}`, { signal })).data,
  });

function useSuiWrite<B, R>(send: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => void qc.invalidateQueries({ queryKey: SUI_KEY }) });
}

export const useFileMonth = (orgId: number) =>
  useSuiWrite(
    async (month: string) =>
      (await apiRequest<{ data: SuiFiling }>(`${SUI_PATH}/filings?${org(orgId)}&month=${month}`, { method: 'POST' })).data,
  );

export const useSaveSuiSettings = (orgId: number) =>
  useSuiWrite(
    async (body: SuiSettings) =>
      (await apiRequest<{ data: SuiSettings }>(`${SUI_PATH}/settings?${org(orgId)}`, { method: 'PUT', body })).data,
  );

/** Staff: the SUI code of one of the app's materials (null: none). */
export const useMapMaterial = () =>
  useSuiWrite(
    async ({ material, sui_code }: { material: string; sui_code: number | null }) =>
      (
        await apiRequest<{ data: SuiCodeTable }>(`${SUI_PATH}/material-codes/map/${encodeURIComponent(material)}`, {
          method: 'PUT',
          body: { sui_code },
        })
      ).data,
  );

/** Staff: a new version of the annex's material code table, used from its month on. */
export const usePublishCodeVersion = () =>
  useSuiWrite(
    async (body: SuiCodeVersionCreate) =>
      (await apiRequest<{ data: SuiCodeTable }>(`${SUI_PATH}/material-codes`, { method: 'POST', body })).data,
  );

/** Saves one month's file as the browser's download. */
export function downloadSuiFile(orgId: number, month: string, form: SuiForm): Promise<void> {
  return apiDownload(`${SUI_PATH}/${form}.csv?${org(orgId)}&month=${month}`, `${form}-${month}.csv`);
}

export const useRecyclerDashboard = (orgId: number, month: string) =>
  useQuery({
    queryKey: [...SUI_KEY, 'dashboard', orgId, month],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: RecyclerDashboard }>(`${RECYCLERS_PATH}/organizations/${orgId}/dashboard?month=${month}`, { signal }))
        .data,
  });

export const usePayouts = (orgId: number, month: string) =>
  useQuery({
    queryKey: [...SUI_KEY, 'payouts', orgId, month],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: PayoutListItem[] }>(`${RECYCLERS_PATH}/organizations/${orgId}/payouts?month=${month}`, { signal }))
        .data,
  });

/** Records a payout to a member; the dashboard and the month's payouts load again. */
export const useRecordPayout = (orgId: number) =>
  useSuiWrite(
    async (body: PayoutCreate) =>
      (await apiRequest<{ data: unknown }>(`${RECYCLERS_PATH}/organizations/${orgId}/payouts`, { method: 'POST', body })).data,
  );

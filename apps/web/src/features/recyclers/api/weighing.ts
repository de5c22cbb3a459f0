/** Scales, scale tickets, stock and sales of an organisation, and a member's own tickets (Mis pesajes). */
import {
  RECYCLERS_PATH,
  RECYCLER_ME_PATH,
  type MyWeighings,
  type Sale,
  type SaleCreate,
  type Scale,
  type StockLine,
  type Ticket,
} from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';
import { RECYCLERS_KEY } from './organizations';

const base = (orgId: number) => `${RECYCLERS_PATH}/organizations/${orgId}`;
const WEIGHING_KEY = [...RECYCLERS_KEY, 'weighing'] as const;

/** The contract's create bodies as sent (kilos may be text as typed: "3,5"). */
export type ScaleBody = {
  serial: string;
  capacity_kg: string;
  division_g: string;
  certificate_number: string;
  certificate_expires_on: string;
  active: boolean;
};
export type TicketBody = {
  eca_point_id: number;
  scale_id: number;
  member_id: number;
  macro_route_id: number | null;
  lines: Array<{ material: string; gross_kg: string; tare_kg: string; reject_kg: string; pickup_id: number | null }>;
  pickups: number[];
};
export type SaleBody = Omit<SaleCreate, 'lines'> & {
  lines: Array<{ material: string; kg: string; price_per_kg: string; vat_rate: string }>;
};

function list<T>(key: string, orgId: number, path: string) {
  return queryOptions({
    queryKey: [...WEIGHING_KEY, key, orgId],
    queryFn: async ({ signal }) => (await apiRequest<{ data: T }>(`${base(orgId)}${path}`, { signal })).data,
  });
}

export const useScales = (orgId: number) => useQuery(list<Scale[]>('scales', orgId, '/scales'));
export const useTickets = (orgId: number) => useQuery(list<Ticket[]>('tickets', orgId, '/tickets'));
export const useStock = (orgId: number) => useQuery(list<StockLine[]>('stock', orgId, '/stock'));
export const useSales = (orgId: number) => useQuery(list<Sale[]>('sales', orgId, '/sales'));

function useWrite<B, R>(send: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => void qc.invalidateQueries({ queryKey: WEIGHING_KEY }) });
}

export function useCreateScale(orgId: number) {
  return useWrite(async ({ pointId, body }: { pointId: number; body: ScaleBody }) =>
    (await apiRequest<{ data: Scale }>(`${base(orgId)}/ecas/${pointId}/scales`, { method: 'POST', body })).data,
  );
}

export function useCreateTicket(orgId: number) {
  return useWrite(async (body: TicketBody) =>
    (await apiRequest<{ data: Ticket }>(`${base(orgId)}/tickets`, { method: 'POST', body })).data,
  );
}

/** The signature drawn on the screen: uploaded as a PNG, then named in the confirmation. */
export function useSignTicket(orgId: number) {
  return useWrite(async ({ ticketId, png }: { ticketId: number; png: Blob }) => {
    const file = await uploadFile(png, 'firma.png', { kind: 'image' });
    return (
      await apiRequest<{ data: Ticket }>(`${base(orgId)}/tickets/${ticketId}/signature`, {
        method: 'POST',
        body: { signature_id: file.id },
      })
    ).data;
  });
}

export function useCreateSale(orgId: number) {
  return useWrite(async (body: SaleBody) =>
    (await apiRequest<{ data: Sale }>(`${base(orgId)}/sales`, { method: 'POST', body })).data,
  );
}

/** Corrects a sale: the same body as a new one. */
export function useUpdateSale(orgId: number) {
  return useWrite(async ({ saleId, body }: { saleId: number; body: SaleBody }) =>
    (await apiRequest<{ data: Sale }>(`${base(orgId)}/sales/${saleId}`, { method: 'PUT', body })).data,
  );
}

export function fetchTicketPdf(orgId: number | null, ticketId: number): Promise<Blob> {
  const url = orgId === null ? `${RECYCLER_ME_PATH}/tickets/${ticketId}/pdf` : `${base(orgId)}/tickets/${ticketId}/pdf`;
  return apiRequest<Blob>(url, { responseType: 'blob' });
}

export const myWeighingsOptions = () =>
  queryOptions({
    queryKey: [...WEIGHING_KEY, 'mine'],
    queryFn: async ({ signal }) => (await apiRequest<{ data: MyWeighings }>(`${RECYCLER_ME_PATH}/weighings`, { signal })).data,
  });
export const useMyWeighings = () => useQuery(myWeighingsOptions());

export function useConfirmMyTicket() {
  return useWrite(async (ticketId: number) =>
    (await apiRequest<{ data: Ticket }>(`${RECYCLER_ME_PATH}/tickets/${ticketId}/confirm`, { method: 'POST', body: {} }))
      .data,
  );
}

/** Back office: the webhook endpoints staff register for integrators, and their deliveries. */
import {
  WEBHOOKS_PATH,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
} from '@puntoverde/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['webhooks'] as const;

export function webhooksOptions() {
  return queryOptions({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await apiRequest<{ data: WebhookEndpoint[] }>(WEBHOOKS_PATH, { signal })).data,
  });
}

export function useWebhooks() {
  return useQuery(webhooksOptions());
}

export function webhookDeliveriesOptions(id: number) {
  return queryOptions({
    queryKey: [...KEY, id, 'deliveries'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: WebhookDelivery[] }>(`${WEBHOOKS_PATH}/${id}/deliveries`, { signal })).data,
  });
}

export function useWebhookDeliveries(id: number) {
  return useQuery(webhookDeliveriesOptions(id));
}

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: WebhookEndpointCreate) =>
      (await apiRequest<{ data: WebhookEndpointWithSecret }>(WEBHOOKS_PATH, { method: 'POST', body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: WebhookEndpointUpdate }) =>
      (await apiRequest<{ data: WebhookEndpoint }>(`${WEBHOOKS_PATH}/${id}`, { method: 'PATCH', body })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest<null>(`${WEBHOOKS_PATH}/${id}`, { method: 'DELETE' });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRotateWebhookSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (
        await apiRequest<{ data: WebhookEndpointWithSecret }>(`${WEBHOOKS_PATH}/${id}/rotate-secret`, {
          method: 'POST',
          body: {},
        })
      ).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useResendWebhookDelivery(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: number) =>
      (
        await apiRequest<{ data: WebhookDelivery }>(`${WEBHOOKS_PATH}/${id}/deliveries/${deliveryId}/resend`, {
          method: 'POST',
        })
      ).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

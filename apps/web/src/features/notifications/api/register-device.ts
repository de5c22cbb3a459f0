/** GET v1/notifications/push-key and POST register-notifications {data} (spec §7). */
import {
  PUSH_KEY_PATH,
  REGISTER_NOTIFICATIONS_PATH,
  type RegisterNotificationsData,
  type RegisteredDevice,
} from '@puntoverde/contract';
import { apiRequest } from '../../../lib/api-client';

export async function fetchPushKey(): Promise<string> {
  return (await apiRequest<{ data: { public_key: string } }>(PUSH_KEY_PATH, { anonymous: true })).data.public_key;
}

export async function registerDevice(data: RegisterNotificationsData): Promise<RegisteredDevice> {
  return (await apiRequest<{ data: RegisteredDevice }>(REGISTER_NOTIFICATIONS_PATH, { method: 'POST', body: { data } })).data;
}

import { describe, expect, it } from 'vitest';
import { isOfflineReadable, offlineCacheKey } from '../offline-read-routes';

describe('what the service worker keeps for offline reading', () => {
  it.each([
    '/back/api/v1/points/12',
    '/back/api/v1/points/12?at=2026-11-26T10:00:00.000Z',
    '/back/api/v1/points/near?lat=6.24&lng=-75.59',
    '/back/api/v1/materials',
    '/back/api/v1/requests',
    '/back/api/v1/requests?status=pendiente',
    '/back/api/v1/requests/5',
    '/back/api/v1/requests/calendar',
    '/back/api/v1/pqr/mine',
    '/back/api/v1/notifications',
    '/back/api/v1/reports/categories',
    '/back/api/v1/points/clusters?bbox=-75.700,6.150,-75.500,6.350&zoom=13',
  ])('keeps %s', (url) => {
    expect(isOfflineReadable(url)).toBe(true);
  });

  it.each([
    '/back/api/v1/me',
    '/back/api/v1/auth/refresh',
    '/back/api/v1/pqr/track?radicado=PQR-2026-000001&email=a@b.co',
    '/back/api/v1/admin/pqr',
    '/back/api/v1/points/mine',
    '/back/api/v1/points/12/containers/3/readings',
    '/back/api/v1/files/abc',
    '/back/api/v1/events?ticket=x',
    '/back/api/health',
    '/back/api/v1/reports/duplicates?category=otro&lat=6.2&lng=-75.5',
    '/back/api/v1/reports/categories/otro',
  ])('never keeps %s', (url) => {
    expect(isOfflineReadable(url)).toBe(false);
  });
});

describe('the key of an offline copy', () => {
  it("drops a point's `at` instant so the copy is found later, and keeps real filters", () => {
    expect(offlineCacheKey('https://x.co/back/api/v1/points/12?at=2026-11-26T10:00:00.000Z')).toBe(
      'https://x.co/back/api/v1/points/12',
    );
    expect(offlineCacheKey('https://x.co/back/api/v1/requests?status=pendiente')).toBe(
      'https://x.co/back/api/v1/requests?status=pendiente',
    );
  });
});

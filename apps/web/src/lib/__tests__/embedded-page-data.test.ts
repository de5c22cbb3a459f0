import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientDeps } from '../api-client';
import { normalizePagePath, resetEmbeddedPageData, takeEmbeddedAnswer } from '../embedded-page-data';

const CAMPAIGNS = 'v1/campaigns?status=ongoing&page=1&page_size=12';
const body = { data: { items: [{ id: 1, title: 'Reciclatón' }], total: 1, page: 1, page_size: 12 } };

function embed(json: string) {
  document.head.innerHTML = `<script type="application/json" id="pv-page-data">${json}</script>`;
  resetEmbeddedPageData();
}

function client(token: string | null) {
  const fetchMock = vi.fn<ApiClientDeps['fetch']>(async () => new Response(JSON.stringify({ data: 'from the network' }), { status: 200 }));
  const request = createApiClient({ fetch: fetchMock, getToken: () => token, onUnauthorized: vi.fn(), embeddedAnswer: takeEmbeddedAnswer });
  return { request, fetchMock };
}

describe("the answers a public page's HTML was rendered from", () => {
  afterEach(() => {
    document.head.innerHTML = '';
    resetEmbeddedPageData();
  });

  it('answer the first anonymous read of the same path without a request, then the network answers', async () => {
    embed(JSON.stringify({ [CAMPAIGNS]: body }));
    const { request, fetchMock } = client(null);
    expect(await request(CAMPAIGNS)).toEqual(body);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await request(CAMPAIGNS)).toEqual({ data: 'from the network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("answer the app's read of the same call written with the API base, as the contract names it", async () => {
    embed(JSON.stringify({ [CAMPAIGNS]: body }));
    const { request, fetchMock } = client(null);
    expect(await request(`/back/api/${CAMPAIGNS}`)).toEqual(body);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('are not used for a signed-in read (it may differ: a joined campaign) nor for other paths', async () => {
    embed(JSON.stringify({ [CAMPAIGNS]: body }));
    const signedIn = client('token');
    await signedIn.request(CAMPAIGNS);
    expect(signedIn.fetchMock).toHaveBeenCalledTimes(1);
    const anonymous = client(null);
    await anonymous.request('v1/campaigns?status=upcoming&page=1&page_size=12');
    expect(anonymous.fetchMock).toHaveBeenCalledTimes(1);
  });

  it("match a point's read asked for the moment the server rendered it", async () => {
    expect(normalizePagePath('v1/points/7?at=2026-11-26T08:00:00.000Z')).toBe('v1/points/7');
    expect(normalizePagePath('v1/points/7?at=2026&lang=es')).toBe('v1/points/7?lang=es');
    embed(JSON.stringify({ '@rendered_at': '2026-11-26T08:00:00.000Z', 'v1/points/7': { data: { id: 7 } } }));
    expect(takeEmbeddedAnswer('v1/points/7?at=2026-11-26T08:00:01.000Z')).toEqual({ data: { id: 7 } });
  });

  it("do not answer a point's read for another moment: its opening state depends on the clock", async () => {
    embed(JSON.stringify({ '@rendered_at': '2026-11-26T08:00:00.000Z', 'v1/points/7': { data: { id: 7 } } }));
    expect(takeEmbeddedAnswer('v1/points/7?at=2026-11-24T15:00:00.000Z')).toBeUndefined();
    embed(JSON.stringify({ 'v1/points/7': { data: { id: 7 } } }));
    expect(takeEmbeddedAnswer('v1/points/7?at=2026-11-26T08:00:01.000Z')).toBeUndefined();
  });

  it('are ignored when the block is malformed', async () => {
    embed('{not json');
    const { request, fetchMock } = client(null);
    await request(CAMPAIGNS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

import { STORAGE_KEY_CURRENT_USER } from '@puntoverde/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alliesQueryOptions } from '../../features/allies/api/get-allies';
import { aboutQueryOptions } from '../../features/content/api/get-about';
import { householdUser } from '../../test/fixtures';
import { resetEmbeddedPageData } from '../../lib/embedded-page-data';
import { createQueryClient } from '../../lib/query-client';
import { initSessionFromStorage } from '../../lib/session';

// The paths the server embeds (apps/server/src/page-frames.ts: ALLIES_PATH, ABOUT_PATH).
const ALLIES_PATH = 'v1/allies?page=1&page_size=100';
const MINUTE = 60_000;
const allies = { items: [{ id: 3, name: 'Ecoaliados' }], total: 1, page: 1, page_size: 100 };

/** The app's own query client (its freshness: lib/query-client.ts). */
const renderInApp = (ui: ReactElement) => render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

let renderedAt = '';
function embed(answers: Record<string, unknown>, age = 1000) {
  renderedAt = new Date(Date.now() - age).toISOString();
  document.head.innerHTML = `<script type="application/json" id="pv-page-data">${JSON.stringify({ '@rendered_at': renderedAt, ...answers })}</script>`;
  resetEmbeddedPageData();
}

/** What each render of a page reading the allies saw: its status and how many allies. */
function renderAllies() {
  const seen: string[] = [];
  let updatedAt = 0;
  function AlliesProbe() {
    const query = useQuery(alliesQueryOptions({}));
    seen.push(`${query.status}:${query.data?.items.length ?? '-'}`);
    updatedAt = query.dataUpdatedAt;
    return null;
  }
  renderInApp(<AlliesProbe />);
  return { seen, updatedAt: () => updatedAt };
}

describe("a query seeded from the answers a public page's HTML was rendered from", () => {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: allies }), { status: 200 }));
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    resetEmbeddedPageData();
    window.localStorage.clear();
    initSessionFromStorage();
  });

  it('draws the data in its first render (no skeleton, then a second render), without a request, as fresh as the server made it', () => {
    embed({ [ALLIES_PATH]: { data: allies } });
    const { seen, updatedAt } = renderAllies();
    expect(seen[0]).toBe('success:1');
    expect(seen.every((s) => s === 'success:1')).toBe(true);
    expect(updatedAt()).toBe(Date.parse(renderedAt));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is fetched again at once when the page was rendered longer ago than the data stays fresh (an HTML page kept offline)', async () => {
    embed({ [ALLIES_PATH]: { data: allies } }, 10 * MINUTE);
    const { seen } = renderAllies();
    expect(seen[0]).toBe('success:1');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('starts pending and fetches when the page has no answer for it', async () => {
    embed({ 'v1/content/about': { data: { title: 'Conócenos' } } });
    const { seen } = renderAllies();
    expect(seen[0]).toBe('pending:-');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // The answer for another query is still there for it.
    const about: string[] = [];
    function AboutProbe() {
      about.push(useQuery(aboutQueryOptions()).status);
      return null;
    }
    renderInApp(<AboutProbe />);
    expect(about[0]).toBe('success');
  });

  it('is not used for a signed-in reader: what they see may differ', async () => {
    window.localStorage.setItem(STORAGE_KEY_CURRENT_USER, JSON.stringify(householdUser));
    initSessionFromStorage();
    embed({ [ALLIES_PATH]: { data: allies } });
    const { seen } = renderAllies();
    expect(seen[0]).toBe('pending:-');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});

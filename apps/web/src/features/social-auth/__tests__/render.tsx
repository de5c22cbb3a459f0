/** The shared render helper (fresh query client, real Spanish strings), and a fetch stub that does not replace the global fetch. */
export { renderWithProviders } from '../../../test/render';

/** A fetch stub answering each call with the next response; records the calls. */
export function stubFetch(...responses: Array<{ status: number; body: unknown }>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const next = responses.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetchStub };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { contentSeeder, DEMO_ALLIES, DEMO_CAMPAIGNS } from './content.seed.js';

describe('content demo seeder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await contentSeeder.run(t.app.db, { log: { info: () => undefined, warn: () => undefined }, config: t.config });
  });
  afterAll(() => t.close());

  it('fills campaigns of every status, each with a public image', async () => {
    const data = (await t.app.inject({ method: 'GET', url: '/back/api/v1/campaigns?page_size=100' })).json().data;
    expect(data.total).toBe(DEMO_CAMPAIGNS.length);
    const statuses = new Set(data.items.map((c: { status: string }) => c.status));
    expect(statuses).toEqual(new Set(['ongoing', 'upcoming', 'past']));
    for (const c of data.items) {
      const img = await t.app.inject({ method: 'GET', url: c.image_url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
    }
  });

  it('fills allies of both kinds with logos, and the FAQ and about page', async () => {
    const allies = (await t.app.inject({ method: 'GET', url: '/back/api/v1/allies?page_size=100' })).json().data;
    expect(allies.total).toBe(DEMO_ALLIES.length);
    expect(new Set(allies.items.map((a: { kind: string }) => a.kind))).toEqual(new Set(['aliado', 'adherido']));
    expect(allies.items.every((a: { logo_url: string | null }) => a.logo_url)).toBe(true);
    const faq = (await t.app.inject({ method: 'GET', url: '/back/api/v1/content/faq' })).json().data;
    expect(faq.length).toBeGreaterThan(3);
    const about = (await t.app.inject({ method: 'GET', url: '/back/api/v1/content/about' })).json().data;
    expect(about.email).toBe('hola@puntoverde.example.co');
  });

  it('is idempotent: running it again adds nothing', async () => {
    await contentSeeder.run(t.app.db, { log: { info: () => undefined, warn: () => undefined }, config: t.config });
    const data = (await t.app.inject({ method: 'GET', url: '/back/api/v1/campaigns?page_size=100' })).json().data;
    expect(data.total).toBe(DEMO_CAMPAIGNS.length);
  });
});

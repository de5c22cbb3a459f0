import { describe, expect, it } from 'vitest';
import { formatCampaignDates } from '../format';

describe('campaign dates', () => {
  it('shows Bogotá time in Spanish', () => {
    const text = formatCampaignDates('2026-12-05T14:00:00.000Z', '2026-12-05T20:00:00.000Z', 'es');
    expect(text).toContain('5 de diciembre de 2026');
    expect(text).toMatch(/9:00/);
    expect(text).toMatch(/3:00/);
  });

  it('shows English dates for English readers', () => {
    expect(formatCampaignDates('2026-12-05T14:00:00.000Z', '2026-12-07T20:00:00.000Z', 'en')).toContain('December');
  });
});

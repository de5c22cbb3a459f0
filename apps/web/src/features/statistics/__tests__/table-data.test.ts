import { describe, expect, it } from 'vitest';
import { bogotaToday, periodOf } from '../period';
import { figuresCsv, monthLabel, toFiguresTable } from '../table-data';

const materials = [
  { code: 'carton', name: 'Cartón' },
  { code: 'pet', name: 'PET (1)' },
  { code: 'vidrio', name: 'Vidrio' },
];

describe('figures table', () => {
  it('pivots monthly rows into months × materials with totals', () => {
    const table = toFiguresTable(
      [
        { month: '2026-01', material: 'pet', kg: 4 },
        { month: '2026-01', material: 'carton', kg: 4.25 },
        { month: '2026-02', material: 'pet', kg: 1.5 },
      ],
      materials,
    );
    expect(table.months).toEqual(['2026-01', '2026-02']);
    expect(table.materials.map((m) => m.code)).toEqual(['carton', 'pet']);
    expect(table.kg).toEqual([
      [4.25, 4],
      [0, 1.5],
    ]);
    expect(table.monthTotals).toEqual([8.25, 1.5]);
    expect(table.materialTotals).toEqual([4.25, 5.5]);
    expect(table.total).toBe(9.75);
  });

  it('writes a CSV with semicolons and a decimal comma in Spanish', () => {
    const table = toFiguresTable([{ month: '2026-01', material: 'carton', kg: 4.25 }], materials);
    expect(figuresCsv(table, { month: 'Mes', material: 'Material', kg: 'Kilos' }, 'es')).toBe('Mes;Material;Kilos\r\n2026-01;Cartón;4,25');
    expect(figuresCsv(table, { month: 'Month', material: 'Material', kg: 'Kilograms', branch: 'Branch' }, 'en', 'Sede "Belén"')).toBe(
      'Branch;Month;Material;Kilograms\r\n"Sede ""Belén""";2026-01;Cartón;4.25',
    );
  });

  it('names months in Spanish', () => {
    expect(monthLabel('2026-03', 'es')).toBe('mar 2026');
  });
});

describe('periods in the Bogotá calendar', () => {
  it('is still 31 December in Bogotá at 03:00 UTC on 1 January', () => {
    expect(bogotaToday(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
  });

  it('computes the presets', () => {
    const now = new Date('2026-11-26T15:00:00Z');
    const none = { from: '', to: '' };
    expect(periodOf('lastQuarter', none, now)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(periodOf('last12', none, now)).toEqual({ from: '2025-12-01', to: '2026-11-26' });
    expect(periodOf('quarter', none, now)).toEqual({ from: '2026-10-01', to: '2026-11-26' });
    expect(periodOf('lastYear', none, now)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(periodOf('lastQuarter', none, new Date('2026-02-10T15:00:00Z'))).toEqual({ from: '2025-10-01', to: '2025-12-31' });
  });
});

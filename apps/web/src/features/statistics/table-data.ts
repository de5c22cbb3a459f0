/** Mis cifras as a month × material table, and its CSV / XLSX exports. */
import type { MonthlyKg } from '@puntoverde/contract';
import { saveFile } from '../../lib/api-client';
import { formatNumber } from '../../lib/number-format';

export type FiguresTable = {
  months: string[];
  materials: { code: string; name: string }[];
  /** kg[monthIndex][materialIndex] */
  kg: number[][];
  monthTotals: number[];
  materialTotals: number[];
  total: number;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

export function toFiguresTable(rows: MonthlyKg[], materials: { code: string; name: string }[]): FiguresTable {
  const months = [...new Set(rows.map((r) => r.month))].sort();
  const used = materials.filter((m) => rows.some((r) => r.material === m.code));
  const kg = months.map((month) => used.map((m) => round2(rows.filter((r) => r.month === month && r.material === m.code).reduce((s, r) => s + r.kg, 0))));
  const monthTotals = kg.map((row) => round2(row.reduce((s, v) => s + v, 0)));
  const materialTotals = used.map((_, j) => round2(kg.reduce((s, row) => s + (row[j] ?? 0), 0)));
  return { months, materials: used, kg, monthTotals, materialTotals, total: round2(monthTotals.reduce((s, v) => s + v, 0)) };
}

const MONTHS_ES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03` → `mar 2026` / `Mar 2026`. */
export function monthLabel(month: string, lang: string): string {
  const names = lang.startsWith('en') ? MONTHS_EN : MONTHS_ES;
  return `${names[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
}

export function formatKg(kg: number, lang: string): string {
  return `${formatNumber(kg, lang, 2)} kg`;
}

function csvCell(value: string): string {
  return /[";\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * CSV as spreadsheets in Colombia open it: `;` between fields, decimal comma in Spanish, UTF-8
 * with a BOM so accents survive Excel. One row per month and material.
 */
export function figuresCsv(table: FiguresTable, headers: { month: string; material: string; kg: string; branch?: string }, lang: string, branch?: string): string {
  const decimal = (n: number) => (lang.startsWith('en') ? String(n) : String(n).replace('.', ','));
  const head = [...(branch !== undefined ? [headers.branch ?? ''] : []), headers.month, headers.material, headers.kg];
  const lines = [head.map(csvCell).join(';')];
  table.months.forEach((month, i) => {
    table.materials.forEach((m, j) => {
      const v = table.kg[i]?.[j] ?? 0;
      if (v > 0) lines.push([...(branch !== undefined ? [branch] : []), month, m.name, decimal(v)].map(csvCell).join(';'));
    });
  });
  return lines.join('\r\n');
}


export function saveCsv(name: string, csv: string): void {
  saveFile(name, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}

/** One sheet per branch plus the consolidated one; write-excel-file loads only when asked. */
export async function saveXlsx(
  name: string,
  sheets: { name: string; table: FiguresTable }[],
  headers: { month: string; material: string; kg: string },
): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const bold = 'bold' as const;
  const result = writeXlsxFile(
    sheets.map(({ name: sheetName, table }) => ({
      sheet: sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '),
      data: [
        [
          { value: headers.month, fontWeight: bold },
          { value: headers.material, fontWeight: bold },
          { value: headers.kg, fontWeight: bold },
        ],
        ...table.months.flatMap((month, i) =>
          table.materials
            .map((m, j) => ({ m, v: table.kg[i]?.[j] ?? 0 }))
            .filter(({ v }) => v > 0)
            .map(({ m, v }) => [{ value: month }, { value: m.name }, { value: v, type: Number, format: '#,##0.00' }]),
        ),
      ],
    })),
  );
  saveFile(name, await result.toBlob());
}

import { PQR_TYPES, PQR_TYPE_LABELS_ES, type PqrReport, type PqrType } from '@puntoverde/contract';
import type { Executor } from '../../db/dialect.js';
import { bogotaDate, type IsoDate } from './business-days.js';
import { todayInBogota } from './pqr-calendar.service.js';
import * as repo from './pqr.repository.js';

/** The monthly report by type, as JSON and as CSV. */

type Counts = Omit<PqrReport['rows'][number], 'type'>;

function emptyCounts(): Counts {
  return {
    filed: 0,
    answered: 0,
    answered_on_time: 0,
    answered_late: 0,
    overdue_unanswered: 0,
    in_progress: 0,
    transferred: 0,
    closed_without_answer: 0,
    on_time_pct: null,
  };
}

function pct(c: Counts): number | null {
  const decided = c.answered + c.overdue_unanswered;
  return decided ? Math.round((c.answered_on_time / decided) * 1000) / 10 : null;
}

/** Bogotá midnight of a `YYYY-MM-01` as a UTC instant (Colombia is UTC-5 all year). */
function bogotaMidnight(date: IsoDate): string {
  return new Date(`${date}T00:00:00-05:00`).toISOString();
}

/** Volume by type of the PQRs filed in a month and the share answered on time. */
export async function monthlyReport(db: Executor, month: string): Promise<PqrReport> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  const rows = await repo.listFiledBetween(db, bogotaMidnight(`${month}-01`), bogotaMidnight(`${next}-01`));
  const today = todayInBogota();
  const byType = new Map<PqrType, Counts>(PQR_TYPES.map((t) => [t, emptyCounts()]));
  const total = emptyCounts();
  for (const r of rows) {
    const c = byType.get(r.type as PqrType);
    if (!c) continue;
    for (const t of [c, total]) {
      t.filed += 1;
      if (r.answered_at) {
        t.answered += 1;
        if (r.due_date && bogotaDate(new Date(r.answered_at)) <= r.due_date) t.answered_on_time += 1;
        else t.answered_late += 1;
      } else if (r.transferred_at) t.transferred += 1;
      else if (r.closed_at) t.closed_without_answer += 1;
      else if (r.due_date && r.due_date < today && r.status !== 'pendiente_informacion') t.overdue_unanswered += 1;
      else t.in_progress += 1;
    }
  }
  for (const c of [...byType.values(), total]) c.on_time_pct = pct(c);
  return { month, rows: PQR_TYPES.map((type) => ({ type, ...byType.get(type)! })), total };
}

const pctFormat = new Intl.NumberFormat('es-CO', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function csvCell(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV for spreadsheet programs in es-CO: `;` separators, decimal comma, UTF-8 with BOM. */
export function reportCsv(report: PqrReport): string {
  const header = [
    'Tipo',
    'Radicadas',
    'Respondidas',
    'Respondidas a tiempo',
    'Respondidas fuera de plazo',
    'Vencidas sin respuesta',
    'En trámite',
    'Trasladadas',
    'Cerradas sin respuesta',
    '% a tiempo',
  ];
  const line = (label: string, c: Counts) =>
    [
      label,
      c.filed,
      c.answered,
      c.answered_on_time,
      c.answered_late,
      c.overdue_unanswered,
      c.in_progress,
      c.transferred,
      c.closed_without_answer,
      c.on_time_pct === null ? '' : pctFormat.format(c.on_time_pct),
    ]
      .map(csvCell)
      .join(';');
  return (
    '\uFEFF' +
    [
      header.join(';'),
      ...report.rows.map((r) => line(PQR_TYPE_LABELS_ES[r.type], r)),
      line('Total', report.total),
    ].join('\r\n') +
    '\r\n'
  );
}

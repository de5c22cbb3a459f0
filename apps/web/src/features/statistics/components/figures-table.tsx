/** The figures as a table (the accessible alternative to the chart): months down, materials across, totals. */
import { useTranslation } from 'react-i18next';
import { formatKg, monthLabel, type FiguresTable as Table } from '../table-data';
import { DataTable } from '../../../components/data-table';

export function FiguresTable({ table, caption }: { table: Table; caption: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <DataTable className="st-table" caption={caption}>
      <thead>
        <tr>
          <th scope="col">{t('statistics.figures.month')}</th>
          {table.materials.map((m) => (
            <th key={m.code} scope="col" className="pv-cell-num">
              {m.name}
            </th>
          ))}
          <th scope="col" className="pv-cell-num">
            {t('statistics.figures.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {table.months.map((month, i) => (
          <tr key={month}>
            <th scope="row">{monthLabel(month, lang)}</th>
            {table.materials.map((m, j) => (
              <td key={m.code} className="pv-cell-num">
                {formatKg(table.kg[i]?.[j] ?? 0, lang)}
              </td>
            ))}
            <td className="pv-cell-num">{formatKg(table.monthTotals[i] ?? 0, lang)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('statistics.figures.total')}</th>
          {table.materials.map((m, j) => (
            <td key={m.code} className="pv-cell-num">
              {formatKg(table.materialTotals[j] ?? 0, lang)}
            </td>
          ))}
          <td className="pv-cell-num">{formatKg(table.total, lang)}</td>
        </tr>
      </tfoot>
    </DataTable>
  );
}

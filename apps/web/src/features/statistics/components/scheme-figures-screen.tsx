/**
 * Staff: the whole scheme's kilograms per month by material, city or point, and the impact
 * factors (EPA WARM v16, a US reference) with their source, editable (each change is audited;
 * issued certificates keep the factors they printed).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@puntoverde/contract';
import { formatNumber } from '../../../lib/number-format';
import { useImpactFactors, useSchemeStatistics, useUpdateImpactFactor, type SchemeFilters } from '../api/scheme-statistics';
import { periodOf, PERIOD_PRESETS, type PeriodPreset } from '../period';
import { figuresCsv, formatKg, saveCsv, toFiguresTable } from '../table-data';
import { FiguresTable } from './figures-table';
import '../../../components/facts.css';
import '../statistics.css';
import { apiErrorMessage } from '../../../lib/api-errors';
import { EmptyState } from '../../../components/empty-state';
import { SubmitButton } from '../../../components/submit-button';
import { DataTable } from '../../../components/data-table';

function FactorRow({ code, name, factor, source }: { code: string; name: string; factor: number; source: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(factor).replace('.', ','));
  const update = useUpdateImpactFactor();
  function save(e: FormEvent) {
    e.preventDefault();
    const parsed = Number(value.replace(/\s/g, '').replace(',', '.'));
    if (Number.isFinite(parsed)) update.mutate({ code, factor: parsed });
  }
  return (
    <tr>
      <th scope="row">{code}</th>
      <td>{name}</td>
      <td>
        <form onSubmit={save} className="st-factor-form">
          <label className="pv-facts-filter">
            <span className="visually-hidden">{t('statistics.staff.factorFor', { code })}</span>
            <input inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} size={6} />
          </label>
          <SubmitButton className="pv-button pv-button-small" busy={update.isPending}>
            {t('statistics.staff.save')}
          </SubmitButton>
          {update.isError && <span className="st-error" role="alert">{apiErrorMessage(t, update.error)}</span>}
          {update.isSuccess && <span role="status">{t('statistics.staff.saved')}</span>}
        </form>
      </td>
      <td className="st-source">{source}</td>
    </tr>
  );
}

export function SchemeFiguresScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [preset, setPreset] = useState<PeriodPreset>('last12');
  const [group, setGroup] = useState<SchemeFilters['group']>('material');
  const period = periodOf(preset === 'custom' ? 'last12' : preset, { from: '', to: '' });
  const query = useSchemeStatistics({ ...period, group });
  const factors = useImpactFactors();
  const data = query.data;
  const keys = data ? [...new Map(data.rows.map((r) => [r.key, r.label])).entries()].map(([code, name]) => ({ code, name })) : [];
  const table = data ? toFiguresTable(data.rows.map((r) => ({ month: r.month, material: r.key, kg: r.kg })), keys) : null;

  return (
    <section className="st" aria-labelledby="st-scheme-title">
      <h2 id="st-scheme-title">{t('statistics.staff.title')}</h2>
      <div className="st-filters">
        <label className="pv-facts-filter">
          <span>{t('statistics.figures.period')}</span>
          <select value={preset} onChange={(e) => setPreset(e.target.value as PeriodPreset)}>
            {PERIOD_PRESETS.filter((p) => p !== 'custom').map((p) => (
              <option key={p} value={p}>
                {t(`statistics.periods.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="pv-facts-filter">
          <span>{t('statistics.staff.group')}</span>
          <select value={group} onChange={(e) => setGroup(e.target.value as SchemeFilters['group'])}>
            <option value="material">{t('statistics.staff.byMaterial')}</option>
            <option value="city">{t('statistics.staff.byCity')}</option>
            <option value="point">{t('statistics.staff.byPoint')}</option>
          </select>
        </label>
      </div>
      {query.isError && <p className="st-error" role="alert">{apiErrorMessage(t, query.error)}</p>}
      {data && table && (
        <>
          <dl className="pv-facts pv-facts--figures">
            <div>
              <dt>{t('statistics.figures.periodTotal')}</dt>
              <dd>{formatKg(data.total_kg, lang)}</dd>
            </div>
            <div>
              <dt>{t('statistics.impact.co2e')}</dt>
              <dd>{`${formatNumber(data.impact.co2e_kg, lang, 1)} kg CO₂e`}</dd>
            </div>
          </dl>
          {table.months.length ? (
            <FiguresTable table={table} caption={t('statistics.staff.caption', { from: formatDate(period.from, i18n.language), to: formatDate(period.to, i18n.language) })} />
          ) : (
            <EmptyState title={t('statistics.staff.empty')} />
          )}
          <div className="pv-action-bar">
            <button
              type="button"
              className="pv-button pv-button-secondary"
              disabled={!table.months.length}
              onClick={() => saveCsv(`esquema-${group}-${period.from}-a-${period.to}.csv`, figuresCsv(table, { month: t('statistics.figures.month'), material: t('statistics.staff.key'), kg: t('statistics.figures.kg') }, lang))}
            >
              {t('statistics.figures.csv')}
            </button>
          </div>
        </>
      )}
      <h3>{t('statistics.staff.factors')}</h3>
      <p className="st-muted">{t('statistics.staff.factorsHelp')}</p>
      {factors.data && (
        <DataTable className="st-table" label={t('statistics.staff.factors')}>
            <thead>
              <tr>
                <th scope="col">{t('statistics.staff.code')}</th>
                <th scope="col">{t('statistics.staff.reference')}</th>
                <th scope="col">{t('statistics.staff.factor')}</th>
                <th scope="col">{t('statistics.staff.source')}</th>
              </tr>
            </thead>
            <tbody>
              {factors.data.map((f) => (
                <FactorRow key={f.code} code={f.code} name={f.reference_name} factor={f.factor} source={`${f.source} ${f.version} · ${f.source_table}`} />
              ))}
            </tbody>
        </DataTable>
      )}
    </section>
  );
}

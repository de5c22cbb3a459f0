/**
 * Mis cifras: what the account recycled (household, branch), its company consolidated and per
 * branch (company head), or what its points received (manager), per month and material, with
 * its environmental impact. A chart and the same figures as a table; CSV (and XLSX for a company).
 */
import type { MyStatistics } from '@puntoverde/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@puntoverde/contract';
import { formatNumber } from '../../../lib/number-format';
import { useMyStatistics } from '../api/my-statistics';
import { useMaterials } from '../../../lib/materials';
import { bogotaToday, periodOf, PERIOD_PRESETS, type PeriodPreset } from '../period';
import { figuresCsv, formatKg, saveCsv, saveXlsx, toFiguresTable } from '../table-data';
import { FiguresChart } from './figures-chart';
import { FiguresTable } from './figures-table';
import '../../../components/facts.css';
import '../statistics.css';
import { apiErrorMessage } from '../../../lib/api-errors';
import { EmptyState } from '../../../components/empty-state';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export function MyFiguresScreen({ enabled = true }: { enabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [preset, setPreset] = useState<PeriodPreset>('last12');
  const [custom, setCustom] = useState(() => periodOf('last12', { from: '', to: '' }));
  const [material, setMaterial] = useState('');
  const [view, setView] = useState<'all' | number>('all');
  const period = periodOf(preset, custom);
  const customInvalid = preset === 'custom' && (!custom.from || !custom.to || custom.from > custom.to);
  const query = useMyStatistics({ ...period, material: material || undefined }, enabled && !customInvalid);
  const catalogue = useMaterials();
  const data = query.data;

  const materialNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const m of catalogue.data ?? []) names.set(m.code, lang.startsWith('en') ? m.name_en : m.name_es);
    for (const m of data?.materials ?? []) if (!names.has(m.code)) names.set(m.code, m.name);
    return names;
  }, [catalogue.data, data, lang]);
  const materialList = useMemo(() => [...materialNames].map(([code, name]) => ({ code, name })), [materialNames]);

  const shown = useMemo(() => {
    if (!data) return null;
    const branch = view === 'all' ? null : data.branches?.find((b) => b.id === view);
    return toFiguresTable(branch ? branch.rows : data.rows, materialList);
  }, [data, view, materialList]);

  const headers = { month: t('statistics.figures.month'), material: t('statistics.figures.material'), kg: t('statistics.figures.kg'), branch: t('statistics.figures.branch') };

  function downloadCsv(d: MyStatistics) {
    const name = `mis-cifras-${period.from}-a-${period.to}.csv`;
    if (d.kind === 'company' && d.branches) {
      const parts = d.branches.map((b) => figuresCsv(toFiguresTable(b.rows, materialList), headers, lang, b.name));
      saveCsv(name, [parts[0] ?? '', ...parts.slice(1).map((p) => p.split('\r\n').slice(1).join('\r\n'))].filter(Boolean).join('\r\n'));
    } else if (shown) saveCsv(name, figuresCsv(shown, headers, lang));
  }

  async function downloadXlsx(d: MyStatistics) {
    await saveXlsx(
      `cifras-empresa-${period.from}-a-${period.to}.xlsx`,
      [
        { name: t('statistics.figures.consolidated'), table: toFiguresTable(d.rows, materialList) },
        ...(d.branches ?? []).map((b) => ({ name: b.name, table: toFiguresTable(b.rows, materialList) })),
      ],
      headers,
    );
  }

  return (
    <section className="st" aria-labelledby="st-figures-title">
      <h2 id="st-figures-title">{t('statistics.figures.title')}</h2>
      <p className="st-muted">{t('statistics.figures.intro')}</p>

      <div className="st-filters">
        <label className="pv-facts-filter">
          <span>{t('statistics.figures.period')}</span>
          <select value={preset} onChange={(e) => setPreset(e.target.value as PeriodPreset)}>
            {PERIOD_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`statistics.periods.${p}`)}
              </option>
            ))}
          </select>
        </label>
        {preset === 'custom' && (
          <>
            <label className="pv-facts-filter">
              <span>{t('statistics.figures.from')}</span>
              <input type="date" value={custom.from} max={bogotaToday()} onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))} />
            </label>
            <label className="pv-facts-filter">
              <span>{t('statistics.figures.to')}</span>
              <input type="date" value={custom.to} max={bogotaToday()} onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))} />
            </label>
          </>
        )}
        <label className="pv-facts-filter">
          <span>{t('statistics.figures.materialFilter')}</span>
          <select value={material} onChange={(e) => setMaterial(e.target.value)}>
            <option value="">{t('statistics.figures.allMaterials')}</option>
            {(catalogue.data ?? []).map((m) => (
              <option key={m.code} value={m.code}>
                {lang.startsWith('en') ? m.name_en : m.name_es}
              </option>
            ))}
          </select>
        </label>
        {data?.branches && (
          <label className="pv-facts-filter">
            <span>{t('statistics.figures.view')}</span>
            <select value={String(view)} onChange={(e) => setView(e.target.value === 'all' ? 'all' : Number(e.target.value))}>
              <option value="all">{t('statistics.figures.consolidated')}</option>
              {data.branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {customInvalid && <p className="st-error" role="alert">{t('statistics.figures.customInvalid')}</p>}

      {query.isPending && !customInvalid && <p aria-live="polite">{t('statistics.figures.loading')}</p>}
      {query.isError && (
        <p className="st-error" role="alert">
          {apiErrorMessage(t, query.error)}
        </p>
      )}

      {data && shown && (
        <>
          <dl className="pv-facts pv-facts--figures">
            <div>
              <dt>{t('statistics.figures.periodTotal')}</dt>
              <dd>{formatKg(data.totals.period_kg, lang)}</dd>
            </div>
            <div>
              <dt>{t('statistics.figures.monthTotal')}</dt>
              <dd>{formatKg(data.totals.month_kg, lang)}</dd>
            </div>
            <div>
              <dt>{t('statistics.figures.yearTotal')}</dt>
              <dd>{formatKg(data.totals.year_kg, lang)}</dd>
            </div>
            <div>
              <dt>{t('statistics.figures.allTime')}</dt>
              <dd>{formatKg(data.totals.all_time_kg, lang)}</dd>
            </div>
            <div>
              <dt>{t('statistics.impact.co2e')}</dt>
              <dd>{`${formatNumber(data.impact.co2e_kg, lang, 1)} kg CO₂e`}</dd>
            </div>
            <div>
              <dt>{t('statistics.impact.km')}</dt>
              <dd>{`${formatNumber(data.impact.km_not_driven, lang)} km`}</dd>
            </div>
          </dl>

          {shown.months.length === 0 ? (
            <EmptyState title={t(data.kind === 'manager' ? 'statistics.figures.emptyManager' : 'statistics.figures.empty')} />
          ) : (
            <div className="st-side">
              <FiguresChart table={shown} lang={lang} label={t('statistics.figures.chartLabel')} />
              <FiguresTable table={shown} caption={t('statistics.figures.tableCaption', { from: formatDate(period.from, i18n.language), to: formatDate(period.to, i18n.language) })} />
            </div>
          )}

          <div className="pv-action-bar">
            <button type="button" className="pv-button pv-button-secondary" onClick={() => downloadCsv(data)} disabled={shown.months.length === 0}>
              {t('statistics.figures.csv')}
            </button>
            {data.kind === 'company' && (
              <button type="button" className="pv-button pv-button-secondary" onClick={() => void downloadXlsx(data)} disabled={shown.months.length === 0}>
                {t('statistics.figures.xlsx')}
              </button>
            )}
          </div>

          {data.branches && (
            <section aria-labelledby="st-branches-title">
              <h3 id="st-branches-title">{t('statistics.figures.byBranch')}</h3>
              <ul className="st-branches">
                {data.branches.map((b) => (
                  <li key={b.id}>
                    <span>{b.name}</span> <strong>{formatKg(b.total_kg, lang)}</strong>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {data.manager && (
            <section aria-labelledby="st-manager-title" className="st-manager">
              <h3 id="st-manager-title">{t('statistics.manager.title')}</h3>
              <p>{t('statistics.manager.pendingVsCollected', { pending: data.manager.pending, collected: data.manager.collected })}</p>
              <ul className="st-branches">
                {data.manager.points.map((p) => (
                  <li key={p.id}>
                    <span>{p.name}</span>{' '}
                    <strong>
                      {t('statistics.manager.pointFigures', { collected: formatKg(p.collected_kg, lang), emptied: formatKg(p.emptied_kg, lang) })}
                    </strong>
                  </li>
                ))}
              </ul>
              <h4>{t('statistics.manager.busiestDays')}</h4>
              <ol className="st-days">
                {data.manager.busiest_days
                  .filter((d) => d.collections > 0)
                  .map((d) => (
                    <li key={d.weekday}>
                      {t(`statistics.weekdays.${WEEKDAYS[d.weekday]}`)}: {t('statistics.manager.collections', { count: d.collections })}
                    </li>
                  ))}
              </ol>
              {data.manager.emptyings.length > 0 && (
                <FiguresTable table={toFiguresTable(data.manager.emptyings, materialList)} caption={t('statistics.manager.emptyings')} />
              )}
            </section>
          )}

          <p className="st-source">
            {t('statistics.impact.sourceLabel')} <cite lang="en">{data.impact.references}</cite>. {t('statistics.impact.usReference')}{' '}
            {t('statistics.impact.equivalenceLabel')} <cite lang="en">{data.impact.equivalence_source}</cite>
          </p>
        </>
      )}
    </section>
  );
}

/**
 * The coordinator's dashboard: tonnes weighed, rejected and sold per month and material, per
 * recycler (with what they were paid, when the organisation records payouts) and per micro-route;
 * the rejection rate of each macro-route against the tariff's 20 %; the scales whose verification
 * expires within 30 days.
 */
import { REJECTION_RATE_LIMIT, type Organization } from '@puntoverde/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { FormAlert } from '../../../components/field-shell';
import { apiErrorMessage } from '../../../lib/api-errors';
import { formatNumber } from '../../../lib/number-format';
import { useRecyclerDashboard } from '../api/sui';
import { bogotaMonth } from './bogota-month';
import { PayoutsSection } from './payouts-section';
import { RecyclerField } from './recycler-field';

export function DashboardPanel({ org }: { org: Organization }) {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = useState(bogotaMonth());
  const board = useRecyclerDashboard(org.id, month);
  const tonnes = (kg: number) => formatNumber(kg / 1000, i18n.language, 3);
  const percent = (rate: number) => `${formatNumber(rate * 100, i18n.language, 1)} %`;
  const d = board.data;
  const head = (keys: string[]) => (
    <thead>
      <tr>
        {keys.map((k, i) => (
          <th key={k} scope="col" className={i ? 'pv-cell-num' : undefined}>
            {t(`recyclers.dashboard.${k}`)}
          </th>
        ))}
      </tr>
    </thead>
  );
  return (
    <section aria-labelledby="rc-dashboard-title">
      <h2 id="rc-dashboard-title">{t('recyclers.tabs.dashboard')}</h2>
      <RecyclerField
        label={t('recyclers.dashboard.month')}
        type="month"
        value={month}
        onChange={(e) => e.target.value && setMonth(e.target.value)}
      />
      {board.isError ? <FormAlert message={apiErrorMessage(t, board.error)} /> : null}
      {!d ? (
        board.isPending ? <p role="status">{t('app.loading')}</p> : null
      ) : (
        <>
          <DataTable caption={t('recyclers.dashboard.byMonth')}>
            {head(['monthCol', 'weighed', 'rejected', 'sold'])}
            <tbody>
              {d.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="pv-cell-nowrap">
                    {m.month}
                  </th>
                  <td className="pv-cell-num">{tonnes(m.weighed_kg)}</td>
                  <td className="pv-cell-num">{tonnes(m.rejected_kg)}</td>
                  <td className="pv-cell-num">{tonnes(m.sold_kg)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>

          <DataTable caption={t('recyclers.dashboard.byMaterial', { month: d.month })}>
            {head(['material', 'weighed', 'rejected', 'sold'])}
            <tbody>
              {d.by_material.map((m) => (
                <tr key={m.material}>
                  <th scope="row">{m.name_es}</th>
                  <td className="pv-cell-num">{tonnes(m.weighed_kg)}</td>
                  <td className="pv-cell-num">{tonnes(m.rejected_kg)}</td>
                  <td className="pv-cell-num">{tonnes(m.sold_kg)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>

          <DataTable caption={t('recyclers.dashboard.byMember', { month: d.month })}>
            {head(d.payouts_recorded ? ['member', 'weighed', 'rejected', 'paid'] : ['member', 'weighed', 'rejected'])}
            <tbody>
              {d.by_member.map((m) => (
                <tr key={m.member_id}>
                  <th scope="row">{m.name}</th>
                  <td className="pv-cell-num">{tonnes(m.weighed_kg)}</td>
                  <td className="pv-cell-num">{tonnes(m.rejected_kg)}</td>
                  {d.payouts_recorded ? <td className="pv-cell-num">$ {formatNumber(m.payouts_cop ?? 0, i18n.language)}</td> : null}
                </tr>
              ))}
            </tbody>
          </DataTable>
          {!d.payouts_recorded ? <p>{t('recyclers.dashboard.noPayouts')}</p> : null}
          <PayoutsSection org={org} month={month} />

          <DataTable caption={t('recyclers.dashboard.byMicroRoute', { month: d.month })}>
            {head(['microRoute', 'weighed', 'rejected'])}
            <tbody>
              {d.by_micro_route.map((m) => (
                <tr key={m.micro_route_id ?? 'none'}>
                  <th scope="row">{m.micro_route_id === null ? t('recyclers.dashboard.noRoute') : `${m.name} (${m.macro_name})`}</th>
                  <td className="pv-cell-num">{tonnes(m.weighed_kg)}</td>
                  <td className="pv-cell-num">{tonnes(m.rejected_kg)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>

          <DataTable caption={t('recyclers.dashboard.byMacroRoute', { limit: REJECTION_RATE_LIMIT * 100 })}>
            {head(['macroRoute', 'weighed', 'rejected', 'rate'])}
            <tbody>
              {d.by_macro_route.map((m) => (
                <tr key={m.macro_route_id ?? 'none'}>
                  <th scope="row">{m.macro_route_id === null ? t('recyclers.dashboard.noRoute') : `${m.numacro} ${m.name}`}</th>
                  <td className="pv-cell-num">{tonnes(m.weighed_kg)}</td>
                  <td className="pv-cell-num">{tonnes(m.rejected_kg)}</td>
                  <td className="pv-cell-num">
                    {percent(m.rejection_rate)}
                    {m.over_limit ? <strong className="rc-flag"> {t('recyclers.dashboard.overLimit')}</strong> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>

          <h3>{t('recyclers.dashboard.scales')}</h3>
          {d.scales_expiring.length ? (
            <DataTable label={t('recyclers.dashboard.scales')}>
              <thead>
                <tr>
                  <th scope="col">{t('recyclers.dashboard.scale')}</th>
                  <th scope="col">{t('recyclers.dashboard.expires')}</th>
                  <th scope="col" className="pv-cell-num">
                    {t('recyclers.dashboard.daysLeft')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.scales_expiring.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">
                      {s.serial} · {s.eca_name}
                    </th>
                    <td className="pv-cell-nowrap">{s.certificate_expires_on}</td>
                    <td className="pv-cell-num">
                      {s.days_left < 0 ? t('recyclers.dashboard.expired') : t('recyclers.dashboard.days', { count: s.days_left })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          ) : (
            <p>{t('recyclers.dashboard.noScales')}</p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The organisation's monthly SUI filing: the pre-flight check of the chosen month (what the SUI's
 * validator would refuse, each with a link to where it is fixed), its five CSV files, the month's
 * lock once filed, the filed months, the filing settings, and the material code table in use.
 */
import {
  SUI_AREA_CODES,
  SUI_FORMS,
  SUI_REJECT_DESTINATION_CODES,
  SUI_WASTE_ORIGIN_CODES,
  type Organization,
  type SuiForm,
  type SuiSettings,
} from '@puntoverde/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { FormAlert } from '../../../components/field-shell';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-errors';
import { isStaff } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { bogotaMonth } from './bogota-month';
import {
  downloadSuiFile,
  useFileMonth,
  useFilings,
  useMapMaterial,
  usePreflight,
  useSaveSuiSettings,
  useSuiCodeTable,
  useSuiSettings,
} from '../api/sui';
import { RecyclerField, RecyclerSelect, fieldError, hasFieldErrors } from './recycler-field';

export function SuiPanel({ org }: { org: Organization }) {
  const { t } = useTranslation();
  // A month is filed once it is over: the last one by default.
  const [month, setMonth] = useState(bogotaMonth(new Date(), 1));
  const preflight = usePreflight(org.id, month);
  const file = useFileMonth(org.id);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const p = preflight.data;
  const download = async (form: SuiForm) => {
    setDownloadError(null);
    try {
      await downloadSuiFile(org.id, month, form);
    } catch (error) {
      setDownloadError(error);
    }
  };
  const submitFiling = (e: FormEvent) => {
    e.preventDefault();
    file.mutate(month);
  };
  return (
    <section aria-labelledby="rc-sui-title">
      <h2 id="rc-sui-title">{t('recyclers.sui.title')}</h2>
      <p>{t('recyclers.sui.lead')}</p>
      <RecyclerField
        label={t('recyclers.sui.month')}
        type="month"
        value={month}
        onChange={(e) => e.target.value && setMonth(e.target.value)}
      />
      {preflight.isError ? <FormAlert message={apiErrorMessage(t, preflight.error)} /> : null}
      {!p ? (
        preflight.isPending ? <p role="status">{t('app.loading')}</p> : null
      ) : (
        <>
          <h3>{t('recyclers.sui.preflight')}</h3>
          {p.filed ? (
            <p role="status">{t('recyclers.sui.filed', { month: p.month })}</p>
          ) : p.issues.length ? (
            <>
              <p role="status">{t('recyclers.sui.issuesFound', { count: p.issues.length })}</p>
              <ul className="rc-issues">
                {p.issues.map((issue, i) => (
                  <li key={`${issue.kind}-${issue.label}-${i}`}>
                    <span>{t(`recyclers.sui.issues.${issue.kind}`, { label: issue.label })}</span>{' '}
                    <span>({t(`recyclers.sui.forms.${issue.form}`)})</span>{' '}
                    <Link to={issue.fix_path}>{t('recyclers.sui.fix')}</Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p role="status">{t('recyclers.sui.clean')}</p>
          )}
          <h3>{t('recyclers.sui.files')}</h3>
          <ul className="rc-files">
            {SUI_FORMS.map((form) => (
              <li key={form}>
                <button type="button" className="pv-button pv-button-small" onClick={() => void download(form)}>
                  {t('recyclers.sui.download', { form: t(`recyclers.sui.forms.${form}`), count: p.rows[form] })}
                </button>
              </li>
            ))}
          </ul>
          <FormAlert message={downloadError ? apiErrorMessage(t, downloadError) : null} />
          {!p.filed ? (
            <form onSubmit={submitFiling} noValidate>
              <p>{t('recyclers.sui.fileHint')}</p>
              <SubmitButton busy={file.isPending}>{t('recyclers.sui.fileMonth', { month })}</SubmitButton>
              <FormAlert message={file.error ? apiErrorMessage(t, file.error) : null} />
            </form>
          ) : null}
        </>
      )}
      <FilingsTable orgId={org.id} />
      <SettingsForm orgId={org.id} />
      <CodesTable month={month} />
    </section>
  );
}

function FilingsTable({ orgId }: { orgId: number }) {
  const { t, i18n } = useTranslation();
  const filings = useFilings(orgId);
  if (!filings.data?.length) return null;
  return (
    <DataTable caption={t('recyclers.sui.filings')}>
      <thead>
        <tr>
          <th scope="col">{t('recyclers.sui.filingMonth')}</th>
          <th scope="col">{t('recyclers.sui.filedAt')}</th>
          <th scope="col">{t('recyclers.sui.filedBy')}</th>
          <th scope="col" className="pv-cell-num">
            {t('recyclers.sui.codeVersion')}
          </th>
        </tr>
      </thead>
      <tbody>
        {filings.data.map((f) => (
          <tr key={f.month}>
            <th scope="row" className="pv-cell-nowrap">
              {f.month}
            </th>
            <td className="pv-cell-nowrap">{new Date(f.filed_at).toLocaleString(i18n.language, { timeZone: 'America/Bogota' })}</td>
            <td>{f.filed_by ?? '—'}</td>
            <td className="pv-cell-num">{f.code_version}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function SettingsForm({ orgId }: { orgId: number }) {
  const settings = useSuiSettings(orgId);
  if (!settings.data) return null;
  return <SettingsFields orgId={orgId} initial={settings.data} />;
}

function SettingsFields({ orgId, initial }: { orgId: number; initial: SuiSettings }) {
  const { t } = useTranslation();
  const save = useSaveSuiSettings(orgId);
  const [destination, setDestination] = useState(initial.reject_destination === null ? '' : String(initial.reject_destination));
  const [site, setSite] = useState(initial.reject_site_number ?? '');
  const [origin, setOrigin] = useState(String(initial.waste_origin));
  const [area, setArea] = useState(String(initial.area));
  const [saved, setSaved] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate(
      {
        reject_destination: destination ? Number(destination) : null,
        reject_site_number: site.trim() || null,
        waste_origin: Number(origin),
        area: Number(area),
      },
      { onSuccess: () => setSaved(true) },
    );
  };
  const codes = (prefix: string, values: readonly number[]) =>
    values.map((v) => ({ value: String(v), label: `${v} · ${t(`recyclers.sui.${prefix}.${v}`)}` }));
  return (
    <form className="rc-form" onSubmit={submit} noValidate aria-labelledby="rc-sui-settings">
      <h3 id="rc-sui-settings">{t('recyclers.sui.settings')}</h3>
      <RecyclerSelect
        label={t('recyclers.sui.rejectDestination')}
        value={destination}
        onChange={setDestination}
        options={[{ value: '', label: t('recyclers.notSet') }, ...codes('destinations', SUI_REJECT_DESTINATION_CODES)]}
        error={fieldError(save.error, 'reject_destination')}
      />
      <RecyclerField
        label={t('recyclers.sui.rejectSite')}
        inputMode="numeric"
        value={site}
        onChange={(e) => setSite(e.target.value)}
        error={fieldError(save.error, 'reject_site_number')}
      />
      <RecyclerSelect
        label={t('recyclers.sui.wasteOrigin')}
        value={origin}
        onChange={setOrigin}
        options={codes('origins', SUI_WASTE_ORIGIN_CODES)}
        error={fieldError(save.error, 'waste_origin')}
      />
      <RecyclerSelect
        label={t('recyclers.sui.area')}
        value={area}
        onChange={setArea}
        options={codes('areas', SUI_AREA_CODES)}
        error={fieldError(save.error, 'area')}
      />
      <SubmitButton busy={save.isPending}>{t('recyclers.save')}</SubmitButton>
      {saved ? <p role="status">{t('recyclers.saved')}</p> : null}
      <FormAlert message={save.error && !hasFieldErrors(save.error) ? apiErrorMessage(t, save.error) : null} />
    </form>
  );
}

function CodesTable({ month }: { month: string }) {
  const { t } = useTranslation();
  const table = useSuiCodeTable(month);
  // Staff keep the mapping (one SUI code per material); coordinators read it.
  const staff = isStaff(useSession());
  const map = useMapMaterial();
  if (!table.data) return null;
  const names = new Map(table.data.codes.map((c) => [c.code, c.name]));
  const options = [
    { value: '', label: t('recyclers.sui.unmapped') },
    ...table.data.codes.map((c) => ({ value: String(c.code), label: `${c.code} · ${c.name}` })),
  ];
  return (
    <>
      <DataTable caption={t('recyclers.sui.codes', { version: table.data.version, from: table.data.valid_from })}>
        <thead>
          <tr>
            <th scope="col">{t('recyclers.sui.material')}</th>
            <th scope="col">{t('recyclers.sui.suiCode')}</th>
          </tr>
        </thead>
        <tbody>
          {table.data.mapping.map((m) => (
            <tr key={m.material}>
              <th scope="row">{m.name_es}</th>
              <td>
                {staff ? (
                  <select
                    className="pv-field-input"
                    aria-label={t('recyclers.sui.codeOf', { material: m.name_es })}
                    value={m.sui_code === null ? '' : String(m.sui_code)}
                    onChange={(e) => map.mutate({ material: m.material, sui_code: e.target.value ? Number(e.target.value) : null })}
                  >
                    {options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : m.sui_code === null ? (
                  t('recyclers.sui.unmapped')
                ) : (
                  `${m.sui_code} · ${names.get(m.sui_code) ?? '?'}`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <FormAlert message={map.error ? apiErrorMessage(t, map.error) : null} />
    </>
  );
}

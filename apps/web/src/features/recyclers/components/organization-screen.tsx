/**
 * The coordinator's organisation (also opened by staff from the back office): its data and
 * service areas, its ECAs with the SUI registration fields, its macro- and micro-routes, and its
 * members with their id cards.
 */
import {
  ECA_CONTRACT_CODES,
  ECA_OWNERSHIP_CODES,
  RECYCLER_REGIMES,
  RECYCLER_REGIME_MAX_STAGE,
  ROUTE_DAYS,
  formatDecimal,
  formatNit,
  type Eca,
  type Organization,
  type RecyclerRegime,
  type RouteDay,
} from '@puntoverde/contract';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { FormAlert } from '../../../components/field-shell';
import { apiErrorMessage } from '../../../lib/api-errors';
import '../../../components/actions.css';
import {
  useAddMacroRoute,
  useAddMicroRoute,
  useAddServiceArea,
  useOrganization,
  useUpdateEca,
  useUpdateOrganization,
} from '../api/organizations';
import { RecyclerField, RecyclerSelect, fieldError, hasFieldErrors } from './recycler-field';
import '../recyclers.css';
import { SubmitButton } from '../../../components/submit-button';
import { ChipGroup } from '../../../components/chip-group';

// The members tab (with its photo upload) loads when it is chosen: the first screen is the organisation's data.
const MembersPanel = lazy(() => import('./members-panel').then((m) => ({ default: m.MembersPanel })));
// Weighing (scales, tickets with the signature pad, sales) loads when one of its tabs is chosen.
const ScalesPanel = lazy(() => import('./weighing-panels').then((m) => ({ default: m.ScalesPanel })));
const TicketsPanel = lazy(() => import('./weighing-panels').then((m) => ({ default: m.TicketsPanel })));
const SalesPanel = lazy(() => import('./weighing-panels').then((m) => ({ default: m.SalesPanel })));
// The day's pickups and their assignment to members.
const RouteAssignmentsPanel = lazy(() => import('./route-assignments-panel').then((m) => ({ default: m.RouteAssignmentsPanel })));
// The SUI filing and the dashboard load when their tab is chosen.
const SuiPanel = lazy(() => import('./sui-panel').then((m) => ({ default: m.SuiPanel })));
const DashboardPanel = lazy(() => import('./dashboard-panel').then((m) => ({ default: m.DashboardPanel })));

const TABS = ['organization', 'ecas', 'routes', 'pickups', 'members', 'scales', 'tickets', 'sales', 'dashboard', 'sui'] as const;
type Tab = (typeof TABS)[number];

/** A form-level message only when no field carries one. */
function formError(t: ReturnType<typeof useTranslation>['t'], error: unknown): string | null {
  if (!error) return null;
  if (hasFieldErrors(error)) return t('recyclers.fixFields');
  return apiErrorMessage(t, error);
}

function numberOrNull(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : NaN;
}

export function OrganizationScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const org = useOrganization(id);
  // ?tab= opens a section (the SUI pre-flight links to where each problem is fixed).
  const { search } = useLocation();
  const asked = new URLSearchParams(search).get('tab');
  const fromUrl = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : null;
  const [tab, setTab] = useState<Tab>(fromUrl ?? 'members');
  // A new ?tab= (a link followed on this page) chooses its section, during render.
  const [seenUrlTab, setSeenUrlTab] = useState(fromUrl);
  if (fromUrl !== seenUrlTab) {
    setSeenUrlTab(fromUrl);
    if (fromUrl) setTab(fromUrl);
  }
  if (org.isError) return <FormAlert message={apiErrorMessage(t, org.error)} />;
  if (!org.data) return <p role="status">{t('app.loading')}</p>;
  return (
    <div className="rc">
      <p className="rc-lead">
        <strong>{org.data.name}</strong> · NIT {formatNit(org.data.nit)} · {t(`recyclers.regimes.${org.data.regime}`)} (
        {t('recyclers.stage', { n: org.data.regime_stage })})
      </p>
      <ChipGroup
        label={t('recyclers.sections')}
        value={tab}
        options={TABS.map((key) => ({ value: key, label: t(`recyclers.tabs.${key}`) }))}
        onChange={setTab}
      />
      {tab === 'organization' ? <OrganizationPanel org={org.data} /> : null}
      {tab === 'ecas' ? <EcasPanel org={org.data} /> : null}
      {tab === 'routes' ? <RoutesPanel org={org.data} /> : null}
      {tab === 'pickups' ? (
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <RouteAssignmentsPanel orgId={org.data.id} />
        </Suspense>
      ) : null}
      {tab === 'members' ? (
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <MembersPanel orgId={org.data.id} />
        </Suspense>
      ) : null}
      {tab === 'scales' || tab === 'tickets' || tab === 'sales' ? (
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          {tab === 'scales' ? <ScalesPanel org={org.data} /> : null}
          {tab === 'tickets' ? <TicketsPanel org={org.data} /> : null}
          {tab === 'sales' ? <SalesPanel org={org.data} /> : null}
        </Suspense>
      ) : null}
      {tab === 'dashboard' || tab === 'sui' ? (
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          {tab === 'dashboard' ? <DashboardPanel org={org.data} /> : null}
          {tab === 'sui' ? <SuiPanel org={org.data} /> : null}
        </Suspense>
      ) : null}
    </div>
  );
}

function OrganizationPanel({ org }: { org: Organization }) {
  const { t } = useTranslation();
  const update = useUpdateOrganization(org.id);
  const addArea = useAddServiceArea(org.id);
  const [name, setName] = useState(org.name);
  const [rups, setRups] = useState(org.rups_id ?? '');
  const [regime, setRegime] = useState<RecyclerRegime>(org.regime);
  const [stage, setStage] = useState(String(org.regime_stage));
  const [area, setArea] = useState({ nuap: '', name: '', municipality_dane: '' });
  const [saved, setSaved] = useState(false);

  const save = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    update.mutate(
      { name, rups_id: rups.trim() || null, regime, regime_stage: Number(stage) },
      { onSuccess: () => setSaved(true) },
    );
  };
  const submitArea = (e: FormEvent) => {
    e.preventDefault();
    addArea.mutate(area, { onSuccess: () => setArea({ nuap: '', name: '', municipality_dane: '' }) });
  };
  return (
    <section aria-labelledby="rc-org-title">
      <h2 id="rc-org-title">{t('recyclers.tabs.organization')}</h2>
      <form className="rc-form" onSubmit={save} noValidate>
        <RecyclerField
          label={t('recyclers.org.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldError(update.error, 'name')}
        />
        <RecyclerField
          label={t('recyclers.org.rups')}
          optional
          inputMode="numeric"
          value={rups}
          onChange={(e) => setRups(e.target.value)}
          error={fieldError(update.error, 'rups_id')}
        />
        <RecyclerSelect
          label={t('recyclers.org.regime')}
          value={regime}
          onChange={(v) => setRegime(v as RecyclerRegime)}
          options={RECYCLER_REGIMES.map((r) => ({ value: r, label: t(`recyclers.regimes.${r}`) }))}
          error={fieldError(update.error, 'regime')}
        />
        <RecyclerSelect
          label={t('recyclers.org.stage')}
          value={stage}
          onChange={setStage}
          options={Array.from({ length: RECYCLER_REGIME_MAX_STAGE[regime] }, (_, i) => ({
            value: String(i + 1),
            label: t('recyclers.stage', { n: i + 1 }),
          }))}
          error={fieldError(update.error, 'regime_stage')}
        />
        <SubmitButton className="pv-button" busy={update.isPending}>
          {t('recyclers.save')}
        </SubmitButton>
        <FormAlert message={formError(t, update.error)} />
        {saved ? <p role="status">{t('recyclers.saved')}</p> : null}
      </form>

      <h3>{t('recyclers.org.coordinators')}</h3>
      <ul className="rc-list">
        {org.coordinators.map((c) => (
          <li key={c.id}>
            {c.name} · {c.email}
          </li>
        ))}
      </ul>

      <h3>{t('recyclers.areas.title')}</h3>
      {org.service_areas.length ? (
        <ul className="rc-list">
          {org.service_areas.map((a) => (
            <li key={a.id}>
              NUAP {a.nuap} · {a.name} · DANE {a.municipality_dane}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('recyclers.areas.none')}</p>
      )}
      <form className="rc-form" onSubmit={submitArea} noValidate>
        <RecyclerField
          label="NUAP"
          inputMode="numeric"
          value={area.nuap}
          onChange={(e) => setArea({ ...area, nuap: e.target.value })}
          error={fieldError(addArea.error, 'nuap')}
        />
        <RecyclerField
          label={t('recyclers.areas.name')}
          value={area.name}
          onChange={(e) => setArea({ ...area, name: e.target.value })}
          error={fieldError(addArea.error, 'name')}
        />
        <RecyclerField
          label={t('recyclers.dane')}
          inputMode="numeric"
          value={area.municipality_dane}
          onChange={(e) => setArea({ ...area, municipality_dane: e.target.value })}
          error={fieldError(addArea.error, 'municipality_dane')}
        />
        <SubmitButton className="pv-button" busy={addArea.isPending}>
          {t('recyclers.areas.add')}
        </SubmitButton>
        <FormAlert message={formError(t, addArea.error)} />
      </form>
    </section>
  );
}

function EcasPanel({ org }: { org: Organization }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="rc-ecas-title">
      <h2 id="rc-ecas-title">{t('recyclers.tabs.ecas')}</h2>
      {org.ecas.length ? null : <p>{t('recyclers.ecas.none')}</p>}
      {org.ecas.map((eca) => (
        <EcaForm key={eca.point_id} org={org} eca={eca} />
      ))}
    </section>
  );
}

function EcaForm({ org, eca }: { org: Organization; eca: Eca }) {
  const { t } = useTranslation();
  const update = useUpdateEca(org.id);
  const text = (v: number | string | null) => (v === null ? '' : String(v));
  const [v, setV] = useState({
    nueca: text(eca.nueca),
    service_area_id: text(eca.service_area_id),
    operation_start: text(eca.operation_start),
    ownership: text(eca.ownership),
    contract: text(eca.contract),
    capacity_t_month: text(eca.capacity_t_month),
    storage_m3: text(eca.storage_m3),
    storage_t: text(eca.storage_t),
    land_use_compatible: eca.land_use_compatible === null ? '' : eca.land_use_compatible ? 'yes' : 'no',
    land_use_kind: text(eca.land_use_kind),
    status: String(eca.status),
    status_date: text(eca.status_date),
  });
  const [saved, setSaved] = useState(false);
  const set = (key: keyof typeof v) => (value: string) => setV({ ...v, [key]: value });
  const err = (key: string) => fieldError(update.error, key);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    update.mutate(
      {
        pointId: eca.point_id,
        body: {
          nueca: v.nueca.trim() || null,
          service_area_id: v.service_area_id ? Number(v.service_area_id) : null,
          operation_start: v.operation_start || null,
          ownership: v.ownership ? Number(v.ownership) : null,
          contract: v.contract ? Number(v.contract) : null,
          capacity_t_month: numberOrNull(v.capacity_t_month),
          storage_m3: numberOrNull(v.storage_m3),
          storage_t: numberOrNull(v.storage_t),
          land_use_compatible: v.land_use_compatible === '' ? null : v.land_use_compatible === 'yes',
          land_use_kind: v.land_use_kind.trim() || null,
          status: Number(v.status),
          status_date: v.status_date || null,
        },
      },
      { onSuccess: () => setSaved(true) },
    );
  };
  const none = { value: '', label: t('recyclers.notSet') };
  return (
    <form className="pv-card rc-form" onSubmit={submit} noValidate aria-label={eca.name}>
      <h3>{eca.name}</h3>
      <p className="rc-hint">
        {eca.address}, {eca.city}
      </p>
      <RecyclerField
        label="NUECA"
        optional
        inputMode="numeric"
        value={v.nueca}
        onChange={(e) => set('nueca')(e.target.value)}
        error={err('nueca')}
      />
      <RecyclerSelect
        label={t('recyclers.areas.title')}
        optional
        value={v.service_area_id}
        onChange={set('service_area_id')}
        options={[none, ...org.service_areas.map((a) => ({ value: String(a.id), label: `${a.nuap} · ${a.name}` }))]}
        error={err('service_area_id')}
      />
      <RecyclerField
        label={t('recyclers.ecas.operationStart')}
        optional
        type="date"
        value={v.operation_start}
        onChange={(e) => set('operation_start')(e.target.value)}
        error={err('operation_start')}
      />
      <RecyclerSelect
        label={t('recyclers.ecas.ownership')}
        optional
        value={v.ownership}
        onChange={set('ownership')}
        options={[
          none,
          ...ECA_OWNERSHIP_CODES.map((c) => ({
            value: String(c),
            label: `${c} · ${t(`recyclers.ecas.ownerships.${c}`)}`,
          })),
        ]}
        error={err('ownership')}
      />
      <RecyclerSelect
        label={t('recyclers.ecas.contract')}
        optional
        value={v.contract}
        onChange={set('contract')}
        options={[
          none,
          ...ECA_CONTRACT_CODES.map((c) => ({
            value: String(c),
            label: `${c} · ${t(`recyclers.ecas.contracts.${c}`)}`,
          })),
        ]}
        error={err('contract')}
      />
      <RecyclerField
        label={t('recyclers.ecas.capacity')}
        optional
        inputMode="decimal"
        value={v.capacity_t_month}
        onChange={(e) => set('capacity_t_month')(e.target.value)}
        error={err('capacity_t_month')}
      />
      <RecyclerField
        label={t('recyclers.ecas.storageM3')}
        optional
        inputMode="decimal"
        value={v.storage_m3}
        onChange={(e) => set('storage_m3')(e.target.value)}
        error={err('storage_m3')}
      />
      <RecyclerField
        label={t('recyclers.ecas.storageT')}
        optional
        inputMode="decimal"
        value={v.storage_t}
        onChange={(e) => set('storage_t')(e.target.value)}
        error={err('storage_t')}
      />
      <RecyclerSelect
        label={t('recyclers.ecas.landUse')}
        optional
        value={v.land_use_compatible}
        onChange={set('land_use_compatible')}
        options={[none, { value: 'yes', label: t('recyclers.yes') }, { value: 'no', label: t('recyclers.no') }]}
        error={err('land_use_compatible')}
      />
      <RecyclerField
        label={t('recyclers.ecas.landUseKind')}
        optional
        value={v.land_use_kind}
        onChange={(e) => set('land_use_kind')(e.target.value)}
        error={err('land_use_kind')}
      />
      <RecyclerSelect
        label={t('recyclers.ecas.status')}
        value={v.status}
        onChange={set('status')}
        options={[
          { value: '1', label: `1 · ${t('recyclers.ecas.statuses.1')}` },
          { value: '2', label: `2 · ${t('recyclers.ecas.statuses.2')}` },
        ]}
        error={err('status')}
      />
      <RecyclerField
        label={t('recyclers.ecas.statusDate')}
        optional
        type="date"
        value={v.status_date}
        onChange={(e) => set('status_date')(e.target.value)}
        error={err('status_date')}
      />
      <SubmitButton className="pv-button" busy={update.isPending}>
        {t('recyclers.save')}
      </SubmitButton>
      <FormAlert message={formError(t, update.error)} />
      {saved ? <p role="status">{t('recyclers.saved')}</p> : null}
    </form>
  );
}

function RoutesPanel({ org }: { org: Organization }) {
  const { t, i18n } = useTranslation();
  const addMacro = useAddMacroRoute(org.id);
  const [macro, setMacro] = useState({ numacro: '', name: '', service_area_id: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    addMacro.mutate(
      {
        numacro: macro.numacro,
        name: macro.name,
        service_area_id: macro.service_area_id ? Number(macro.service_area_id) : null,
      },
      { onSuccess: () => setMacro({ numacro: '', name: '', service_area_id: '' }) },
    );
  };
  return (
    <section aria-labelledby="rc-routes-title">
      <h2 id="rc-routes-title">{t('recyclers.tabs.routes')}</h2>
      {org.macro_routes.length ? null : <p>{t('recyclers.routes.none')}</p>}
      {org.macro_routes.map((m) => (
        <div key={m.id} className="pv-card rc-route">
          <h3>
            NUMACRO {m.numacro} · {m.name}
          </h3>
          {m.micro_routes.length ? (
            <ul className="rc-list">
              {m.micro_routes.map((r) => (
                <li key={r.id}>
                  <strong>{r.name}</strong> · {r.days.map((d) => t(`recyclers.days.${d}`)).join(', ')} · {r.start_time}–
                  {r.end_time} · {t('recyclers.routes.kmValue', { km: formatDecimal(r.km, i18n.language, 1) })}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('recyclers.routes.noMicro')}</p>
          )}
          <MicroRouteForm org={org} macroId={m.id} />
        </div>
      ))}
      <form className="rc-form" onSubmit={submit} noValidate>
        <h3>{t('recyclers.routes.addMacro')}</h3>
        <RecyclerField
          label="NUMACRO"
          inputMode="numeric"
          value={macro.numacro}
          onChange={(e) => setMacro({ ...macro, numacro: e.target.value })}
          error={fieldError(addMacro.error, 'numacro')}
        />
        <RecyclerField
          label={t('recyclers.routes.name')}
          value={macro.name}
          onChange={(e) => setMacro({ ...macro, name: e.target.value })}
          error={fieldError(addMacro.error, 'name')}
        />
        <RecyclerSelect
          label={t('recyclers.areas.title')}
          optional
          value={macro.service_area_id}
          onChange={(value) => setMacro({ ...macro, service_area_id: value })}
          options={[
            { value: '', label: t('recyclers.notSet') },
            ...org.service_areas.map((a) => ({ value: String(a.id), label: `${a.nuap} · ${a.name}` })),
          ]}
          error={fieldError(addMacro.error, 'service_area_id')}
        />
        <SubmitButton className="pv-button" busy={addMacro.isPending}>
          {t('recyclers.routes.addMacro')}
        </SubmitButton>
        <FormAlert message={formError(t, addMacro.error)} />
      </form>
    </section>
  );
}

function MicroRouteForm({ org, macroId }: { org: Organization; macroId: number }) {
  const { t } = useTranslation();
  const add = useAddMicroRoute(org.id);
  const [open, setOpen] = useState(false);
  const [v, setV] = useState({ name: '', start_time: '06:00', end_time: '12:00', km: '', eca: '' });
  const [days, setDays] = useState<RouteDay[]>([]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      {
        macroId,
        body: {
          name: v.name,
          days,
          start_time: v.start_time,
          end_time: v.end_time,
          km: numberOrNull(v.km) ?? NaN,
          eca_point_id: v.eca ? Number(v.eca) : null,
        },
      },
      { onSuccess: () => setOpen(false) },
    );
  };
  if (!open)
    return (
      <button type="button" className="pv-button pv-button-small" onClick={() => setOpen(true)}>
        {t('recyclers.routes.addMicro')}
      </button>
    );
  return (
    <form className="rc-form" onSubmit={submit} noValidate>
      <RecyclerField
        label={t('recyclers.routes.name')}
        value={v.name}
        onChange={(e) => setV({ ...v, name: e.target.value })}
        error={fieldError(add.error, 'name')}
      />
      <fieldset className="rc-days">
        <legend>{t('recyclers.routes.days')}</legend>
        {ROUTE_DAYS.map((d) => (
          <label key={d}>
            <input
              type="checkbox"
              checked={days.includes(d)}
              onChange={() => setDays((list) => (list.includes(d) ? list.filter((x) => x !== d) : [...list, d]))}
            />{' '}
            {t(`recyclers.days.${d}`)}
          </label>
        ))}
        {fieldError(add.error, 'days') ? <p className="pv-field-error">{fieldError(add.error, 'days')}</p> : null}
      </fieldset>
      <RecyclerField
        label={t('recyclers.routes.start')}
        type="time"
        value={v.start_time}
        onChange={(e) => setV({ ...v, start_time: e.target.value })}
        error={fieldError(add.error, 'start_time')}
      />
      <RecyclerField
        label={t('recyclers.routes.end')}
        type="time"
        value={v.end_time}
        onChange={(e) => setV({ ...v, end_time: e.target.value })}
        error={fieldError(add.error, 'end_time')}
      />
      <RecyclerField
        label={t('recyclers.routes.km')}
        inputMode="decimal"
        value={v.km}
        onChange={(e) => setV({ ...v, km: e.target.value })}
        error={fieldError(add.error, 'km')}
      />
      <RecyclerSelect
        label={t('recyclers.routes.eca')}
        optional
        value={v.eca}
        onChange={(value) => setV({ ...v, eca: value })}
        options={[
          { value: '', label: t('recyclers.notSet') },
          ...org.ecas.map((e) => ({ value: String(e.point_id), label: e.name })),
        ]}
        error={fieldError(add.error, 'eca_point_id')}
      />
      <SubmitButton className="pv-button" busy={add.isPending}>
        {t('recyclers.routes.addMicro')}
      </SubmitButton>
      <FormAlert message={formError(t, add.error)} />
    </form>
  );
}

import { useIonToast } from '@ionic/react';
import {
  CONTAINER_FULL_PERCENT,
  CONTAINER_STATUSES,
  TOAST_DURATION_MS,
  TOAST_LONG_DURATION_MS,
  type Container,
  type ContainerStatus,
  type ManagedPoint,
} from '@puntoverde/contract';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { ApiError } from '../../../lib/api-client';
import { useContainerReadings } from '../api/container-readings';
import { useManagedPoints } from '../api/managed-points';
import { useMaterials } from '../../../lib/materials';
import { useRecordEmptying } from '../api/record-emptying';
import { useUpdateContainer } from '../api/update-container';
import { formatDateTime, formatKg, formatLitres } from '../format';
import { parseQuantity, quantityErrorMessage } from '../../../lib/number-input';
import { BinSwatch, materialName } from './material-chips';
import '../points.css';
import '../../../components/actions.css';
import { formatAddress } from '../../../lib/address';
import { apiErrorMessage } from '../../../lib/api-errors';
import { EmptyState } from '../../../components/empty-state';
import { SubmitButton } from '../../../components/submit-button';

function Readings({ pointId, container }: { pointId: number; container: Container }) {
  const { t, i18n } = useTranslation();
  const readings = useContainerReadings(pointId, container.id, true);
  if (readings.isPending) return <p aria-busy="true">{t('points.map.loading')}</p>;
  if (readings.isError) return <p role="alert">{t('points.manage.historyError')}</p>;
  if (!readings.data.length) return <p>{t('points.manage.noHistory')}</p>;
  return (
    <ol className="pvp-readings">
      {readings.data.map((r) => (
        <li key={r.id}>
          <span>{formatDateTime(r.created_at, i18n.language)}</span>
          <span>
            {r.kind === 'emptying'
              ? t('points.manage.readingEmptying', { kg: formatKg(r.kg ?? 0, i18n.language) })
              : t('points.manage.readingFill', { value: r.fill_level })}
          </span>
          {r.user_name ? <span className="pvp-muted">{r.user_name}</span> : null}
        </li>
      ))}
    </ol>
  );
}

function ContainerCard({ point, container }: { point: ManagedPoint; container: Container }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [present] = useIonToast();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const materials = useMaterials();
  const m = materials.data?.find((x) => x.code === container.material);
  const name = materialName(m, container.material, lang);
  const [level, setLevel] = useState(container.fill_level);
  const [status, setStatus] = useState<ContainerStatus>(container.status);
  const [kg, setKg] = useState('');
  const [kgError, setKgError] = useState<string | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const update = useUpdateContainer();
  const emptying = useRecordEmptying();

  const failed = (err: unknown) =>
    void present({
      message: err instanceof ApiError ? apiErrorMessage(t, err) : t('points.manage.error'),
      duration: TOAST_LONG_DURATION_MS,
      color: 'danger',
    });

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { pointId: point.id, containerId: container.id, body: { fill_level: level, status } },
      {
        onSuccess: (c) => {
          void present({ message: t('points.manage.saved', { material: name, value: c.fill_level }), duration: TOAST_DURATION_MS, color: 'success' });
        },
        onError: failed,
      },
    );
  };

  const empty = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseQuantity(kg);
    if (!parsed.ok && kg.trim() !== '') {
      const { key, values } = quantityErrorMessage(parsed.error, kg);
      setKgError(t(key, values));
      return;
    }
    if (!parsed.ok || parsed.value <= 0) {
      setKgError(t('points.manage.kgInvalid'));
      return;
    }
    const value = parsed.value;
    setKgError(null);
    emptying.mutate(
      { pointId: point.id, containerId: container.id, body: { kg: value } },
      {
        onSuccess: () => {
          setKg('');
          setLevel(0);
          void present({ message: t('points.manage.emptied', { material: name, kg: formatKg(value, lang) }), duration: TOAST_DURATION_MS, color: 'success' });
        },
        onError: failed,
      },
    );
  };

  return (
    <div className="pvp-manage-container" id={`pvp-edit-${container.id}`}>
      <p className="pvp-muted">
        {formatLitres(container.capacity_l, lang)}
        {container.last_emptied_at ? ` · ${t('points.containers.lastEmptied', { date: formatDateTime(container.last_emptied_at, lang) })}` : ''}
      </p>
      {container.full_reports ? (
        <p>
          <strong className="pvp-full">{t('reports.containerMark', { count: container.full_reports })}</strong>
        </p>
      ) : null}
      <form className="pvp-manage-form" onSubmit={save}>
        <label htmlFor={`${uid}-level`}>{t('points.manage.levelLabel', { material: name })}</label>
        <div className="pvp-range">
          <input
            id={`${uid}-level`}
            type="range"
            min={0}
            max={100}
            // Any whole percentage: a coarser step would draw a stored 64 % at 65.
            step={1}
            value={level}
            aria-valuetext={`${level} %`}
            onChange={(e) => setLevel(Number(e.target.value))}
          />
          <output htmlFor={`${uid}-level`}>{level} %</output>
        </div>
        <label htmlFor={`${uid}-status`}>{t('points.manage.statusLabel')}</label>
        <select id={`${uid}-status`} value={status} onChange={(e) => setStatus(e.target.value as ContainerStatus)}>
          {CONTAINER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`points.containers.status.${s}`)}
            </option>
          ))}
        </select>
        <SubmitButton className="pv-button" busy={update.isPending}>
          {t('points.manage.save')}
        </SubmitButton>
      </form>
      <form className="pvp-manage-form" onSubmit={empty} noValidate>
        <label htmlFor={`${uid}-kg`}>{t('points.manage.kgLabel', { material: name })}</label>
        <input
          id={`${uid}-kg`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={kg}
          aria-invalid={kgError ? true : undefined}
          aria-describedby={kgError ? `${uid}-kg-error` : undefined}
          onChange={(e) => setKg(e.target.value)}
        />
        {kgError ? (
          <p id={`${uid}-kg-error`} className="pvp-field-error" role="alert">
            {kgError}
          </p>
        ) : null}
        <SubmitButton className="pv-button pv-button-secondary" busy={emptying.isPending}>
          {t('points.manage.recordEmptying')}
        </SubmitButton>
      </form>
      <button type="button" className="pv-button-link" aria-expanded={showHistory} onClick={() => setShowHistory((v) => !v)}>
        {showHistory ? t('points.manage.hideHistory') : t('points.manage.showHistory')}
      </button>
      {showHistory ? <Readings pointId={point.id} container={container} /> : null}
    </div>
  );
}

/** A container's fill level as a bar people and screen readers read the same way. */
function FillGauge({ value, label }: { value: number; label: string }) {
  const full = value >= CONTAINER_FULL_PERCENT;
  return (
    <span className={`pvp-fill-bar ${full ? 'pvp-fill-full' : ''}`} role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-label={label}>
      <span style={{ width: `${value}%` }} />
    </span>
  );
}

/** The fullest first; among equals, the material's name. */
function byFillDescending(a: Container, b: Container): number {
  return b.fill_level - a.fill_level || a.material.localeCompare(b.material);
}

/** One row per container of a point, fullest first; its edit form opens under the row. */
function PointContainers({ point }: { point: ManagedPoint }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const materials = useMaterials();
  const [editing, setEditing] = useState<number | null>(null);
  const rows = [...point.containers].sort(byFillDescending);
  return (
    <ul className="pvp-overview" aria-label={t('design.containers.listLabel', { point: point.name })}>
      {rows.map((c) => {
        const m = materials.data?.find((x) => x.code === c.material);
        const name = materialName(m, c.material, lang);
        const full = c.fill_level >= CONTAINER_FULL_PERCENT;
        const open = editing === c.id;
        return (
          <li key={`${c.id}-${c.updated_at}`} className={`pvp-overview-row${full ? ' pvp-overview-full' : ''}`}>
            <div className="pvp-overview-line">
              <span className="pvp-container-name">
                <BinSwatch material={m} />
                {name}
              </span>
              <FillGauge value={c.fill_level} label={t('points.containers.fillOf', { material: name })} />
              <span className="pvp-fill-text">
                {c.fill_level} %{full ? <strong className="pvp-full"> · {t('points.containers.full')}</strong> : null}
              </span>
              <span className="pvp-muted">{t(`points.containers.status.${c.status}`)}</span>
              <button
                type="button"
                className="pv-button pv-button-secondary pv-button-small"
                aria-expanded={open}
                aria-controls={`pvp-edit-${c.id}`}
                aria-label={open ? t('design.containers.closeNamed', { material: name }) : t('design.containers.editNamed', { material: name })}
                onClick={() => setEditing(open ? null : c.id)}
              >
                {open ? t('design.containers.close') : t('design.containers.edit')}
              </button>
            </div>
            {open ? <ContainerCard point={point} container={c} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Full containers of every point, on top: what needs doing first. */
function FullAlert({ points }: { points: ManagedPoint[] }) {
  const { t, i18n } = useTranslation();
  const materials = useMaterials();
  const full = points.flatMap((p) => p.containers.filter((c) => c.fill_level >= CONTAINER_FULL_PERCENT).map((c) => ({ p, c }))).sort((a, b) => byFillDescending(a.c, b.c));
  if (!full.length) return null;
  return (
    <div className="pv-callout pv-callout-error pvp-full-alert" role="status">
      <p>
        <strong>{t('design.containers.fullAlert', { count: full.length })}</strong>
      </p>
      <ul>
        {full.map(({ p, c }) => (
          <li key={c.id}>
            {t('design.containers.fullItem', {
              material: materialName(materials.data?.find((x) => x.code === c.material), c.material, i18n.language),
              point: p.name,
              value: c.fill_level,
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ManagedPointsView({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const points = useManagedPoints(enabled);
  // Each point's containers (forms, gauges) are built in a deferred render React can pause, not in
  // the synchronous re-render the answer triggers; the skeleton stays until they commit.
  const data = useDeferredValue(points.data);
  if (!enabled) {
    return (
      <div className="pvp-empty">
        <p>{t('points.manage.onlyManagers')}</p>
        <AppLink to="/auth/login">{t('points.manage.login')}</AppLink>
      </div>
    );
  }
  if (points.isError) return <p role="alert">{t('points.manage.loadError')}</p>;
  if (points.isPending || data === undefined) {
    return (
      <div className="pvp-skeleton" aria-busy="true">
        <span className="pvp-skeleton-line" />
        <span className="pvp-skeleton-block" />
      </div>
    );
  }
  if (!data.length) return <EmptyState title={t('points.manage.none')} />;
  return (
    <div className="pvp-manage">
      <FullAlert points={data} />
      {data.map((p) => (
        <section key={p.id} className="pvp-manage-point" aria-labelledby={`pvp-manage-${p.id}`}>
          <h2 id={`pvp-manage-${p.id}`}>
            <AppLink to={`/map/${p.id}`} lang="es">
              {p.name}
            </AppLink>
          </h2>
          <p className="pvp-muted">
            {t(`points.kinds.${p.kind}`)} · {formatAddress(p.address, p.city)}
          </p>
          {p.containers.length ? (
            <PointContainers point={p} />
          ) : (
            <p>{t('points.manage.noContainers')}</p>
          )}
        </section>
      ))}
    </div>
  );
}

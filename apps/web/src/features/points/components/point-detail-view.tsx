import { useIonToast } from '@ionic/react';
import { type Container, CONTAINER_FULL_PERCENT, formatColombianPhone, type Material, phoneHref, POINT_KIND_COLORS, type PointDetail, TOAST_DURATION_MS } from '@puntoverde/contract';
import type { Map as LeafletMap } from 'leaflet';
import { useCallback, useDeferredValue, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import type { LeafletModule } from '../../../lib/map/load-leaflet';
import { MapView } from '../../../lib/map/map-view';
import { useMaterials } from '../../../lib/materials';
import { usePointDetail } from '../api/point-detail';
import { describeOpeningHours, formatChange, formatDateTime, formatLitres } from '../format';
import { BinSwatch, materialName } from './material-chips';
import { OpenNowBadge } from './open-now-badge';
import '../points.css';
import { formatAddress } from '../../../lib/address';

function isMobile(): boolean {
  return /Android|iPhone|iPad|iPod/i.test(globalThis.navigator?.userAgent ?? '');
}

function Directions({ point }: { point: PointDetail }) {
  const { t } = useTranslation();
  const { lat, lng, name } = point;
  if (isMobile()) {
    // geo: opens the phone's map app (RFC 5870).
    return (
      <a className="pv-button" href={`geo:${lat},${lng}?q=${lat},${lng}(${encodeURIComponent(name)})`}>
        {t('points.detail.directions')}
      </a>
    );
  }
  return (
    <span className="pvp-directions">
      <a className="pv-button" href={`https://www.openstreetmap.org/directions?to=${lat}%2C${lng}`} target="_blank" rel="noopener noreferrer">
        {t('points.detail.directionsOsm')}
      </a>
      <a className="pv-button pv-button-secondary" href={`https://www.google.com/maps/dir/?api=1&destination=${lat}%2C${lng}`} target="_blank" rel="noopener noreferrer">
        {t('points.detail.directionsGoogle')}
      </a>
    </span>
  );
}

function ContainerRow({ c, m, lang }: { c: Container; m: Material | undefined; lang: string }) {
  const { t } = useTranslation();
  const full = c.fill_level >= CONTAINER_FULL_PERCENT;
  return (
    <li className="pvp-container">
      <span className="pvp-container-name">
        <BinSwatch material={m} />
        {materialName(m, c.material, lang)}
        <span className="pvp-container-capacity"> · {formatLitres(c.capacity_l, lang)}</span>
      </span>
      <span className="pvp-fill">
        <span
          className={`pvp-fill-bar ${full ? 'pvp-fill-full' : ''}`}
          role="meter"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={c.fill_level}
          aria-label={t('points.containers.fillOf', { material: materialName(m, c.material, lang) })}
        >
          <span style={{ width: `${c.fill_level}%` }} />
        </span>
        <span className="pvp-fill-text">
          {t('points.containers.fill', { value: c.fill_level })}
          {full ? ` · ${t('points.containers.full')}` : ''}
        </span>
      </span>
      <span className="pvp-container-meta">
        {t(`points.containers.status.${c.status}`)}
        {c.last_emptied_at ? ` · ${t('points.containers.lastEmptied', { date: formatDateTime(c.last_emptied_at, lang) })}` : ''}
      </span>
    </li>
  );
}

export function PointDetailView({ id, tileUrl }: { id: number; tileUrl: string | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [present] = useIonToast();
  const point = usePointDetail(id);
  // The catalogue (names, bin colours) comes by its own request, usually after the point: a store
  // update, which React renders in one piece (the whole point again: 12 ms unthrottled, four times
  // that on a phone). Deferred, it is a transition, rendered in slices.
  const materials = useDeferredValue(useMaterials().data);
  const byCode = useMemo(() => new Map((materials ?? []).map((m) => [m.code, m])), [materials]);
  const mapId = `pvp-point-map-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const data = point.data;

  const onReady = useCallback(
    (map: LeafletMap, L: LeafletModule) => {
      if (!data) return;
      L.circleMarker([data.lat, data.lng], { radius: 11, color: '#ffffff', weight: 3, fillColor: POINT_KIND_COLORS[data.kind], fillOpacity: 1 })
        .bindTooltip(data.name)
        .addTo(map);
    },
    [data],
  );

  if (point.isPending) {
    return (
      <div className="pvp-detail pvp-skeleton" aria-busy="true">
        <span className="pvp-skeleton-line" />
        <span className="pvp-skeleton-line pvp-short" />
        <span className="pvp-skeleton-block" />
      </div>
    );
  }
  if (point.isError || !data) {
    return (
      <div className="pvp-empty" role="alert">
        <p>{t('points.detail.notFound')}</p>
        <AppLink to="/home">{t('points.detail.backToMap')}</AppLink>
      </div>
    );
  }

  const share = async () => {
    const url = `${window.location.origin}/map/${data.id}`;
    try {
      if (navigator.share) {
        await navigator.share({ title: data.name, text: t('points.detail.shareText', { name: data.name }), url });
        return;
      }
      await navigator.clipboard.writeText(url);
      void present({ message: t('points.detail.linkCopied'), duration: TOAST_DURATION_MS });
    } catch {
      // The person closed the share sheet: nothing to say.
    }
  };

  const change = data.next_change ? formatChange(data.next_change, new Date(), lang) : null;
  const detail = change ? (data.open_now ? t('points.hours.closesAt', { time: change }) : t('points.hours.opensAt', { time: change })) : null;

  return (
    <article className="pvp-detail">
      <header>
        <p className="pvp-kind" style={{ borderColor: POINT_KIND_COLORS[data.kind] }}>
          {t(`points.kinds.${data.kind}`)}
          {data.is_demo ? <span className="pvp-demo-tag"> · {t('points.detail.demo')}</span> : null}
        </p>
        <h2 className="pvp-detail-name">{data.name}</h2>
        <p className="pvp-detail-address">
          {formatAddress(data.address, data.city)}
        </p>
        <OpenNowBadge open={data.open_now} detail={detail} />
      </header>

      <div className="pvp-detail-actions">
        <Directions point={data} />
        <button type="button" className="pv-button pv-button-secondary" onClick={() => void share()}>
          {t('points.detail.share')}
        </button>
        <AppLink className="pv-button pv-button-secondary" to={`/home/${data.id}`}>
          {t('points.detail.seeOnMap')}
        </AppLink>
      </div>

      <MapView
        id={mapId}
        className="pvp-detail-map"
        label={t('points.detail.mapLabel', { name: data.name })}
        center={[data.lat, data.lng]}
        zoom={16}
        tileUrl={tileUrl}
        attribution={t('points.map.attribution')}
        onReady={onReady}
      />

      <section aria-labelledby={`${mapId}-hours`}>
        <h3 id={`${mapId}-hours`}>{t('points.detail.hours')}</h3>
        {data.opening_hours ? (
          <ul className="pvp-hours">
            {describeOpeningHours(data.opening_hours, lang).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p>{t('points.hours.unknown')}</p>
        )}
      </section>

      <section aria-labelledby={`${mapId}-materials`}>
        <h3 id={`${mapId}-materials`}>{t('points.detail.materials')}</h3>
        <ul className="pvp-materials">
          {data.materials.map((code) => {
            const m = byCode.get(code);
            return (
              <li key={code}>
                <BinSwatch material={m} />
                <span>{materialName(m, code, lang)}</span>
                <span className="pvp-bin-label">
                  {m?.bin_color ? t(`points.bins.${m.bin_color}`) : t('points.bins.posconsumo')}
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby={`${mapId}-containers`}>
        <h3 id={`${mapId}-containers`}>{t('points.detail.containers')}</h3>
        {data.containers.length ? (
          <ul className="pvp-containers">
            {data.containers.map((c) => (
              <ContainerRow key={c.id} c={c} m={byCode.get(c.material)} lang={lang} />
            ))}
          </ul>
        ) : (
          <p>{t('points.detail.noContainers')}</p>
        )}
      </section>

      <section aria-labelledby={`${mapId}-contact`}>
        <h3 id={`${mapId}-contact`}>{t('points.detail.contact')}</h3>
        <p>
          {data.phone ? (
            <a href={phoneHref(data.phone)}>{formatColombianPhone(data.phone)}</a>
          ) : (
            t('points.detail.noPhone')
          )}
          {data.operator ? ` · ${t('points.detail.operator', { operator: data.operator })}` : ''}
        </p>
        {data.osm_id ? (
          <p className="pvp-source">
            {t('points.detail.osmSource')}{' '}
            <a href={`https://www.openstreetmap.org/${data.osm_id}`} target="_blank" rel="noopener noreferrer">
              {data.osm_id}
            </a>
          </p>
        ) : null}
      </section>
    </article>
  );
}

import type { PointNear } from '@puntoverde/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { useMaterials } from '../../../lib/materials';
import { formatDistance } from '../format';
import { materialName } from './material-chips';
import { formatAddress } from '../../../lib/address';
import { EmptyState } from '../../../components/empty-state';

export type PointsListProps = { data: PointNear[] | undefined; isPending: boolean; isError: boolean; isFetching: boolean };

/** The accessible alternative to the map: the nearest points as an ordered list of links. */
export const PointsList = memo(function PointsList(query: PointsListProps) {
  const { t, i18n } = useTranslation();
  const materials = useMaterials();
  const byCode = new Map((materials.data ?? []).map((m) => [m.code, m]));
  if (query.isPending) {
    return (
      <ul className="pvp-list pvp-skeleton" aria-busy="true" aria-label={t('points.map.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <span className="pvp-skeleton-line" />
            <span className="pvp-skeleton-line pvp-short" />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError || !query.data) return <p role="alert">{t('points.list.error')}</p>;
  if (!query.data.length) return <EmptyState title={t('points.list.empty')} />;
  return (
    <ol className="pvp-list" aria-busy={query.isFetching}>
      {query.data.map((p) => (
        <li key={p.id}>
          <AppLink to={`/map/${p.id}`} className="pvp-list-link">
            <span className="pvp-list-name">{p.name}</span>
            <span className="pvp-list-distance">{formatDistance(p.distance_m, i18n.language)}</span>
          </AppLink>
          <span className="pvp-list-meta">
            {t(`points.kinds.${p.kind}`)} · {formatAddress(p.address, p.city)}
            {p.open_now === true ? ` · ${t('points.hours.openNow')}` : p.open_now === false ? ` · ${t('points.hours.closedNow')}` : ''}
          </span>
          <span className="pvp-list-materials">
            {p.materials.map((c) => materialName(byCode.get(c), c, i18n.language)).join(', ')}
          </span>
        </li>
      ))}
    </ol>
  );
});

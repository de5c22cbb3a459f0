/**
 * The back-office home: what needs attention now, each count a link to its list (the PQR inbox
 * filtered by traffic light, the pending pickups, the fullest containers).
 */
import type { AdminDashboard as Dashboard } from '@puntoverde/contract';
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstCommit } from '../../../components/after-first-commit';
import { AppLink } from '../../../components/app-link';
import { formatNumber } from '../../../lib/number-format';
import { useAdminList } from '../../../lib/admin-resource';
import './admin-dashboard.css';

type Tile = { key: string; count: number; to: string; label: string; urgent: boolean };

/**
 * `children` (the rest of the home: the sections list...) come under the dashboard once it has
 * loaded or failed, never under its loading line: the dashboard's height depends on its data
 * (up to ten fullest containers), so whatever stood below the loading line would be pushed
 * down when it arrived (the home's layout shift was 0.39).
 */
export function AdminDashboard({ children }: { children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const dashboard = useAdminList<Dashboard>('dashboard', 'dashboard');
  // The answer is rendered in a deferred render React can pause (not inside the synchronous
  // re-render the query's answer triggers), and the sections list commits after the dashboard.
  const d = useDeferredValue(dashboard.data);
  if (dashboard.isError) {
    return (
      <>
        <p role="alert">{t('design.dashboard.error')}</p>
        {children}
      </>
    );
  }
  if (dashboard.isPending || d === undefined) return <p aria-busy="true">{t('design.dashboard.loading')}</p>;
  const tiles: Tile[] = [
    {
      key: 'overdue',
      count: d.pqr.overdue,
      to: '/admin/pqr?light=overdue',
      label: t('design.dashboard.pqrOverdue'),
      urgent: true,
    },
    {
      key: 'due-soon',
      count: d.pqr.due_soon,
      to: '/admin/pqr?light=due_soon',
      label: t('design.dashboard.pqrDueSoon'),
      urgent: false,
    },
    {
      key: 'pending',
      count: d.requests_pending,
      to: '/app/tabs/prequest?status=pendiente',
      label: t('design.dashboard.requestsPending'),
      urgent: false,
    },
    {
      key: 'reports',
      count: d.reports_open,
      to: '/app/tabs/reports',
      label: t('design.dashboard.reportsOpen'),
      urgent: false,
    },
    {
      key: 'full',
      count: d.containers_full,
      to: '#pv-fullest',
      label: t('design.dashboard.containersFull'),
      urgent: true,
    },
  ];
  return (
    <AfterFirstCommit>
      <section className="pv-dashboard" aria-labelledby="pv-dashboard-title">
        <h2 id="pv-dashboard-title">{t('design.dashboard.title')}</h2>
        <ul className="pv-dashboard-tiles" aria-label={t('design.dashboard.label')}>
          {tiles.map((tile) => (
            <li key={tile.key}>
              {tile.to.startsWith('#') ? (
                <a
                  href={tile.to}
                  className={`pv-dashboard-tile${tile.urgent && tile.count > 0 ? ' pv-dashboard-tile-urgent' : ''}`}
                >
                  <span className="pv-dashboard-count">{formatNumber(tile.count, i18n.language)}</span>{' '}
                  <span>{tile.label}</span>
                </a>
              ) : (
                <AppLink
                  to={tile.to}
                  className={`pv-dashboard-tile${tile.urgent && tile.count > 0 ? ' pv-dashboard-tile-urgent' : ''}`}
                >
                  <span className="pv-dashboard-count">{formatNumber(tile.count, i18n.language)}</span>{' '}
                  <span>{tile.label}</span>
                </AppLink>
              )}
            </li>
          ))}
        </ul>
        <h3 id="pv-fullest">{t('design.dashboard.fullTitle')}</h3>
        {d.fullest.length ? (
          <ul className="pv-dashboard-fullest">
            {d.fullest.map((c) => (
              <li key={c.container_id}>
                <AppLink to={`/map/${c.point_id}`}>
                  {t('design.dashboard.fullItem', {
                    material: i18n.language.startsWith('en') ? c.material : c.material_name,
                    point: c.point_name,
                    value: c.fill_level,
                  })}
                </AppLink>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('design.dashboard.noneFull')}</p>
        )}
      </section>
      {children}
    </AfterFirstCommit>
  );
}

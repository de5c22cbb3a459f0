/** Back-office inbox: PQRs by due date with traffic lights, filters, counts and paging. */
import { PQR_LIGHTS, PQR_STATUSES, PQR_TYPES, type PqrLight } from '@puntoverde/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { AppLink } from '../../../../components/app-link';
import { INBOX_PAGE_SIZE, useInbox, type InboxFilters } from '../../api/admin-pqr-list';
import { usePqrStaff } from '../../api/admin-pqr-staff';
import { formatShortDate } from '../../format';
import { LightBadge, StatusBadge } from '../badges';
import { FormAlert } from '../../../../components/field-shell';
import { apiErrorMessage } from '../../../../lib/api-errors';
import { EmptyState } from '../../../../components/empty-state';
import { DataTable } from '../../../../components/data-table';

export function adminPqrPath(radicado: string): string {
  return `/admin/pqr/${encodeURIComponent(radicado)}`;
}

const COUNTED: Exclude<PqrLight, 'done'>[] = ['overdue', 'due_soon', 'on_time', 'paused'];

/** A traffic light asked for in the address (`/admin/pqr?light=overdue`, from the back-office home). */
function lightFromSearch(search: string): PqrLight | '' {
  const light = new URLSearchParams(search).get('light');
  return (PQR_LIGHTS as readonly string[]).includes(light ?? '') ? (light as PqrLight) : '';
}

export function AdminInbox() {
  const { t, i18n } = useTranslation();
  const { search: locationSearch } = useLocation();
  const [filters, setFilters] = useState<InboxFilters>(() => ({
    page: 1,
    open: true,
    q: '',
    light: lightFromSearch(locationSearch),
  }));
  const [search, setSearch] = useState('');
  const inbox = useInbox(filters);
  const staff = usePqrStaff();
  const set = (patch: Partial<InboxFilters>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const total = inbox.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));

  return (
    <div className="pqr-admin">
      {inbox.data ? (
        <ul className="pqr-counts" aria-label={t('pqr.admin.countsLabel')}>
          {COUNTED.map((light) => (
            <li key={light}>
              <button
                type="button"
                className={`pqr-count pqr-light-${light}`}
                aria-pressed={filters.light === light}
                onClick={() => set({ light: filters.light === light ? '' : light })}
              >
                <span className="pqr-count-number">{inbox.data.counts[light]}</span>
                <span>{t(`pqr.light.${light}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <form
        className="pqr-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: search });
        }}
      >
        <div className="pqr-field pqr-filter-search">
          <label className="pqr-label" htmlFor="pqr-filter-q">
            {t('pqr.admin.search')}
          </label>
          <div className="pqr-input-row">
            <input
              id="pqr-filter-q"
              className="pv-field-input"
              type="search"
              value={search}
              placeholder={t('pqr.admin.searchPlaceholder')}
              onChange={(e) => setSearch(e.target.value)}
            />
            <button type="submit" className="pv-button pv-button-secondary">
              {t('pqr.admin.searchButton')}
            </button>
          </div>
        </div>
        <FilterSelect
          id="pqr-filter-status"
          label={t('pqr.admin.status')}
          value={filters.status ?? ''}
          onChange={(v) => set({ status: v as InboxFilters['status'] })}
          options={PQR_STATUSES.map((s) => ({ value: s, label: t(`pqr.status.${s}`) }))}
        />
        <FilterSelect
          id="pqr-filter-type"
          label={t('pqr.admin.type')}
          value={filters.type ?? ''}
          onChange={(v) => set({ type: v as InboxFilters['type'] })}
          options={PQR_TYPES.map((s) => ({ value: s, label: t(`pqr.types.${s}`) }))}
        />
        <FilterSelect
          id="pqr-filter-light"
          label={t('pqr.admin.light')}
          value={filters.light ?? ''}
          onChange={(v) => set({ light: v as InboxFilters['light'] })}
          options={PQR_LIGHTS.map((s) => ({ value: s, label: t(`pqr.light.${s}`) }))}
        />
        <FilterSelect
          id="pqr-filter-assigned"
          label={t('pqr.admin.assigned')}
          value={filters.assigned ?? ''}
          onChange={(v) => set({ assigned: v })}
          options={[
            { value: 'me', label: t('pqr.admin.assignedMe') },
            { value: 'none', label: t('pqr.admin.assignedNone') },
            ...(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
          ]}
        />
        <div className="pqr-checkbox pqr-filter-open">
          <input
            id="pqr-filter-open"
            type="checkbox"
            checked={filters.open ?? false}
            onChange={(e) => set({ open: e.target.checked })}
          />
          <label htmlFor="pqr-filter-open">{t('pqr.admin.openOnly')}</label>
        </div>
      </form>

      {inbox.error ? <FormAlert message={apiErrorMessage(t, inbox.error)} /> : null}
      {inbox.isPending ? (
        <div role="status" aria-busy="true" className="pqr-list">
          <span className="visually-hidden">{t('pqr.admin.loading')}</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="pqr-skeleton pqr-skeleton-row" aria-hidden="true" />
          ))}
        </div>
      ) : inbox.data && inbox.data.items.length === 0 ? (
        <EmptyState title={t('pqr.admin.empty')} />
      ) : inbox.data ? (
        <DataTable className="pqr-table" label={t('pqr.admin.caption')}>
          <thead>
            <tr>
              <th scope="col">{t('pqr.admin.col.light')}</th>
              <th scope="col">{t('pqr.admin.col.due')}</th>
              <th scope="col">{t('pqr.admin.col.radicado')}</th>
              <th scope="col">{t('pqr.admin.col.subject')}</th>
              <th scope="col">{t('pqr.admin.col.requester')}</th>
              <th scope="col">{t('pqr.admin.col.status')}</th>
              <th scope="col">{t('pqr.admin.col.assignee')}</th>
            </tr>
          </thead>
          <tbody>
            {inbox.data.items.map((item) => (
              <tr key={item.radicado}>
                <td>
                  <LightBadge light={item.light} daysLeft={item.business_days_left} />
                </td>
                <td className="pv-cell-nowrap">
                  {item.due_date ? formatShortDate(item.due_date, i18n.language) : '—'}
                  {item.extended ? <span className="pqr-hint"> · {t('pqr.admin.extended')}</span> : null}
                </td>
                <td>
                  <AppLink className="pqr-nowrap" to={adminPqrPath(item.radicado)}>
                    {item.radicado}
                  </AppLink>
                </td>
                <td>
                  <span className="pqr-hint">{t(`pqr.types.${item.type}`)}</span>
                  <br />
                  <span lang="es">{item.subject}</span>
                </td>
                <td lang="es">{item.name}</td>
                <td>
                  <StatusBadge status={item.status} audience="staff" />
                </td>
                <td>{item.assignee?.name ?? t('pqr.admin.unassigned')}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      ) : null}

      {total > INBOX_PAGE_SIZE ? (
        <nav className="pqr-actions pqr-pager" aria-label={t('pqr.admin.pager')}>
          <button
            type="button"
            className="pv-button pv-button-secondary"
            disabled={filters.page <= 1}
            onClick={() => set({ page: filters.page - 1 })}
          >
            {t('pqr.admin.prev')}
          </button>
          <span>{t('pqr.admin.pageOf', { page: filters.page, pages })}</span>
          <button
            type="button"
            className="pv-button pv-button-secondary"
            disabled={filters.page >= pages}
            onClick={() => set({ page: filters.page + 1 })}
          >
            {t('pqr.admin.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <div className="pqr-field">
      <label className="pqr-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="pv-field-input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('pqr.admin.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

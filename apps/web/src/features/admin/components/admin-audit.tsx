/** Back office: the audit log (who changed what, when, with the before and after values). */
import { IonItem, IonLabel } from '@ionic/react';
import type { AuditEntry } from '@puntoverde/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format';
import { useAdminList, type Page } from '../../../lib/admin-resource';
import { AdminListBody } from '../../../components/back-office/admin-list';
import { Pager } from '../../../components/back-office/pager';
import { FilterSelectField } from '../../../components/filter-fields';

const PAGE_SIZE = 25;
const ENTITIES = ['campaign', 'ally', 'faq', 'about', 'user', 'point', 'point-managers', 'container', 'material', 'pqr'] as const;

/**
 * Whom or what an entry is about, by name ("Usuario #21 · Ana Pérez", "PQR PQR-2026-000123"):
 * the name, title or e-mail in the record after the change, else before it.
 */
export function auditSubject(entry: Pick<AuditEntry, 'entity_id' | 'before' | 'after'>): string | null {
  for (const record of [entry.after, entry.before]) {
    if (record && typeof record === 'object') {
      const r = record as Record<string, unknown>;
      for (const field of ['name', 'title', 'question', 'email', 'code']) {
        const value = r[field];
        if (typeof value === 'string' && value.trim()) return value.trim();
      }
    }
  }
  return null;
}

function Json({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <details>
      <summary>{label}</summary>
      <pre className="audit-json">{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

export function AdminAudit() {
  const { t, i18n } = useTranslation();
  const [entity, setEntity] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminList<Page<AuditEntry>>('audit', 'audit', { entity: entity || undefined, page, page_size: PAGE_SIZE });
  return (
    <>
      <FilterSelectField
        label={t('admin.audit.entity')}
        value={entity}
        onValue={(value) => {
          setEntity(value);
          setPage(1);
        }}
        options={[
          { value: '', label: t('admin.all') },
          ...ENTITIES.map((e) => ({ value: e, label: t([`admin.audit.entities.${e}`, `design.audit.entities.${e}`]) })),
        ]}
      />
      <AdminListBody list={list} empty={t('admin.audit.empty')}>
        {(items) =>
          items.map((entry) => (
            <IonItem key={entry.id}>
              <IonLabel className="ion-text-wrap">
                <h2>
                  {t([`admin.audit.actions.${entry.action}`, `design.audit.actions.${entry.action}`], { defaultValue: entry.action })} ·{' '}
                  {t([`admin.audit.entities.${entry.entity}`, `design.audit.entities.${entry.entity}`], { defaultValue: entry.entity })}
                  {entry.entity_id ? (entry.entity === 'pqr' ? ` ${entry.entity_id}` : ` #${entry.entity_id}`) : ''}
                  {auditSubject(entry) ? (
                    <>
                      {' · '}
                      <span lang="es">{auditSubject(entry)}</span>
                    </>
                  ) : null}
                </h2>
                <p>
                  {entry.actor
                    ? t('design.audit.by', { name: `${entry.actor.name} (${entry.actor.email})` })
                    : entry.actor_label?.startsWith('cli:')
                      ? t('admin.audit.cli', { user: entry.actor_label.slice('cli:'.length) })
                      : t('admin.audit.system')}{' '}
                  ·{' '}
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, i18n.language)}</time>
                </p>
                <Json label={t('admin.audit.before')} value={entry.before} />
                <Json label={t('admin.audit.after')} value={entry.after} />
              </IonLabel>
            </IonItem>
          ))
        }
      </AdminListBody>
      {list.data ? <Pager page={page} total={list.data.total} pageSize={PAGE_SIZE} onPage={setPage} /> : null}
    </>
  );
}

/** Back office: search users, change their type, admin flag or state, resend verification, create point managers. */
import { IonBadge, IonButton, IonItem, IonLabel, useIonToast } from '@ionic/react';
import { zodResolver } from '../../../../lib/zod-resolver';
import { type AdminUser, type AdminUserUpdate, formatColombianPhone, TOAST_DURATION_MS, TOAST_LONG_DURATION_MS, USER_KIND_LABELS_ES, userKindOf, ZAdminCreateManager } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/date-format';
import { adminSend, useAdminList, useAdminMutation, type Page } from '../../../../lib/admin-resource';

import { AdminModal } from '../../../../components/back-office/admin-modal';
import { AdminForm, useAdminSave } from '../../../../components/back-office/admin-form';
import { fieldBinder, SwitchField, TextField } from '../../../../components/form-fields';
import { FilterSelectField } from '../../../../components/filter-fields';
import { AdminListBody } from '../../../../components/back-office/admin-list';
import { Pager } from '../../../../components/back-office/pager';
import { SearchInput } from '../../../../components/search-input';
import '../../../../components/actions.css';
import { apiErrorMessage } from '../../../../lib/api-errors';

const PAGE_SIZE = 20;

/** The account's label: staff read "Administración", not the household label their tc_id gives. */
export function kindLabel(t: (key: string) => string, user: AdminUser): string {
  if (user.is_admin) return t('admin.menu');
  const kind = userKindOf(user);
  return kind ? t(`userKind.${kind}`) || USER_KIND_LABELS_ES[kind] : '—';
}

/** The three kinds of account, by tc_id. */
function kindOptions(t: (key: string) => string) {
  return [
    { value: '1', label: t('userKind.manager') },
    { value: '2', label: t('userKind.household') },
    { value: '3', label: t('userKind.company') },
  ];
}

/** One account: its details and the changes staff can make (deactivation asks first). */
export function UserDetail({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [confirmingDeactivation, setConfirmingDeactivation] = useState(false);
  const [present] = useIonToast();
  const update = useAdminMutation('users', (body: AdminUserUpdate) => adminSend<AdminUser>('PATCH', `users/${user.id}`, body));
  const resend = useAdminMutation('users', () => adminSend<{ sent: boolean }>('POST', `users/${user.id}/resend-verification`));
  const change = (body: AdminUserUpdate) =>
    update.mutate(body, {
      onSuccess: () => {
        void present({ message: t('admin.saved'), duration: TOAST_DURATION_MS, color: 'success' });
        onDone();
      },
      onError: (e) => void present({ message: apiErrorMessage(t, e), duration: TOAST_LONG_DURATION_MS, color: 'danger' }),
    });
  return (
    <div className="admin-form">
      <dl className="detail-list">
        <dt>{t('admin.users.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('admin.users.kind')}</dt>
        <dd>{kindLabel(t, user)}</dd>
        <dt>{t('admin.users.document')}</dt>
        <dd>{[user.document_type, user.document_number].filter(Boolean).join(' ') || '—'}</dd>
        <dt>{t('content.phone')}</dt>
        <dd>{user.phone ? formatColombianPhone(user.phone) : '—'}</dd>
        <dt>{t('admin.users.verified')}</dt>
        <dd>{user.email_verified_at ? t('admin.yes') : t('admin.no')}</dd>
        <dt>{t('admin.users.createdAt')}</dt>
        <dd>{formatDateTime(user.created_at, i18n.language)}</dd>
      </dl>
      <FilterSelectField
        label={t('admin.users.changeKind')}
        value={String(user.tc_id)}
        onValue={(value) => change({ tc_id: Number(value) as 1 | 2 | 3 })}
        options={kindOptions(t)}
      />
      <SwitchField label={t('admin.users.isAdmin')} checked={user.is_admin} onChange={(e) => change({ is_admin: e.target.checked })} />
      {user.active ? (
        confirmingDeactivation ? (
          <div className="pv-callout pv-callout-error" role="alertdialog" aria-labelledby={`deactivate-${user.id}`}>
            <p id={`deactivate-${user.id}`}>{t('design.users.deactivateConfirm', { name: user.name })}</p>
            <div className="pv-action-bar">
              <button type="button" className="pv-button pv-button-danger" disabled={update.isPending} onClick={() => change({ active: false })}>
                {t('design.users.deactivateYes')}
              </button>
              <button type="button" className="pv-button pv-button-secondary" onClick={() => setConfirmingDeactivation(false)}>
                {t('admin.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="pv-button pv-button-danger" onClick={() => setConfirmingDeactivation(true)}>
            {t('design.users.deactivate')}
          </button>
        )
      ) : (
        <>
          <p>{t('design.users.inactiveNote')}</p>
          <button type="button" className="pv-button" disabled={update.isPending} onClick={() => change({ active: true })}>
            {t('design.users.activate')}
          </button>
        </>
      )}
      {!user.email_verified_at ? (
        <IonButton
          fill="outline"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => void present({ message: t('admin.users.verificationSent'), duration: TOAST_DURATION_MS, color: 'success' }),
              onError: (e) => void present({ message: apiErrorMessage(t, e), duration: TOAST_LONG_DURATION_MS, color: 'danger' }),
            })
          }
        >
          {t('admin.users.resendVerification')}
        </IonButton>
      ) : null}
    </div>
  );
}

type ManagerValues = { email: string; name: string; phone: string };

function ManagerForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<ManagerValues>({
    defaultValues: { email: '', name: '', phone: '' },
    resolver: zodResolver(ZAdminCreateManager) as unknown as Resolver<ManagerValues>,
  });
  const field = fieldBinder(form);
  const create = useAdminMutation('users', (body: ManagerValues) => adminSend<AdminUser>('POST', 'users/managers', body));
  const onSubmit = useAdminSave(form, create, { onSaved: onDone, savedMessage: t('admin.users.managerCreated') });
  return (
    <AdminForm onSubmit={onSubmit} pending={create.isPending} submitLabel={t('admin.users.createManager')}>
      <p>{t('admin.users.managerIntro')}</p>
      <TextField label={t('admin.users.name')} {...field('name')} />
      <TextField label={t('admin.users.email')} type="email" {...field('email')} />
      <TextField label={t('content.phone')} type="tel" optional {...field('phone')} />
    </AdminForm>
  );
}

export function AdminUsers() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [tcId, setTcId] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useAdminList<Page<AdminUser>>('users', 'users', { q, tc_id: tcId || undefined, page, page_size: PAGE_SIZE });
  return (
    <>
      <div className="filter-row">
        <SearchInput value={q} debounce={300} onValue={(v) => { setQ(v); setPage(1); }} label={t('admin.users.search')} placeholder={t('admin.users.search')} />
        <FilterSelectField
          label={t('admin.users.kind')}
          value={tcId}
          onValue={(value) => { setTcId(value); setPage(1); }}
          options={[{ value: '', label: t('admin.all') }, ...kindOptions(t)]}
        />
        <IonButton onClick={() => setCreating(true)}>{t('admin.users.createManager')}</IonButton>
      </div>
      <AdminListBody list={list} empty={t('admin.users.empty')}>
        {(items) =>
          items.map((u) => (
            <IonItem key={u.id} button detail onClick={() => setSelected(u)}>
              <IonLabel className="ion-text-wrap">
                <h2>{u.name}</h2>
                <p>
                  {u.email} · {kindLabel(t, u)}
                </p>
                <p>
                  {u.is_admin ? <IonBadge color="primary">{t('admin.users.isAdmin')}</IonBadge> : null}{' '}
                  {!u.active ? <IonBadge color="danger">{t('admin.users.inactive')}</IonBadge> : null}{' '}
                  {!u.email_verified_at ? <IonBadge color="warning">{t('admin.users.unverified')}</IonBadge> : null}
                </p>
              </IonLabel>
            </IonItem>
          ))
        }
      </AdminListBody>
      {list.data ? <Pager page={page} total={list.data.total} pageSize={PAGE_SIZE} onPage={setPage} /> : null}
      <AdminModal isOpen={selected !== null} title={selected?.name ?? ''} onClose={() => setSelected(null)}>
        {selected ? <UserDetail user={selected} onDone={() => setSelected(null)} /> : null}
      </AdminModal>
      <AdminModal isOpen={creating} title={t('admin.users.createManager')} onClose={() => setCreating(false)}>
        <ManagerForm onDone={() => setCreating(false)} />
      </AdminModal>
    </>
  );
}

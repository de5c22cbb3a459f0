/** Back office: waste points (map picker, materials, hours, managers, deactivate) and their containers. */
import {
  IonBadge,
  IonButton,
  IonItem,
  IonLabel,
  IonList,
} from '@ionic/react';
import { zodResolver } from '../../../../lib/zod-resolver';
import {
  CONTAINER_STATUSES,
  POINT_KINDS,
  ZAdminContainerInput,
  ZAdminPointInput,
  type AdminContainerInput,
  type AdminPoint,
  type AdminPointInput,
  type AdminUser,
  type Container,
} from '@puntoverde/contract';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMaterials } from '../../../../lib/materials';
import { adminSend, useAdminList, useAdminMutation, type Page } from '../../../../lib/admin-resource';

import { AdminModal } from '../../../../components/back-office/admin-modal';
import { AdminForm, useAdminSave } from '../../../../components/back-office/admin-form';
import { NumberValueField } from '../../../../components/back-office/number-value-field';
import { CheckboxGroupField, fieldBinder, SelectField, SwitchField, TextField } from '../../../../components/form-fields';
import { FilterSelectField } from '../../../../components/filter-fields';
import { useNotify } from '../../../../components/use-notify';
import { LocationFields } from '../../../../components/back-office/location-fields';
import { AdminListBody, RowActions, useConfirmDelete } from '../../../../components/back-office/admin-list';
import { Pager } from '../../../../components/back-office/pager';
import { SearchInput } from '../../../../components/search-input';
import { formatAddress } from '../../../../lib/address';
import { apiErrorMessage } from '../../../../lib/api-errors';
import { EmptyState } from '../../../../components/empty-state';
import { countText } from '../../../../lib/count-text';

const PAGE_SIZE = 20;

type PointValues = Omit<AdminPointInput, 'lat' | 'lng' | 'active'> & { lat: number | null; lng: number | null; active: boolean };

function useMaterialOptions() {
  const { i18n } = useTranslation();
  const materials = useMaterials();
  const english = i18n.language.startsWith('en');
  return (materials.data ?? []).map((m) => ({ value: m.code, label: english ? m.name_en : m.name_es }));
}

function PointEditor({ point, onDone }: { point: AdminPoint | null; onDone: () => void }) {
  const { t } = useTranslation();
  const materialOptions = useMaterialOptions();
  const form = useForm<PointValues>({
    defaultValues: {
      name: point?.name ?? '',
      kind: point?.kind ?? 'punto-limpio',
      address: point?.address ?? '',
      city: point?.city ?? 'Medellín',
      lat: point?.lat ?? null,
      lng: point?.lng ?? null,
      opening_hours: point?.opening_hours ?? '',
      phone: point?.phone ?? '',
      operator: point?.operator ?? '',
      materials: point?.materials ?? [],
      active: point?.active ?? true,
    },
    resolver: zodResolver(ZAdminPointInput) as unknown as Resolver<PointValues>,
  });
  const field = fieldBinder(form);
  const save = useAdminMutation('points', (body: PointValues) =>
    point ? adminSend<AdminPoint>('PUT', `points/${point.id}`, body) : adminSend<AdminPoint>('POST', 'points', body),
  );
  const onSubmit = useAdminSave(form, save, { onSaved: onDone });
  return (
    <AdminForm onSubmit={onSubmit} pending={save.isPending}>
      <TextField label={t('admin.points.name')} {...field('name')} />
      <SelectField label={t('admin.points.kind')} options={POINT_KINDS.map((k) => ({ value: k, label: t(`admin.points.kinds.${k}`) }))} {...field('kind')} />
      <div className="form-row">
        <TextField label={t('admin.address')} {...field('address')} />
        <TextField label={t('admin.city')} {...field('city')} />
      </div>
      <LocationFields control={form.control} setValue={form.setValue} />
      <TextField label={t('admin.points.hours')} hint={t('admin.points.hoursHelp')} optional {...field('opening_hours')} />
      <div className="form-row">
        <TextField label={t('content.phone')} type="tel" optional {...field('phone')} />
        <TextField label={t('admin.points.operator')} optional {...field('operator')} />
      </div>
      <Controller
        control={form.control}
        name="materials"
        render={({ field: materials, fieldState }) => (
          <CheckboxGroupField
            legend={t('admin.materials')}
            options={materialOptions}
            value={materials.value}
            onChange={materials.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <SwitchField label={t('admin.points.active')} {...field('active')} />
    </AdminForm>
  );
}

function Managers({ point }: { point: AdminPoint }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const managers = useAdminList<Page<AdminUser>>('users', 'users', { tc_id: 1, active: true, page_size: 100 });
  const save = useAdminMutation('points', (ids: number[]) => adminSend<AdminPoint>('PUT', `points/${point.id}/managers`, { user_ids: ids }));
  const choose = (ids: string[]) =>
    save.mutate(ids.map(Number), {
      onSuccess: () => notify(t('admin.saved')),
      onError: (error) => notify(apiErrorMessage(t, error), 'danger'),
    });
  return (
    <CheckboxGroupField
      legend={t('admin.points.managers')}
      options={(managers.data?.items ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }))}
      value={point.managers.map((m) => String(m.id))}
      onChange={choose}
      disabled={save.isPending}
      empty={<p>{t('admin.points.noManagers')}</p>}
    />
  );
}

type ContainerValues = { material: string; capacity_l: number; status: AdminContainerInput['status']; fill_level: number };

function ContainerForm({ pointId, container, onDone }: { pointId: number; container: Container | null; onDone: () => void }) {
  const { t } = useTranslation();
  const materialOptions = useMaterialOptions();
  const form = useForm<ContainerValues>({
    defaultValues: {
      material: container?.material ?? '',
      capacity_l: container?.capacity_l ?? 1100,
      status: container?.status ?? 'en-servicio',
      fill_level: container?.fill_level ?? 0,
    },
    resolver: zodResolver(ZAdminContainerInput) as unknown as Resolver<ContainerValues>,
  });
  const field = fieldBinder(form);
  const save = useAdminMutation('containers', (body: ContainerValues) =>
    container
      ? adminSend<Container>('PUT', `points/${pointId}/containers/${container.id}`, body)
      : adminSend<Container>('POST', `points/${pointId}/containers`, body),
  );
  const onSubmit = useAdminSave(form, save, { onSaved: onDone });
  return (
    <AdminForm onSubmit={onSubmit} pending={save.isPending}>
      <SelectField label={t('admin.points.containerMaterial')} options={materialOptions} {...field('material')} />
      <div className="form-row">
        <NumberValueField control={form.control} name="capacity_l" label={t('admin.points.capacity')} />
        <NumberValueField control={form.control} name="fill_level" label={t('admin.points.fill')} />
      </div>
      <SelectField
        label={t('admin.points.status')}
        options={CONTAINER_STATUSES.map((s) => ({ value: s, label: t(`admin.points.statuses.${s}`) }))}
        {...field('status')}
      />
    </AdminForm>
  );
}

function Containers({ point }: { point: AdminPoint }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Container | null | undefined>(undefined);
  const list = useAdminList<Container[]>('containers', `points/${point.id}/containers`);
  const askDelete = useConfirmDelete('containers', `points/${point.id}/containers`);
  return (
    <section aria-labelledby={`containers-${point.id}`}>
      <div className="filter-row">
        <h3 id={`containers-${point.id}`}>{t('admin.points.containers')}</h3>
        <IonButton size="small" onClick={() => setEditing(null)}>
          {t('admin.points.addContainer')}
        </IonButton>
      </div>
      {(list.data ?? []).length === 0 ? <EmptyState title={t('admin.points.noContainers')} /> : null}
      <IonList>
        {(list.data ?? []).map((c) => (
          <IonItem key={c.id}>
            <IonLabel>
              {c.material} · {c.capacity_l} L · {c.fill_level} % · {t(`admin.points.statuses.${c.status}`)}
            </IonLabel>
            <RowActions name={`${c.material} · ${c.capacity_l} L`} onEdit={() => setEditing(c)} onDelete={() => askDelete(c.id, `${c.material} · ${c.capacity_l} L`)} />
          </IonItem>
        ))}
      </IonList>
      {editing !== undefined ? <ContainerForm pointId={point.id} container={editing} onDone={() => setEditing(undefined)} /> : null}
    </section>
  );
}

export function AdminPoints() {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const [active, setActive] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminPoint | null | undefined>(undefined);
  const [managing, setManaging] = useState<number | null>(null);
  const list = useAdminList<Page<AdminPoint>>('points', 'points', { q, active: active || undefined, page, page_size: PAGE_SIZE });
  const managed = list.data?.items.find((p) => p.id === managing) ?? null;
  return (
    <>
      <div className="filter-row">
        <SearchInput value={q} debounce={300} onValue={(v) => { setQ(v); setPage(1); }} label={t('admin.search')} placeholder={t('admin.search')} />
        <FilterSelectField
          label={t('admin.points.state')}
          value={active}
          onValue={(value) => { setActive(value); setPage(1); }}
          options={[
            { value: '', label: t('admin.all') },
            { value: 'true', label: t('admin.points.activeOnly') },
            { value: 'false', label: t('admin.points.inactiveOnly') },
          ]}
        />
        <IonButton onClick={() => setEditing(null)}>{t('admin.points.new')}</IonButton>
      </div>
      <AdminListBody list={list} empty={t('admin.points.empty')}>
        {(items) =>
          items.map((p) => (
            <IonItem key={p.id}>
              <IonLabel className="ion-text-wrap">
                <h2 lang="es">{p.name}</h2>
                <p>
                  {t(`admin.points.kinds.${p.kind}`)} · {formatAddress(p.address, p.city)}
                </p>
                <p>
                  {!p.active ? <IonBadge color="danger">{t('admin.points.inactive')}</IonBadge> : null}{' '}
                  {t('admin.points.summary', {
                    materials: countText(t, 'materials', p.materials.length, i18n.language),
                    containers: countText(t, 'containers', p.containers_count, i18n.language),
                    managers: countText(t, 'managers', p.managers.length, i18n.language),
                  })}
                </p>
              </IonLabel>
              <RowActions name={p.name} onEdit={() => setEditing(p)} />
              <IonButton slot="end" fill="clear" onClick={() => setManaging(p.id)} aria-label={`${t('admin.points.manage')}: ${p.name}`}>
                {t('admin.points.manage')}
              </IonButton>
            </IonItem>
          ))
        }
      </AdminListBody>
      {list.data ? <Pager page={page} total={list.data.total} pageSize={PAGE_SIZE} onPage={setPage} /> : null}
      <AdminModal isOpen={editing !== undefined} title={editing ? t('admin.points.edit') : t('admin.points.new')} onClose={() => setEditing(undefined)}>
        <PointEditor point={editing ?? null} onDone={() => setEditing(undefined)} />
      </AdminModal>
      <AdminModal isOpen={managed !== null} title={managed?.name ?? ''} onClose={() => setManaging(null)}>
        {managed ? (
          <>
            <Managers point={managed} />
            <Containers point={managed} />
          </>
        ) : null}
      </AdminModal>
    </>
  );
}

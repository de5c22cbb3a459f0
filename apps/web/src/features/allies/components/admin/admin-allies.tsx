/** Back office: allies and adhered members, with logo upload and a map picker. */
import { IonBadge, IonButton, IonItem, IonLabel } from '@ionic/react';
import { zodResolver } from '../../../../lib/zod-resolver';
import {
  ALLY_CATEGORIES,
  ALLY_KINDS,
  ZAllyInput,
  type Ally,
  type AllyInput,
} from '@puntoverde/contract';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '../../../../components/image-upload-field';
import { adminSend, useAdminList, useAdminMutation, type Page } from '../../../../lib/admin-resource';

import { AdminModal } from '../../../../components/back-office/admin-modal';
import { AdminForm, useAdminSave } from '../../../../components/back-office/admin-form';
import { fieldBinder, SelectField, SwitchField, TextAreaField, TextField } from '../../../../components/form-fields';
import { LocationFields } from '../../../../components/back-office/location-fields';
import { AdminListBody, RowActions, useConfirmDelete } from '../../../../components/back-office/admin-list';
import { Pager } from '../../../../components/back-office/pager';
import { SearchInput } from '../../../../components/search-input';
import { PointsOfSaleManager } from '../points-of-sale-manager';

const PAGE_SIZE = 20;

type FormValues = Omit<AllyInput, 'lat' | 'lng' | 'published'> & { lat: number | null; lng: number | null; published: boolean };

const resolver = zodResolver(ZAllyInput) as unknown as Resolver<FormValues>;

function toForm(a: Ally | null): FormValues {
  return {
    kind: a?.kind ?? 'aliado',
    name: a?.name ?? '',
    logo_id: a?.logo_id ?? null,
    category: a?.category ?? 'comercio',
    description: a?.description ?? '',
    benefits: a?.benefits ?? '',
    website: a?.website ?? '',
    email: a?.email ?? '',
    phone: a?.phone ?? '',
    address: a?.address ?? '',
    city: a?.city ?? 'Medellín',
    lat: a?.lat ?? null,
    lng: a?.lng ?? null,
    published: a?.published ?? true,
  };
}

function AllyEditor({ ally, onDone }: { ally: Ally | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [logoUrl, setLogoUrl] = useState<string | null>(ally?.logo_url ?? null);
  const form = useForm<FormValues>({ defaultValues: toForm(ally), resolver });
  const field = fieldBinder(form);
  const save = useAdminMutation('allies', (body: FormValues) =>
    ally ? adminSend<Ally>('PUT', `allies/${ally.id}`, body) : adminSend<Ally>('POST', 'allies', body),
  );
  const onSubmit = useAdminSave(form, save, { onSaved: onDone });
  // A photo still uploading holds the save: it would be saved without it.
  const [uploading, setUploading] = useState(false);
  return (
    <AdminForm onSubmit={onSubmit} pending={save.isPending || uploading}>
      <SelectField label={t('admin.allies.kind')} options={ALLY_KINDS.map((k) => ({ value: k, label: t(`allies.kind.${k}`) }))} {...field('kind')} />
      <TextField label={t('admin.allies.name')} {...field('name')} />
      <SelectField label={t('allies.categoryLabel')} options={ALLY_CATEGORIES.map((c) => ({ value: c, label: t(`allies.category.${c}`) }))} {...field('category')} />
      <ImageUploadField
        label={t('admin.allies.logo')}
        previewUrl={logoUrl}
        camera={false}
        onBusyChange={setUploading}
        onUploaded={(file) => {
          form.setValue('logo_id', file.id, { shouldDirty: true });
          setLogoUrl(file.url);
        }}
        onRemove={() => {
          form.setValue('logo_id', null, { shouldDirty: true });
          setLogoUrl(null);
        }}
      />
      <TextAreaField label={t('admin.allies.description')} rows={3} {...field('description')} />
      <TextAreaField label={t('allies.benefits')} rows={3} optional {...field('benefits')} />
      <div className="form-row">
        <TextField label={t('allies.website')} type="url" optional {...field('website')} />
        <TextField label={t('content.email')} type="email" optional {...field('email')} />
        <TextField label={t('content.phone')} type="tel" optional {...field('phone')} />
      </div>
      <div className="form-row">
        <TextField label={t('admin.address')} optional {...field('address')} />
        <TextField label={t('admin.city')} optional {...field('city')} />
      </div>
      <LocationFields control={form.control} setValue={form.setValue} optional />
      <SwitchField label={t('admin.published')} {...field('published')} />
    </AdminForm>
  );
}

export function AdminAllies() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Ally | null | undefined>(undefined);
  const [placesOf, setPlacesOf] = useState<Ally | null>(null);
  const list = useAdminList<Page<Ally>>('allies', 'allies', { q, page, page_size: PAGE_SIZE });
  const askDelete = useConfirmDelete('allies', 'allies');
  return (
    <>
      <div className="filter-row">
        <SearchInput value={q} debounce={300} onValue={(v) => { setQ(v); setPage(1); }} label={t('admin.search')} placeholder={t('admin.search')} />
        <IonButton onClick={() => setEditing(null)}>{t('admin.allies.new')}</IonButton>
      </div>
      <AdminListBody list={list} empty={t('admin.allies.empty')}>
        {(items) =>
          items.map((a) => (
            <IonItem key={a.id}>
              {a.logo_url ? <img slot="start" src={a.logo_url} alt="" width={40} height={40} className="ally-card__logo" /> : null}
              <IonLabel className="ion-text-wrap">
                <h2 lang="es">{a.name}</h2>
                <p>
                  <IonBadge color={a.kind === 'aliado' ? 'primary' : 'tertiary'}>{t(`allies.kind.${a.kind}`)}</IonBadge>{' '}
                  {t(`allies.category.${a.category}`)} · {a.published ? t('admin.published') : t('admin.draft')}
                </p>
              </IonLabel>
              {a.kind === 'aliado' ? (
                <IonButton slot="end" fill="outline" onClick={() => setPlacesOf(a)} aria-label={`${t('allies.pointsOfSale.title')}: ${a.name}`}>
                  {t('allies.pointsOfSale.title')}
                </IonButton>
              ) : null}
              <RowActions name={a.name} onEdit={() => setEditing(a)} onDelete={() => askDelete(a.id, a.name)} />
            </IonItem>
          ))
        }
      </AdminListBody>
      {list.data ? <Pager page={page} total={list.data.total} pageSize={PAGE_SIZE} onPage={setPage} /> : null}
      <AdminModal isOpen={editing !== undefined} title={editing ? t('admin.allies.edit') : t('admin.allies.new')} onClose={() => setEditing(undefined)}>
        <AllyEditor ally={editing ?? null} onDone={() => setEditing(undefined)} />
      </AdminModal>
      <AdminModal isOpen={placesOf !== null} title={placesOf?.name ?? ''} onClose={() => setPlacesOf(null)}>
        {placesOf ? <PointsOfSaleManager owner={placesOf.id} /> : null}
      </AdminModal>
    </>
  );
}

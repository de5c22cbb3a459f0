/** Back office: allies and adhered members, with logo upload and a map picker. */
import { IonBadge, IonButton, IonItem, IonLabel, useIonToast } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALLY_CATEGORIES,
  ALLY_KINDS,
  TOAST_DURATION_MS,
  TOAST_LONG_DURATION_MS,
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
import { SelectField, TextField, ToggleField } from '../../../../components/back-office/fields';
import { LocationFields } from '../../../../components/back-office/location-fields';
import { AdminListBody, useConfirmDelete } from '../../../../components/back-office/admin-list';
import { Pager } from '../../../../components/back-office/pager';
import { LabelledSearchbar } from '../../../../components/labelled-searchbar';
import { applyApiError } from '../../../../lib/api-errors';

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
  const [present] = useIonToast();
  const [logoUrl, setLogoUrl] = useState<string | null>(ally?.logo_url ?? null);
  const form = useForm<FormValues>({ defaultValues: toForm(ally), resolver });
  const save = useAdminMutation('allies', (body: FormValues) =>
    ally ? adminSend<Ally>('PUT', `allies/${ally.id}`, body) : adminSend<Ally>('POST', 'allies', body),
  );
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        void present({ message: t('admin.saved'), duration: TOAST_DURATION_MS, color: 'success' });
        onDone();
      },
      onError: (error) => void present({ message: applyApiError(t, error, form.setError, () => true).message, duration: TOAST_LONG_DURATION_MS, color: 'danger' }),
    }),
  );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="admin-form">
      <SelectField control={form.control} name="kind" label={t('admin.allies.kind')} options={ALLY_KINDS.map((k) => ({ value: k, label: t(`allies.kind.${k}`) }))} />
      <TextField control={form.control} name="name" label={t('admin.allies.name')} required />
      <SelectField
        control={form.control}
        name="category"
        label={t('allies.categoryLabel')}
        options={ALLY_CATEGORIES.map((c) => ({ value: c, label: t(`allies.category.${c}`) }))}
      />
      <ImageUploadField
        label={t('admin.allies.logo')}
        previewUrl={logoUrl}
        camera={false}
        onUploaded={(file) => {
          form.setValue('logo_id', file.id, { shouldDirty: true });
          setLogoUrl(file.url);
        }}
        onRemove={() => {
          form.setValue('logo_id', null, { shouldDirty: true });
          setLogoUrl(null);
        }}
      />
      <TextField control={form.control} name="description" label={t('admin.allies.description')} multiline required />
      <TextField control={form.control} name="benefits" label={t('allies.benefits')} multiline />
      <div className="form-row">
        <TextField control={form.control} name="website" label={t('allies.website')} type="url" />
        <TextField control={form.control} name="email" label={t('content.email')} type="email" />
        <TextField control={form.control} name="phone" label={t('content.phone')} type="tel" />
      </div>
      <div className="form-row">
        <TextField control={form.control} name="address" label={t('admin.address')} />
        <TextField control={form.control} name="city" label={t('admin.city')} />
      </div>
      <LocationFields control={form.control} setValue={form.setValue} />
      <ToggleField control={form.control} name="published" label={t('admin.published')} />
      <IonButton type="submit" expand="block" disabled={save.isPending}>
        {t('admin.save')}
      </IonButton>
    </form>
  );
}

export function AdminAllies() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Ally | null | undefined>(undefined);
  const list = useAdminList<Page<Ally>>('allies', 'allies', { q, page, page_size: PAGE_SIZE });
  const askDelete = useConfirmDelete('allies', 'allies');
  return (
    <>
      <div className="filter-row">
        <LabelledSearchbar value={q} debounce={300} onIonInput={(e) => { setQ(e.detail.value ?? ''); setPage(1); }} label={t('admin.search')} placeholder={t('admin.search')} />
        <IonButton onClick={() => setEditing(null)}>{t('admin.allies.new')}</IonButton>
      </div>
      <AdminListBody list={list} empty={t('admin.allies.empty')}>
        {(items) =>
          items.map((a) => (
            <IonItem key={a.id}>
              {a.logo_url ? <img slot="start" src={a.logo_url} alt="" width={40} height={40} className="ally-card__logo" /> : null}
              <IonLabel className="ion-text-wrap">
                <h2>{a.name}</h2>
                <p>
                  <IonBadge color={a.kind === 'aliado' ? 'primary' : 'tertiary'}>{t(`allies.kind.${a.kind}`)}</IonBadge>{' '}
                  {t(`allies.category.${a.category}`)} · {a.published ? t('admin.published') : t('admin.draft')}
                </p>
              </IonLabel>
              <IonButton slot="end" fill="outline" onClick={() => setEditing(a)} aria-label={`${t('admin.edit')}: ${a.name}`}>
                {t('admin.edit')}
              </IonButton>
              <IonButton slot="end" fill="clear" color="danger" onClick={() => askDelete(a.id, a.name)} aria-label={`${t('admin.delete')}: ${a.name}`}>
                {t('admin.delete')}
              </IonButton>
            </IonItem>
          ))
        }
      </AdminListBody>
      {list.data ? <Pager page={page} total={list.data.total} pageSize={PAGE_SIZE} onPage={setPage} /> : null}
      <AdminModal isOpen={editing !== undefined} title={editing ? t('admin.allies.edit') : t('admin.allies.new')} onClose={() => setEditing(undefined)}>
        <AllyEditor ally={editing ?? null} onDone={() => setEditing(undefined)} />
      </AdminModal>
    </>
  );
}

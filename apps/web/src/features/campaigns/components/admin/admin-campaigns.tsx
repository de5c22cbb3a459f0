/** Back office: campaigns list (search, status, pages) and the create/edit form with an image. */
import { IonBadge, IonButton, IonItem, IonLabel } from '@ionic/react';
import { zodResolver } from '../../../../lib/zod-resolver';
import { ZCampaignInput, type Ally, type Campaign, type CampaignInput } from '@puntoverde/contract';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMaterials } from '../../../../lib/materials';
import { ImageUploadField } from '../../../../components/image-upload-field';
import { formatDateRange as formatCampaignDates, isoToLocal, localToIso } from '../../../../lib/date-format';
import { adminSend, useAdminList, useAdminMutation, type Page } from '../../../../lib/admin-resource';
import { AdminModal } from '../../../../components/back-office/admin-modal';
import { AdminForm, useAdminSave } from '../../../../components/back-office/admin-form';
import { NumberValueField } from '../../../../components/back-office/number-value-field';
import { CheckboxGroupField, fieldBinder, SelectField, SwitchField, TextAreaField, TextField } from '../../../../components/form-fields';
import { LocationFields } from '../../../../components/back-office/location-fields';
import { AdminListBody, RowActions, useConfirmDelete } from '../../../../components/back-office/admin-list';
import { Pager } from '../../../../components/back-office/pager';
import { SearchInput } from '../../../../components/search-input';

const PAGE_SIZE = 20;

type FormValues = Omit<CampaignInput, 'lat' | 'lng' | 'materials' | 'published'> & {
  lat: number | null;
  lng: number | null;
  materials: string[];
  published: boolean;
};

/** The form holds Bogotá wall-clock times; the API wants instants. */
const resolver: Resolver<FormValues> = async (values, context, options) => {
  const payload = { ...values, starts_at: localToIso(values.starts_at), ends_at: localToIso(values.ends_at) };
  const result = await zodResolver(ZCampaignInput)(payload, context, options as never);
  return result;
};

function toForm(c: Campaign | null): FormValues {
  return {
    title: c?.title ?? '',
    summary: c?.summary ?? '',
    body: c?.body ?? '',
    image_id: c?.image_id ?? null,
    starts_at: c ? isoToLocal(c.starts_at) : '',
    ends_at: c ? isoToLocal(c.ends_at) : '',
    point_id: c?.point_id ?? null,
    place_name: c?.place_name ?? '',
    address: c?.address ?? '',
    city: c?.city ?? 'Medellín',
    lat: c?.lat ?? null,
    lng: c?.lng ?? null,
    materials: c?.materials ?? [],
    organiser_ally_id: c?.organiser?.id ?? null,
    reward_bonus_points: c?.reward_bonus_points ?? 0,
    published: c?.published ?? true,
  };
}

export function CampaignEditor({ campaign, onDone }: { campaign: Campaign | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [imageUrl, setImageUrl] = useState<string | null>(campaign?.image_url ?? null);
  const materials = useMaterials();
  const allies = useAdminList<Page<Ally>>('allies', 'allies', { page_size: 100 });
  const form = useForm<FormValues>({ defaultValues: toForm(campaign), resolver });
  const field = fieldBinder(form);
  const save = useAdminMutation('campaigns', (body: FormValues) =>
    campaign ? adminSend<Campaign>('PUT', `campaigns/${campaign.id}`, body) : adminSend<Campaign>('POST', 'campaigns', body),
  );
  const onSubmit = useAdminSave(form, save, { onSaved: onDone });
  // A photo still uploading holds the save: it would be saved without it.
  const [uploading, setUploading] = useState(false);
  const english = i18n.language.startsWith('en');
  return (
    <>
      <AdminForm onSubmit={onSubmit} pending={save.isPending || uploading}>
        <TextField label={t('admin.campaigns.title')} {...field('title')} />
        <TextAreaField label={t('admin.campaigns.summary')} rows={3} {...field('summary')} />
        <TextAreaField label={t('admin.campaigns.body')} rows={3} optional {...field('body')} />
        <ImageUploadField
          label={t('admin.campaigns.image')}
          previewUrl={imageUrl}
          camera={false}
          onBusyChange={setUploading}
          onUploaded={(file) => {
            form.setValue('image_id', file.id, { shouldDirty: true });
            setImageUrl(file.url);
          }}
          onRemove={() => {
            form.setValue('image_id', null, { shouldDirty: true });
            setImageUrl(null);
          }}
        />
        <div className="form-row">
          <TextField label={t('admin.campaigns.startsAt')} type="datetime-local" {...field('starts_at')} />
          <TextField label={t('admin.campaigns.endsAt')} type="datetime-local" {...field('ends_at')} />
        </div>
        <TextField label={t('admin.campaigns.placeName')} optional {...field('place_name')} />
        <div className="form-row">
          <TextField label={t('admin.address')} optional {...field('address')} />
          <TextField label={t('admin.city')} optional {...field('city')} />
        </div>
        <NumberValueField control={form.control} name="point_id" label={t('admin.campaigns.pointId')} hint={t('admin.campaigns.pointIdHelp')} optional />
        <LocationFields control={form.control} setValue={form.setValue} optional />
        <Controller
          control={form.control}
          name="materials"
          render={({ field: chosen, fieldState }) => (
            <CheckboxGroupField
              legend={t('admin.materials')}
              options={(materials.data ?? []).map((m) => ({ value: m.code, label: english ? m.name_en : m.name_es }))}
              value={chosen.value}
              onChange={chosen.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <SelectField
          label={t('admin.campaigns.organiser')}
          options={[{ value: '', label: t('admin.none') }, ...(allies.data?.items ?? []).map((a) => ({ value: String(a.id), label: a.name }))]}
          {...field('organiser_ally_id', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
        />
        <NumberValueField control={form.control} name="reward_bonus_points" label={t('admin.campaigns.bonus')} hint={t('admin.campaigns.bonusHelp')} />
        <SwitchField label={t('admin.published')} {...field('published')} />
      </AdminForm>
      {campaign ? <p className="content-card__meta">{formatCampaignDates(campaign.starts_at, campaign.ends_at, i18n.language)}</p> : null}
    </>
  );
}

export function AdminCampaigns() {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Campaign | null | undefined>(undefined);
  const list = useAdminList<Page<Campaign>>('campaigns', 'campaigns', { q, page, page_size: PAGE_SIZE });
  const askDelete = useConfirmDelete('campaigns', 'campaigns');
  return (
    <>
      <div className="filter-row">
        <SearchInput value={q} debounce={300} onValue={(v) => { setQ(v); setPage(1); }} label={t('admin.search')} placeholder={t('admin.search')} />
        <IonButton onClick={() => setEditing(null)}>{t('admin.campaigns.new')}</IonButton>
      </div>
      <AdminListBody list={list} empty={t('admin.campaigns.empty')}>
        {(items) =>
          items.map((c) => (
            <IonItem key={c.id}>
              <IonLabel className="ion-text-wrap">
                <h2 lang="es">{c.title}</h2>
                <p>{formatCampaignDates(c.starts_at, c.ends_at, i18n.language)}</p>
                <p>
                  <IonBadge color={c.published ? 'success' : 'medium'}>{c.published ? t('admin.published') : t('admin.draft')}</IonBadge>{' '}
                  {t(`campaigns.status.${c.status}`)} · {t('campaigns.participants', { count: c.participants_count })}
                </p>
              </IonLabel>
              <RowActions name={c.title} onEdit={() => setEditing(c)} onDelete={() => askDelete(c.id, c.title)} />
            </IonItem>
          ))
        }
      </AdminListBody>
      {list.data ? <Pager page={page} total={list.data.total} pageSize={PAGE_SIZE} onPage={setPage} /> : null}
      <AdminModal
        isOpen={editing !== undefined}
        title={editing ? t('admin.campaigns.edit') : t('admin.campaigns.new')}
        onClose={() => setEditing(undefined)}
      >
        <CampaignEditor campaign={editing ?? null} onDone={() => setEditing(undefined)} />
      </AdminModal>
    </>
  );
}

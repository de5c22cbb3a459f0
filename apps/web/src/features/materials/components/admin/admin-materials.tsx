/**
 * Back office: the materials catalogue (names in Spanish and English, group, bin colour of the
 * Resolución 2184 de 2019, OSM `recycling:*` keys, search words). Codes are fixed once created:
 * points, containers and campaigns refer to them. Materials are deactivated, never deleted.
 */
import { IonBadge, IonButton, IonItem, IonLabel, useIonToast } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  BIN_COLORS,
  BIN_COLOR_HEX,
  TOAST_DURATION_MS,
  TOAST_LONG_DURATION_MS,
  ZAdminMaterialCreate,
  ZAdminMaterialInput,
  type AdminMaterial,
} from '@puntoverde/contract';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../../components/search-input';
import { adminSend, useAdminList, useAdminMutation, type Page } from '../../../../lib/admin-resource';

import { AdminModal } from '../../../../components/back-office/admin-modal';
import { AdminForm, useAdminSave } from '../../../../components/back-office/admin-form';
import { fieldBinder, SelectField, SwitchField, TextField } from '../../../../components/form-fields';
import { FilterSelectField } from '../../../../components/filter-fields';
import { AdminListBody, RowActions } from '../../../../components/back-office/admin-list';
import { Pager } from '../../../../components/back-office/pager';
import { apiErrorMessage } from '../../../../lib/api-errors';
import { invalidateMaterials } from '../../../../lib/materials';
// zod's own messages in the app's language.
import '../../../../lib/zod-resolver';

const PAGE_SIZE = 20;

/** The form edits OSM keys as one line of text; the body sends them as a list. */
export type MaterialFormValues = {
  code: string;
  name_es: string;
  name_en: string;
  parent_code: string;
  bin_color: string;
  osm_keys: string;
  keywords: string;
  active: boolean;
};

export function toMaterialForm(m: AdminMaterial | null): MaterialFormValues {
  return {
    code: m?.code ?? '',
    name_es: m?.name_es ?? '',
    name_en: m?.name_en ?? '',
    parent_code: m?.parent_code ?? '',
    bin_color: m?.bin_color ?? '',
    osm_keys: m?.osm_keys.join(' ') ?? '',
    keywords: m?.keywords ?? '',
    active: m?.active ?? true,
  };
}

/** Form values → request body (without `code` when editing: codes never change). */
export function toMaterialBody(values: MaterialFormValues, creating: boolean) {
  const body = {
    name_es: values.name_es,
    name_en: values.name_en,
    parent_code: values.parent_code || null,
    bin_color: values.bin_color || null,
    osm_keys: values.osm_keys.split(/[\s,;]+/).filter(Boolean),
    keywords: values.keywords,
    active: values.active,
  };
  return creating ? { code: values.code.trim(), ...body } : body;
}

/** Validates with the contract's schema; `osm_keys.0` errors land on the OSM keys field. */
export function materialResolver(creating: boolean): Resolver<MaterialFormValues> {
  return (values) => {
    const parsed = (creating ? ZAdminMaterialCreate : ZAdminMaterialInput).safeParse(toMaterialBody(values, creating));
    if (parsed.success) return { values, errors: {} };
    const errors: FieldErrors<MaterialFormValues> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as keyof MaterialFormValues;
      if (field && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
    }
    return { values: {}, errors };
  };
}

function MaterialEditor({ material, groups, onDone }: { material: AdminMaterial | null; groups: AdminMaterial[]; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const creating = material === null;
  const form = useForm<MaterialFormValues>({ defaultValues: toMaterialForm(material), resolver: materialResolver(creating) });
  const field = fieldBinder(form);
  const save = useAdminMutation('materials', (values: MaterialFormValues) =>
    creating
      ? adminSend<AdminMaterial>('POST', 'materials', toMaterialBody(values, true))
      : adminSend<AdminMaterial>('PUT', `materials/${material.code}`, toMaterialBody(values, false)),
  );
  const onSubmit = useAdminSave(form, save, {
    onSaved: () => {
      // The public catalogue (filters, material guide, point forms) shows the change too.
      void invalidateMaterials(queryClient);
      onDone();
    },
  });
  const groupOptions = groups.filter((g) => g.code !== material?.code && g.parent_code === null);
  return (
    <AdminForm onSubmit={onSubmit} pending={save.isPending}>
      {creating ? (
        <TextField label={t('admin.catalogue.code')} hint={t('admin.catalogue.codeHelp')} {...field('code')} />
      ) : (
        <p>
          {t('admin.catalogue.code')}: <code>{material.code}</code> · {t('admin.catalogue.codeFixed')}
        </p>
      )}
      <div className="form-row">
        <TextField label={t('admin.catalogue.nameEs')} {...field('name_es')} />
        <TextField label={t('admin.catalogue.nameEn')} {...field('name_en')} />
      </div>
      <SelectField
        label={t('admin.catalogue.group')}
        options={[{ value: '', label: t('admin.catalogue.noGroup') }, ...groupOptions.map((g) => ({ value: g.code, label: g.name_es }))]}
        {...field('parent_code')}
      />
      <SelectField
        label={t('admin.catalogue.bin')}
        options={[{ value: '', label: t('admin.catalogue.binNone') }, ...BIN_COLORS.map((c) => ({ value: c, label: t(`admin.catalogue.bins.${c}`) }))]}
        {...field('bin_color')}
      />
      <TextField label={t('admin.catalogue.osmKeys')} hint={t('admin.catalogue.osmKeysHelp')} optional {...field('osm_keys')} />
      <TextField label={t('admin.catalogue.keywords')} hint={t('admin.catalogue.keywordsHelp')} optional {...field('keywords')} />
      <SwitchField label={t('admin.catalogue.active')} {...field('active')} />
    </AdminForm>
  );
}

export function AdminMaterials() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [active, setActive] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminMaterial | null | undefined>(undefined);
  const [present] = useIonToast();
  const queryClient = useQueryClient();
  const list = useAdminList<Page<AdminMaterial>>('materials', 'materials', { q, active: active || undefined, page, page_size: PAGE_SIZE });
  // Every material (at most 53), for group names and the group picker.
  const all = useAdminList<Page<AdminMaterial>>('materials', 'materials', { page_size: 100 });
  const nameOf = new Map((all.data?.items ?? []).map((m) => [m.code, m.name_es]));
  const toggle = useAdminMutation('materials', (m: AdminMaterial) => adminSend<AdminMaterial>('PATCH', `materials/${m.code}`, { active: !m.active }));
  const onToggle = (m: AdminMaterial) =>
    toggle.mutate(m, {
      onSuccess: (saved) => {
        void invalidateMaterials(queryClient);
        void present({ message: saved.active ? t('admin.catalogue.activated') : t('admin.catalogue.deactivated'), duration: TOAST_DURATION_MS });
      },
      onError: (e) => void present({ message: apiErrorMessage(t, e), duration: TOAST_LONG_DURATION_MS, color: 'danger' }),
    });
  return (
    <>
      <div className="filter-row">
        <SearchInput value={q} debounce={300} onValue={(v) => { setQ(v); setPage(1); }} label={t('admin.search')} placeholder={t('admin.search')} />
        <FilterSelectField
          label={t('admin.catalogue.state')}
          value={active}
          onValue={(value) => { setActive(value); setPage(1); }}
          options={[
            { value: '', label: t('admin.all') },
            { value: 'true', label: t('admin.catalogue.activeOnly') },
            { value: 'false', label: t('admin.catalogue.inactiveOnly') },
          ]}
        />
        <IonButton onClick={() => setEditing(null)}>{t('admin.catalogue.new')}</IonButton>
      </div>
      <AdminListBody list={list} empty={t('admin.catalogue.empty')}>
        {(items) =>
          items.map((m) => (
            <IonItem key={m.code}>
              <span
                slot="start"
                aria-hidden="true"
                style={{
                  width: '1rem',
                  height: '1rem',
                  borderRadius: '50%',
                  border: '1px solid #767676',
                  background: m.bin_color ? BIN_COLOR_HEX[m.bin_color] : 'transparent',
                }}
              />
              <IonLabel className="ion-text-wrap">
                <h2>
                  <span lang="es">{m.name_es}</span> <small lang="en">({m.name_en})</small> {!m.active ? <IonBadge color="danger">{t('admin.catalogue.inactive')}</IonBadge> : null}
                </h2>
                <p>
                  <code>{m.code}</code>
                  {m.parent_code ? ` · ${t('admin.catalogue.groupOf', { group: nameOf.get(m.parent_code) ?? m.parent_code })}` : ''}
                  {' · '}
                  {m.bin_color ? t(`admin.catalogue.bins.${m.bin_color}`) : t('admin.catalogue.binNone')}
                  {' · '}
                  {t('admin.catalogue.pointsCount', { count: m.points_count })}
                </p>
              </IonLabel>
              <RowActions name={m.name_es} onEdit={() => setEditing(m)} />
              <IonButton
                slot="end"
                fill="clear"
                color={m.active ? 'danger' : 'primary'}
                disabled={toggle.isPending}
                onClick={() => onToggle(m)}
                aria-label={`${m.active ? t('admin.catalogue.deactivate') : t('admin.catalogue.activate')}: ${m.name_es}`}
              >
                {m.active ? t('admin.catalogue.deactivate') : t('admin.catalogue.activate')}
              </IonButton>
            </IonItem>
          ))
        }
      </AdminListBody>
      {list.data ? <Pager page={page} total={list.data.total} pageSize={PAGE_SIZE} onPage={setPage} /> : null}
      <AdminModal isOpen={editing !== undefined} title={editing ? t('admin.catalogue.edit') : t('admin.catalogue.new')} onClose={() => setEditing(undefined)}>
        <MaterialEditor material={editing ?? null} groups={all.data?.items ?? []} onDone={() => setEditing(undefined)} />
      </AdminModal>
    </>
  );
}

/**
 * An ally's points of sale (where its offers are used): the list, and a form to add or edit one
 * with the map picker. Staff use it for any ally from the back office; the ally's own staff for
 * theirs from their counter (`owner` null).
 */
import { IonButton, IonItem, IonLabel, IonList, useIonAlert } from '@ionic/react';
import { ZAllyPointOfSaleInput, type AllyPointOfSale } from '@puntoverde/contract';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AdminForm, useAdminSave } from '../../../components/back-office/admin-form';
import { RowActions } from '../../../components/back-office/admin-list';
import { LocationFields } from '../../../components/back-office/location-fields';
import { fieldBinder, TextField } from '../../../components/form-fields';
import { useNotify } from '../../../components/use-notify';
import { apiErrorMessage } from '../../../lib/api-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import {
  useDeletePointOfSale,
  usePointsOfSale,
  useSavePointOfSale,
  type PointOfSaleBody,
  type PointsOfSaleOwner,
} from '../api/points-of-sale';

type FormValues = PointOfSaleBody;

const resolver = zodResolver(ZAllyPointOfSaleInput) as unknown as Resolver<FormValues>;

function PointOfSaleEditor({
  owner,
  point,
  onDone,
}: {
  owner: PointsOfSaleOwner;
  point: AllyPointOfSale | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<FormValues>({
    defaultValues: {
      name: point?.name ?? '',
      address: point?.address ?? '',
      city: point?.city ?? 'Medellín',
      lat: point?.lat ?? null,
      lng: point?.lng ?? null,
    },
    resolver,
  });
  const field = fieldBinder(form);
  const save = useSavePointOfSale(owner, point?.id ?? null);
  const onSubmit = useAdminSave(form, save, { onSaved: onDone });
  return (
    <AdminForm onSubmit={onSubmit} pending={save.isPending} submitLabel={t('allies.pointsOfSale.save')}>
      <TextField label={t('allies.pointsOfSale.name')} {...field('name')} />
      <div className="form-row">
        <TextField label={t('admin.address')} {...field('address')} />
        <TextField label={t('admin.city')} optional {...field('city')} />
      </div>
      <LocationFields control={form.control} setValue={form.setValue} />
      <IonButton fill="clear" onClick={onDone}>
        {t('admin.cancel')}
      </IonButton>
    </AdminForm>
  );
}

export function PointsOfSaleManager({ owner }: { owner: PointsOfSaleOwner }) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = usePointsOfSale(owner);
  const remove = useDeletePointOfSale(owner);
  const notify = useNotify();
  const [confirm] = useIonAlert();
  const [editing, setEditing] = useState<AllyPointOfSale | null | undefined>(undefined);
  const askDelete = (p: AllyPointOfSale) =>
    void confirm({
      header: t('admin.confirmDelete'),
      message: p.name,
      buttons: [
        { text: t('admin.cancel'), role: 'cancel' },
        {
          text: t('admin.delete'),
          role: 'destructive',
          handler: () =>
            remove.mutate(p.id, {
              onSuccess: () => notify(t('admin.deleted')),
              onError: (e) => notify(apiErrorMessage(t, e), 'danger'),
            }),
        },
      ],
    });
  return (
    <section className="pv-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('allies.pointsOfSale.title')}</h2>
      <p>{t('allies.pointsOfSale.lead')}</p>
      {list.isError ? (
        <p role="alert">{apiErrorMessage(t, list.error)}</p>
      ) : list.data && list.data.length === 0 ? (
        <p>{t('allies.pointsOfSale.none')}</p>
      ) : list.data ? (
        <IonList>
          {list.data.map((p) => (
            <IonItem key={p.id}>
              <IonLabel className="ion-text-wrap">
                <h3 lang="es">{p.name}</h3>
                <p>{[p.address, p.city].filter(Boolean).join(', ')}</p>
              </IonLabel>
              <RowActions name={p.name} onEdit={() => setEditing(p)} onDelete={() => askDelete(p)} />
            </IonItem>
          ))}
        </IonList>
      ) : null}
      {editing === undefined ? (
        <IonButton onClick={() => setEditing(null)}>{t('allies.pointsOfSale.add')}</IonButton>
      ) : (
        <PointOfSaleEditor key={editing?.id ?? 'new'} owner={owner} point={editing} onDone={() => setEditing(undefined)} />
      )}
    </section>
  );
}

/** The parts every back-office list screen shares: the list's loading/error/empty states and the delete confirmation. */
import { IonButton, IonList, IonSkeletonText, useIonAlert, useIonToast } from '@ionic/react';
import { TOAST_DURATION_MS, TOAST_LONG_DURATION_MS } from '@puntoverde/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend, useAdminMutation, type Page } from '../../lib/admin-resource';
import { apiErrorMessage } from '../../lib/api-errors';
import { EmptyState } from '../empty-state';

/** A skeleton while the page loads, the error (role=alert), the empty text, else the rows in an IonList. */
export function AdminListBody<T>({
  list,
  empty,
  children,
}: {
  list: UseQueryResult<Page<T>>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (list.isPending) return <IonSkeletonText animated style={{ height: '8rem' }} />;
  if (list.isError) return <p role="alert">{apiErrorMessage(t, list.error)}</p>;
  if (list.data.items.length === 0) return <EmptyState title={empty} />;
  return <IonList>{children(list.data.items)}</IonList>;
}

/**
 * Asks before deleting `path/{id}` of `resource`, then says how it went in a toast.
 * Returns `askDelete(id, name)`: the name is what the confirmation shows.
 */
export function useConfirmDelete(resource: string, path: string, { onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation();
  const [confirm] = useIonAlert();
  const [present] = useIonToast();
  const remove = useAdminMutation(resource, (id: number) => adminSend<void>('DELETE', `${path}/${id}`));
  return (id: number, name: string) =>
    void confirm({
      header: t('admin.confirmDelete'),
      message: name,
      buttons: [
        { text: t('admin.cancel'), role: 'cancel' },
        {
          text: t('admin.delete'),
          role: 'destructive',
          handler: () =>
            remove.mutate(id, {
              onSuccess: () => {
                onDeleted?.();
                void present({ message: t('admin.deleted'), duration: TOAST_DURATION_MS });
              },
              onError: (e) =>
                void present({ message: apiErrorMessage(t, e), duration: TOAST_LONG_DURATION_MS, color: 'danger' }),
            }),
        },
      ],
    });
}

/** A row's "Editar" and "Eliminar" buttons, named after the row ("Editar: Punto Norte"). */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <IonButton slot="end" fill="outline" onClick={onEdit} aria-label={`${t('admin.edit')}: ${name}`}>
        {t('admin.edit')}
      </IonButton>
      {onDelete ? (
        <IonButton
          slot="end"
          fill="clear"
          color="danger"
          onClick={onDelete}
          aria-label={`${t('admin.delete')}: ${name}`}
        >
          {t('admin.delete')}
        </IonButton>
      ) : null}
    </>
  );
}

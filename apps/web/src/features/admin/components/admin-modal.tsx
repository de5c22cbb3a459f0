/** A full-height modal with a title, a close button and a scrollable body, for back-office forms. */
import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function AdminModal({ isOpen, title, onClose, children }: { isOpen: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <IonModal isOpen={isOpen} onDidDismiss={onClose} aria-label={title}>
      <IonHeader>
        <IonToolbar>
          <IonTitle>
            <h2 className="modal-title">{title}</h2>
          </IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose}>{t('admin.close')}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <div className="admin-modal-body">{isOpen ? children : null}</div>
      </IonContent>
    </IonModal>
  );
}

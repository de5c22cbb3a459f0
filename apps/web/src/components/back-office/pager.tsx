import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';

export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label={t('admin.pagination')}>
      <IonButton fill="clear" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin.previous')}
      </IonButton>
      <span>{t('admin.pageOf', { page, pages, total })}</span>
      <IonButton fill="clear" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('admin.next')}
      </IonButton>
    </nav>
  );
}

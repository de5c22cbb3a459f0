/** Back office: FAQ entries and the Conócenos page. */
import { IonBadge, IonButton, IonItem, IonLabel, IonList, IonSkeletonText, useIonAlert, useIonToast } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  TOAST_DURATION_MS,
  TOAST_LONG_DURATION_MS,
  ZAboutPageInput,
  ZFaqInput,
  type AboutPage,
  type AboutPageInput,
  type FaqInput,
  type FaqItem,
} from '@puntoverde/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { adminSend, useAdminList, useAdminMutation } from '../../../../lib/admin-resource';

import { AdminModal } from '../../../../components/back-office/admin-modal';
import { TextField, ToggleField } from '../../../../components/back-office/fields';
import { applyApiError } from '../../../../lib/api-errors';
import { EmptyState } from '../../../../components/empty-state';

/** The public screens' cached copies (content feature), refreshed after an edit. */
const PUBLIC_FAQ_KEY = ['content', 'faq'] as const;
const PUBLIC_ABOUT_KEY = ['content', 'about'] as const;

type FaqValues = { question: string; answer: string; position: number; published: boolean };

function FaqEditor({ item, nextPosition, onDone }: { item: FaqItem | null; nextPosition: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [present] = useIonToast();
  const queryClient = useQueryClient();
  const form = useForm<FaqValues>({
    defaultValues: { question: item?.question ?? '', answer: item?.answer ?? '', position: item?.position ?? nextPosition, published: item?.published ?? true },
    resolver: zodResolver(ZFaqInput) as unknown as Resolver<FaqValues>,
  });
  const save = useAdminMutation('faq', (body: FaqInput) => (item ? adminSend<FaqItem>('PUT', `faq/${item.id}`, body) : adminSend<FaqItem>('POST', 'faq', body)));
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: PUBLIC_FAQ_KEY });
        void present({ message: t('admin.saved'), duration: TOAST_DURATION_MS, color: 'success' });
        onDone();
      },
      onError: (error) => void present({ message: applyApiError(t, error, form.setError, () => true).message, duration: TOAST_LONG_DURATION_MS, color: 'danger' }),
    }),
  );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="admin-form">
      <TextField control={form.control} name="question" label={t('admin.faq.question')} required />
      <TextField control={form.control} name="answer" label={t('admin.faq.answer')} multiline required />
      <TextField control={form.control} name="position" label={t('admin.faq.position')} type="number" />
      <ToggleField control={form.control} name="published" label={t('admin.published')} />
      <IonButton type="submit" expand="block" disabled={save.isPending}>
        {t('admin.save')}
      </IonButton>
    </form>
  );
}

export function AdminFaq() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<FaqItem | null | undefined>(undefined);
  const [confirm] = useIonAlert();
  const queryClient = useQueryClient();
  const list = useAdminList<FaqItem[]>('faq', 'faq');
  const remove = useAdminMutation('faq', (id: number) => adminSend<void>('DELETE', `faq/${id}`));
  const items = list.data ?? [];
  return (
    <section aria-labelledby="admin-faq-title">
      <div className="filter-row">
        <h2 id="admin-faq-title">{t('admin.faq.title')}</h2>
        <IonButton onClick={() => setEditing(null)}>{t('admin.faq.new')}</IonButton>
      </div>
      {list.isPending ? (
        <IonSkeletonText animated style={{ height: '6rem' }} />
      ) : items.length === 0 ? (
        <EmptyState title={t('admin.faq.empty')} />
      ) : (
        <IonList>
          {items.map((f) => (
            <IonItem key={f.id}>
              <IonLabel className="ion-text-wrap">
                <h2>
                  {f.position}. {f.question}
                </h2>
                {!f.published ? <IonBadge color="medium">{t('admin.draft')}</IonBadge> : null}
              </IonLabel>
              <IonButton slot="end" fill="outline" onClick={() => setEditing(f)}>
                {t('admin.edit')}
              </IonButton>
              <IonButton
                slot="end"
                fill="clear"
                color="danger"
                onClick={() =>
                  void confirm({
                    header: t('admin.confirmDelete'),
                    message: f.question,
                    buttons: [
                      { text: t('admin.cancel'), role: 'cancel' },
                      {
                        text: t('admin.delete'),
                        role: 'destructive',
                        handler: () => remove.mutate(f.id, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: PUBLIC_FAQ_KEY }) }),
                      },
                    ],
                  })
                }
              >
                {t('admin.delete')}
              </IonButton>
            </IonItem>
          ))}
        </IonList>
      )}
      <AdminModal isOpen={editing !== undefined} title={editing ? t('admin.faq.edit') : t('admin.faq.new')} onClose={() => setEditing(undefined)}>
        <FaqEditor item={editing ?? null} nextPosition={(items.at(-1)?.position ?? 0) + 1} onDone={() => setEditing(undefined)} />
      </AdminModal>
    </section>
  );
}

type AboutValues = { [K in keyof AboutPageInput]-?: string };

function AboutForm({ about }: { about: AboutPage }) {
  const { t } = useTranslation();
  const [present] = useIonToast();
  const queryClient = useQueryClient();
  const form = useForm<AboutValues>({
    defaultValues: {
      title: about.title,
      intro: about.intro,
      body: about.body,
      email: about.email ?? '',
      phone: about.phone ?? '',
      whatsapp: about.whatsapp ?? '',
      address: about.address ?? '',
      hours: about.hours ?? '',
      website: about.website ?? '',
      facebook: about.facebook ?? '',
      instagram: about.instagram ?? '',
    },
    resolver: zodResolver(ZAboutPageInput) as unknown as Resolver<AboutValues>,
  });
  const save = useAdminMutation('about', (body: AboutValues) => adminSend<AboutPage>('PUT', 'content/about', body));
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: PUBLIC_ABOUT_KEY });
        void present({ message: t('admin.saved'), duration: TOAST_DURATION_MS, color: 'success' });
      },
      onError: (error) => void present({ message: applyApiError(t, error, form.setError, () => true).message, duration: TOAST_LONG_DURATION_MS, color: 'danger' }),
    }),
  );
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="admin-form">
      <TextField control={form.control} name="title" label={t('admin.about.title')} required />
      <TextField control={form.control} name="intro" label={t('admin.about.intro')} multiline required />
      <TextField control={form.control} name="body" label={t('admin.about.body')} multiline helper={t('admin.about.bodyHelp')} />
      <div className="form-row">
        <TextField control={form.control} name="email" label={t('content.email')} type="email" />
        <TextField control={form.control} name="phone" label={t('content.phone')} type="tel" />
        <TextField control={form.control} name="whatsapp" label="WhatsApp" type="tel" />
      </div>
      <TextField control={form.control} name="address" label={t('content.address')} />
      <TextField control={form.control} name="hours" label={t('content.hours')} />
      <div className="form-row">
        <TextField control={form.control} name="website" label={t('content.website')} type="url" />
        <TextField control={form.control} name="facebook" label="Facebook" type="url" />
        <TextField control={form.control} name="instagram" label="Instagram" type="url" />
      </div>
      <IonButton type="submit" expand="block" disabled={save.isPending}>
        {t('admin.save')}
      </IonButton>
    </form>
  );
}

export function AdminAbout() {
  const { t } = useTranslation();
  const about = useAdminList<AboutPage>('about', 'content/about');
  return (
    <section aria-labelledby="admin-about-title">
      <h2 id="admin-about-title">{t('admin.about.heading')}</h2>
      {about.data ? <AboutForm key={about.data.updated_at ?? 'default'} about={about.data} /> : <IonSkeletonText animated style={{ height: '10rem' }} />}
    </section>
  );
}

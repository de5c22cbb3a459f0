/** Back office: FAQ entries and the Conócenos page. */
import { IonBadge, IonButton, IonItem, IonLabel, IonList, IonSkeletonText } from '@ionic/react';
import { zodResolver } from '../../../../lib/zod-resolver';
import {
  ZAboutPageInput,
  ZFaqInput,
  type AboutPage,
  type AboutPageInput,
  type FaqItem,
} from '@puntoverde/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { adminSend, useAdminList, useAdminMutation } from '../../../../lib/admin-resource';

import { AdminModal } from '../../../../components/back-office/admin-modal';
import { RowActions, useConfirmDelete } from '../../../../components/back-office/admin-list';
import { AdminForm, useAdminSave } from '../../../../components/back-office/admin-form';
import { NumberValueField } from '../../../../components/back-office/number-value-field';
import { fieldBinder, SwitchField, TextAreaField, TextField } from '../../../../components/form-fields';
import { EmptyState } from '../../../../components/empty-state';

/** The public screens' cached copies (content feature), refreshed after an edit. */
const PUBLIC_FAQ_KEY = ['content', 'faq'] as const;
const PUBLIC_ABOUT_KEY = ['content', 'about'] as const;

type FaqValues = { question: string; answer: string; position: number; published: boolean };

function FaqEditor({ item, nextPosition, onDone }: { item: FaqItem | null; nextPosition: number; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<FaqValues>({
    defaultValues: { question: item?.question ?? '', answer: item?.answer ?? '', position: item?.position ?? nextPosition, published: item?.published ?? true },
    resolver: zodResolver(ZFaqInput) as unknown as Resolver<FaqValues>,
  });
  const field = fieldBinder(form);
  const save = useAdminMutation('faq', (body: FaqValues) => (item ? adminSend<FaqItem>('PUT', `faq/${item.id}`, body) : adminSend<FaqItem>('POST', 'faq', body)));
  const onSubmit = useAdminSave(form, save, {
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: PUBLIC_FAQ_KEY });
      onDone();
    },
  });
  return (
    <AdminForm onSubmit={onSubmit} pending={save.isPending}>
      <TextField label={t('admin.faq.question')} {...field('question')} />
      <TextAreaField label={t('admin.faq.answer')} rows={3} {...field('answer')} />
      <NumberValueField control={form.control} name="position" label={t('admin.faq.position')} />
      <SwitchField label={t('admin.published')} {...field('published')} />
    </AdminForm>
  );
}

export function AdminFaq() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<FaqItem | null | undefined>(undefined);
  const queryClient = useQueryClient();
  const list = useAdminList<FaqItem[]>('faq', 'faq');
  const askDelete = useConfirmDelete('faq', 'faq', { onDeleted: () => void queryClient.invalidateQueries({ queryKey: PUBLIC_FAQ_KEY }) });
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
                  {f.position}. <span lang="es">{f.question}</span>
                </h2>
                {!f.published ? <IonBadge color="medium">{t('admin.draft')}</IonBadge> : null}
              </IonLabel>
              <RowActions name={f.question} onEdit={() => setEditing(f)} onDelete={() => askDelete(f.id, f.question)} />
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
  const field = fieldBinder(form);
  const save = useAdminMutation('about', (body: AboutValues) => adminSend<AboutPage>('PUT', 'content/about', body));
  const onSubmit = useAdminSave(form, save, { onSaved: () => void queryClient.invalidateQueries({ queryKey: PUBLIC_ABOUT_KEY }) });
  return (
    <AdminForm onSubmit={onSubmit} pending={save.isPending}>
      <TextField label={t('admin.about.title')} {...field('title')} />
      <TextAreaField label={t('admin.about.intro')} rows={3} {...field('intro')} />
      <TextAreaField label={t('admin.about.body')} rows={3} hint={t('admin.about.bodyHelp')} optional {...field('body')} />
      <div className="form-row">
        <TextField label={t('content.email')} type="email" optional {...field('email')} />
        <TextField label={t('content.phone')} type="tel" optional {...field('phone')} />
        <TextField label="WhatsApp" type="tel" optional {...field('whatsapp')} />
      </div>
      <TextField label={t('content.address')} optional {...field('address')} />
      <TextField label={t('content.hours')} optional {...field('hours')} />
      <div className="form-row">
        <TextField label={t('content.website')} type="url" optional {...field('website')} />
        <TextField label="Facebook" type="url" optional {...field('facebook')} />
        <TextField label="Instagram" type="url" optional {...field('instagram')} />
      </div>
    </AdminForm>
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

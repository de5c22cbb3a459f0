/**
 * Back office (staff): the scheme's brand. Its name replaces "PuntoVerde" on every screen, page,
 * e-mail, certificate and push; the colour is the app's primary one (white text must read on it,
 * the server checks the contrast); the contact and the legal entity go in e-mail footers and on
 * certificates. A change shows in full on the next page load.
 */
import type { BrandingUpdate } from '@puntoverde/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '../../../components/api-form';
import { FormAlert } from '../../../components/field-shell';
import { TextField } from '../../../components/form-fields';
import { ImageUploadField } from '../../../components/image-upload-field';
import { apiErrorMessage } from '../../../lib/api-errors';
import { useApiFormSubmit } from '../../../lib/use-api-form';
import { useBranding, useSaveBranding } from '../api/branding-settings';
import { SubmitButton } from '../../../components/submit-button';

type FormValues = {
  name: string;
  logo_id: string | null;
  primary_color: string;
  contact_email: string;
  contact_phone: string;
  legal_name: string;
  legal_nit: string;
};

const FIELDS = ['name', 'logo_id', 'primary_color', 'contact_email', 'contact_phone', 'legal_name', 'legal_nit'] as const;

/** Empty optional fields are sent as null (cleared). */
function toUpdate(values: FormValues): BrandingUpdate {
  const opt = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    name: values.name,
    logo_id: values.logo_id,
    primary_color: values.primary_color,
    contact_email: opt(values.contact_email),
    contact_phone: opt(values.contact_phone),
    legal_name: opt(values.legal_name),
    legal_nit: opt(values.legal_nit),
  };
}

export function AdminBranding() {
  const { t } = useTranslation();
  const branding = useBranding();
  const save = useSaveBranding();
  const form = useForm<FormValues>();
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [status, setStatus] = useState('');
  const {
    register,
    reset,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    const b = branding.data;
    if (!b) return;
    reset({
      name: b.name,
      logo_id: b.logo_id,
      primary_color: b.primary_color,
      contact_email: b.contact_email ?? '',
      contact_phone: b.contact_phone ?? '',
      legal_name: b.legal_name ?? '',
      legal_nit: b.legal_nit ?? '',
    });
    setLogoUrl(b.logo_url);
  }, [branding.data, reset]);

  const { onSubmit, formError } = useApiFormSubmit(form, FIELDS, async (values) => {
    setStatus('');
    const saved = await save.mutateAsync(toUpdate(values));
    // The colour at once on this page; the name with the texts on the next load.
    document.documentElement.style.setProperty('--ion-color-primary', saved.primary_color);
    setStatus(t('admin.branding.saved'));
  });

  if (branding.isPending) return <p role="status">{t('app.loading')}</p>;
  if (branding.isError) return <p role="alert">{apiErrorMessage(t, branding.error)}</p>;
  const color = watch('primary_color') ?? '';
  return (
    <section className="pv-section" aria-labelledby="admin-branding-title">
      <h2 id="admin-branding-title">{t('admin.branding.title')}</h2>
      <p className="pv-hint">{t('admin.branding.lead')}</p>
      <ApiForm onSubmit={onSubmit} busy={isSubmitting || uploading}>
        <FormAlert message={formError} />
        <TextField label={t('admin.branding.name')} registration={register('name')} error={errors.name?.message} autoComplete="organization" />
        <ImageUploadField
          label={t('admin.branding.logo')}
          previewUrl={logoUrl}
          camera={false}
          onBusyChange={setUploading}
          onUploaded={(file) => {
            setValue('logo_id', file.id, { shouldDirty: true });
            setLogoUrl(file.url);
          }}
          onRemove={() => {
            setValue('logo_id', null, { shouldDirty: true });
            setLogoUrl(null);
          }}
        />
        {errors.logo_id?.message ? <p role="alert">{errors.logo_id.message}</p> : null}
        <TextField
          label={t('admin.branding.color')}
          hint={t('admin.branding.colorHint')}
          registration={register('primary_color')}
          error={errors.primary_color?.message}
          autoComplete="off"
          spellCheck={false}
        />
        {/^#[0-9a-fA-F]{6}$/.test(color.trim()) ? (
          <p className="pv-brand-sample" style={{ background: color.trim(), color: '#fff', padding: '0.5rem 0.75rem', borderRadius: 8 }}>
            {t('admin.branding.sample')}
          </p>
        ) : null}
        <TextField label={t('admin.branding.email')} type="email" optional registration={register('contact_email')} error={errors.contact_email?.message} />
        <TextField label={t('admin.branding.phone')} type="tel" inputMode="tel" optional registration={register('contact_phone')} error={errors.contact_phone?.message} />
        <TextField label={t('admin.branding.legalName')} optional registration={register('legal_name')} error={errors.legal_name?.message} />
        <TextField label={t('admin.branding.legalNit')} optional registration={register('legal_nit')} error={errors.legal_nit?.message} />
        <div className="pv-actions">
          <SubmitButton className="pv-button" busy={isSubmitting || uploading}>
            {t('admin.branding.save')}
          </SubmitButton>
        </div>
        <p role="status" className="pv-hint">
          {status}
        </p>
      </ApiForm>
    </section>
  );
}

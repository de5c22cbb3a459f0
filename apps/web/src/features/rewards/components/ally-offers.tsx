/**
 * The ally's offers in every state (pending approval, approved, rejected with the staff's note)
 * and the form that proposes a new one: PuntoVerde's staff approve it before people see it.
 */
import type { RewardOffer, RewardOfferCreate } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '../../../components/api-form';
import { FormAlert } from '../../../components/field-shell';
import { fieldBinder, TextAreaField, TextField } from '../../../components/form-fields';
import { ImageUploadField } from '../../../components/image-upload-field';
import { StatusBadge } from '../../../components/status-badge';
import { formatNumber } from '../../../lib/number-format';
import { useApiFormSubmit } from '../../../lib/use-api-form';
import { useAllyOffers, useCreateAllyOffer, useUpdateAllyOffer } from '../api/ally';
import { RewardCards } from './reward-cards';
import { bogotaToday, formatDay, OFFER_TONE } from './rewards-labels';
import { SubmitButton } from '../../../components/submit-button';

export function AllyOffers() {
  const { t } = useTranslation();
  const offers = useAllyOffers(true);
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <section className="rw-section" aria-labelledby="rw-ally-offers-title">
      <h2 id="rw-ally-offers-title">{t('rewards.ally.offersTitle')}</h2>
      <p role="status" className="pv-field-hint">
        {created ? t('rewards.ally.offerSent', { title: created }) : ''}
      </p>
      {open ? (
        <OfferForm
          onDone={(offer) => {
            setOpen(false);
            setCreated(offer.title);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <button
          type="button"
          className="pv-button pv-button-secondary"
          onClick={() => {
            setCreated(null);
            setOpen(true);
          }}
        >
          {t('rewards.ally.newOffer')}
        </button>
      )}
      <RewardCards query={offers} empty={t('rewards.ally.offersNone')}>
        {(rows) =>
          rows.map((offer) =>
            editing === offer.id ? (
              <li key={offer.id} className="pv-card">
                <OfferForm
                  offer={offer}
                  onDone={(saved) => {
                    setEditing(null);
                    setCreated(saved.title);
                  }}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <AllyOfferItem
                key={offer.id}
                offer={offer}
                onEdit={() => {
                  setCreated(null);
                  setEditing(offer.id);
                }}
              />
            ),
          )
        }
      </RewardCards>
    </section>
  );
}

function AllyOfferItem({ offer, onEdit }: { offer: RewardOffer; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <li className="pv-card">
      <div className="pv-card-head">
        <h3>{offer.title}</h3>
        <StatusBadge tone={OFFER_TONE[offer.status]}>{t(`rewards.offerStatus.${offer.status}`)}</StatusBadge>
      </div>
      <p>
        {t('rewards.pointsValue', { value: formatNumber(offer.cost_points, lang), count: offer.cost_points })} ·{' '}
        {t('rewards.offers.units', { value: formatNumber(offer.stock, lang), count: offer.stock })} ·{' '}
        {t('rewards.offers.range', { from: formatDay(offer.valid_from, lang), to: formatDay(offer.valid_to, lang) })}
      </p>
      {offer.review_note ? (
        <p className="pv-field-hint">{t('rewards.ally.reviewNote', { note: offer.review_note })}</p>
      ) : null}
      <p>
        <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={onEdit}>
          {t('rewards.ally.editOffer', { title: offer.title })}
        </button>
      </p>
    </li>
  );
}

interface OfferValues {
  title: string;
  terms: string;
  cost_points: string;
  stock: string;
  per_person_limit: string;
  valid_from: string;
  valid_to: string;
}

const FIELDS = ['title', 'terms', 'cost_points', 'stock', 'per_person_limit', 'valid_from', 'valid_to'] as const;

/** Whole numbers as typed ("1.000" is a thousand in es-CO); anything else goes as NaN for the server to refuse. */
export function wholeNumber(text: string): number {
  const clean = text.trim().replace(/[.\s]/g, '');
  return /^-?\d+$/.test(clean) ? Number(clean) : Number.NaN;
}

function OfferForm({
  offer,
  onDone,
  onCancel,
}: {
  /** The offer to edit; none to propose a new one. */
  offer?: RewardOffer;
  onDone: (offer: RewardOffer) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateAllyOffer();
  const update = useUpdateAllyOffer();
  const busy = create.isPending || update.isPending;
  const [picture, setPicture] = useState<{ id: string; url: string } | null>(
    offer?.picture_id && offer.picture_url ? { id: offer.picture_id, url: offer.picture_url } : null,
  );
  const [uploading, setUploading] = useState(false);
  const form = useForm<OfferValues>({
    defaultValues: offer
      ? {
          title: offer.title,
          terms: offer.terms,
          cost_points: String(offer.cost_points),
          stock: String(offer.stock),
          per_person_limit: String(offer.per_person_limit),
          valid_from: offer.valid_from,
          valid_to: offer.valid_to,
        }
      : {
          title: '',
          terms: '',
          cost_points: '',
          stock: '',
          per_person_limit: '1',
          valid_from: bogotaToday(),
          valid_to: '',
        },
  });
  const field = fieldBinder(form);
  const { onSubmit, formError } = useApiFormSubmit(form, FIELDS, async (values) => {
    const body: RewardOfferCreate = {
      title: values.title.trim(),
      terms: values.terms.trim(),
      picture_id: picture?.id ?? null,
      cost_points: wholeNumber(values.cost_points),
      stock: wholeNumber(values.stock),
      per_person_limit: wholeNumber(values.per_person_limit),
      valid_from: values.valid_from,
      valid_to: values.valid_to,
    };
    onDone(offer ? await update.mutateAsync({ id: offer.id, body }) : await create.mutateAsync(body));
  });
  return (
    <ApiForm onSubmit={onSubmit} busy={busy}>
      <TextField label={t('rewards.offerForm.title')} maxLength={120} {...field('title')} />
      <TextAreaField label={t('rewards.offerForm.terms')} maxLength={2000} rows={3} {...field('terms')} />
      <ImageUploadField
        label={t('rewards.offerForm.picture')}
        previewUrl={picture?.url ?? null}
        camera={false}
        onUploaded={(file) => setPicture({ id: file.id, url: file.url })}
        onRemove={() => setPicture(null)}
        onBusyChange={setUploading}
      />
      <TextField label={t('rewards.offerForm.cost')} inputMode="numeric" autoComplete="off" {...field('cost_points')} />
      <TextField label={t('rewards.offerForm.stock')} inputMode="numeric" autoComplete="off" {...field('stock')} />
      <TextField
        label={t('rewards.offerForm.limit')}
        inputMode="numeric"
        autoComplete="off"
        {...field('per_person_limit')}
      />
      <TextField label={t('rewards.offerForm.from')} type="date" {...field('valid_from')} />
      <TextField label={t('rewards.offerForm.to')} type="date" {...field('valid_to')} />
      <FormAlert message={formError} />
      <div className="pv-action-bar">
        <SubmitButton className="pv-button" busy={busy || uploading}>
          {offer ? t('rewards.offerForm.save') : t('rewards.offerForm.send')}
        </SubmitButton>
        <button type="button" className="pv-button pv-button-secondary" onClick={onCancel}>
          {t('rewards.offerForm.cancel')}
        </button>
      </div>
      <p className="pv-field-hint">{offer ? t('rewards.offerForm.editHint') : t('rewards.offerForm.approvalHint')}</p>
    </ApiForm>
  );
}

/**
 * Back office → Recompensas: the monthly figures (issued, redeemed, expired, outstanding
 * liability), the earning table (points per kg per material, versioned from a date), the allies'
 * offers to approve, the review queue of held points with its reasons, adjustments with a reason
 * and the households' monthly cap.
 */
import type { HoldStatus, OfferStatus, RewardHold, RewardOffer } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '../../../../components/api-form';
import { ChipGroup } from '../../../../components/chip-group';
import { EmptyState } from '../../../../components/empty-state';
import { FormAlert } from '../../../../components/field-shell';
import { fieldBinder, SelectField, TextField } from '../../../../components/form-fields';
import { StatusBadge } from '../../../../components/status-badge';
import { apiErrorMessage } from '../../../../lib/api-errors';
import { formatDateTime } from '../../../../lib/date-format';
import { useMaterials } from '../../../../lib/materials';
import { formatNumber } from '../../../../lib/number-format';
import { quantityValue } from '../../../../lib/number-input';
import { useApiFormSubmit } from '../../../../lib/use-api-form';
import {
  useAddRewardRate,
  useAdjustPoints,
  useAdminOffers,
  useReviewHold,
  useReviewOffer,
  useRewardFigures,
  useRewardHolds,
  useRewardRates,
  useRewardSettings,
  useSaveRewardSettings,
} from '../../api/admin-rewards';
import { wholeNumber } from '../ally-offers';
import { RewardCards } from '../reward-cards';
import { bogotaToday, formatDay, OFFER_TONE, signedPoints } from '../rewards-labels';
import '../../../../components/actions.css';
import '../../../../components/facts.css';
import { DataTable } from '../../../../components/data-table';
import '../../rewards.css';
import { SubmitButton } from '../../../../components/submit-button';

export function AdminRewards() {
  return (
    <div className="rw">
      <Figures />
      <OffersApproval />
      <ReviewQueue />
      <Adjustment />
      <EarningTable />
      <MonthlyCap />
    </div>
  );
}

function Figures() {
  const { t, i18n } = useTranslation();
  const figures = useRewardFigures();
  const lang = i18n.language;
  const n = (v: number) => formatNumber(v, lang);
  return (
    <section className="rw-section" aria-labelledby="rw-fig-title">
      <h2 id="rw-fig-title">{t('rewards.admin.figuresTitle')}</h2>
      {figures.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : figures.isError ? (
        <p role="alert">{apiErrorMessage(t, figures.error)}</p>
      ) : (
        <>
          <dl className="pv-facts pv-facts--figures">
            <div>
              <dt>{t('rewards.admin.outstanding')}</dt>
              <dd>{n(figures.data.outstanding)}</dd>
            </div>
            <div>
              <dt>{t('rewards.admin.heldTotal')}</dt>
              <dd>{n(figures.data.held_points)}</dd>
            </div>
            <div>
              <dt>{t('rewards.admin.accounts')}</dt>
              <dd>{n(figures.data.accounts)}</dd>
            </div>
          </dl>
          <DataTable className="rw-table" caption={t('rewards.admin.byMonth')}>
              <thead>
                <tr>
                  <th scope="col">{t('rewards.admin.month')}</th>
                  <th scope="col">{t('rewards.admin.issued')}</th>
                  <th scope="col">{t('rewards.admin.redeemed')}</th>
                  <th scope="col">{t('rewards.admin.expired')}</th>
                  <th scope="col">{t('rewards.admin.adjustedDown')}</th>
                  <th scope="col">{t('rewards.admin.outstandingMonth')}</th>
                </tr>
              </thead>
              <tbody>
                {[...figures.data.months].reverse().map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{m.month}</th>
                    <td>{n(m.issued)}</td>
                    <td>{n(m.redeemed)}</td>
                    <td>{n(m.expired)}</td>
                    <td>{n(m.adjusted_down)}</td>
                    <td>{n(m.outstanding)}</td>
                  </tr>
                ))}
              </tbody>
          </DataTable>
        </>
      )}
    </section>
  );
}

function OffersApproval() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OfferStatus | 'all'>('pending');
  const offers = useAdminOffers(status);
  const options = (['pending', 'approved', 'rejected', 'all'] as const).map((value) => ({
    value,
    label: value === 'all' ? t('rewards.admin.all') : t(`rewards.offerStatus.${value}`),
  }));
  return (
    <section className="rw-section" aria-labelledby="rw-offers-admin-title">
      <h2 id="rw-offers-admin-title">{t('rewards.admin.offersTitle')}</h2>
      <ChipGroup label={t('rewards.admin.offersFilter')} options={options} value={status} onChange={setStatus} />
      <RewardCards query={offers} empty={t('rewards.admin.offersNone')}>
        {(rows) => rows.map((offer) => <OfferToReview key={offer.id} offer={offer} />)}
      </RewardCards>
    </section>
  );
}

/** Staff's decision on something pending review: an optional note, then approve or reject. */
function ReviewDecision({
  noteId,
  busy,
  approveLabel,
  rejectLabel,
  onDecide,
}: {
  noteId: string;
  busy: boolean;
  approveLabel: string;
  rejectLabel: string;
  onDecide: (decision: 'approved' | 'rejected', note: string) => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <>
      <div className="pv-field">
        <label className="pv-field-label" htmlFor={noteId}>
          {t('rewards.admin.note')} <span className="pv-field-optional">{t('form.optional')}</span>
        </label>
        <input id={noteId} className="pv-field-input" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="pv-action-bar">
        <button type="button" className="pv-button pv-button-small" disabled={busy} onClick={() => onDecide('approved', note)}>
          {approveLabel}
        </button>
        <button
          type="button"
          className="pv-button pv-button-danger pv-button-small"
          disabled={busy}
          onClick={() => onDecide('rejected', note)}
        >
          {rejectLabel}
        </button>
      </div>
    </>
  );
}

function OfferToReview({ offer }: { offer: RewardOffer }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const review = useReviewOffer();
  return (
    <li className="pv-card">
      <div className="pv-card-head">
        <h3>{offer.title}</h3>
        <StatusBadge tone={OFFER_TONE[offer.status]}>{t(`rewards.offerStatus.${offer.status}`)}</StatusBadge>
      </div>
      <p>
        {offer.ally_name} ·{' '}
        {t('rewards.pointsValue', { value: formatNumber(offer.cost_points, lang), count: offer.cost_points })} ·{' '}
        {t('rewards.offers.units', { value: formatNumber(offer.stock, lang), count: offer.stock })} ·{' '}
        {t('rewards.offers.range', { from: formatDay(offer.valid_from, lang), to: formatDay(offer.valid_to, lang) })}
      </p>
      <p className="rw-terms-text">{offer.terms}</p>
      {offer.review_note ? <p className="pv-field-hint">{t('rewards.ally.reviewNote', { note: offer.review_note })}</p> : null}
      {offer.status === 'pending' ? (
        <ReviewDecision
          noteId={`rw-offer-note-${offer.id}`}
          busy={review.isPending}
          approveLabel={t('rewards.admin.approve')}
          rejectLabel={t('rewards.admin.reject')}
          onDecide={(decision, note) => review.mutate({ id: offer.id, body: { decision, note: note.trim() || null } })}
        />
      ) : null}
      <FormAlert message={review.error ? apiErrorMessage(t, review.error) : null} />
    </li>
  );
}

function ReviewQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<HoldStatus>('pending');
  const holds = useRewardHolds(status);
  const options = (['pending', 'approved', 'rejected', 'superseded'] as const).map((value) => ({
    value,
    label: t(`rewards.holdStatus.${value}`),
  }));
  return (
    <section className="rw-section" aria-labelledby="rw-holds-title">
      <h2 id="rw-holds-title">{t('rewards.admin.holdsTitle')}</h2>
      <p className="pv-field-hint">{t('rewards.admin.holdsLead')}</p>
      <ChipGroup label={t('rewards.admin.holdsFilter')} options={options} value={status} onChange={setStatus} />
      <RewardCards query={holds} empty={t('rewards.admin.holdsNone')}>
        {(rows) => rows.map((hold) => <HoldItem key={hold.id} hold={hold} />)}
      </RewardCards>
    </section>
  );
}

function HoldItem({ hold }: { hold: RewardHold }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const review = useReviewHold();
  return (
    <li className="pv-card">
      <div className="pv-card-head">
        <h3>
          {hold.user_name} · {t('rewards.pointsValue', { value: formatNumber(hold.points, lang), count: hold.points })}
        </h3>
        <StatusBadge tone={hold.status === 'pending' ? 'warning' : hold.status === 'approved' ? 'success' : 'neutral'}>
          {t(`rewards.holdStatus.${hold.status}`)}
        </StatusBadge>
      </div>
      <p>{hold.description}</p>
      <p className="pv-field-hint">{formatDateTime(hold.created_at, lang)}</p>
      <p>{t('rewards.admin.reasons')}</p>
      <ul>
        {hold.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {hold.review_note ? <p className="pv-field-hint">{t('rewards.ally.reviewNote', { note: hold.review_note })}</p> : null}
      {hold.status === 'pending' ? (
        <ReviewDecision
          noteId={`rw-hold-note-${hold.id}`}
          busy={review.isPending}
          approveLabel={t('rewards.admin.approveHold')}
          rejectLabel={t('rewards.admin.rejectHold')}
          onDecide={(decision, note) => review.mutate({ id: hold.id, body: { decision, note: note.trim() || null } })}
        />
      ) : null}
      <FormAlert message={review.error ? apiErrorMessage(t, review.error) : null} />
    </li>
  );
}

interface AdjustmentValues {
  email: string;
  points: string;
  reason: string;
}

function Adjustment() {
  const { t, i18n } = useTranslation();
  const adjust = useAdjustPoints();
  const [done, setDone] = useState('');
  const form = useForm<AdjustmentValues>({ defaultValues: { email: '', points: '', reason: '' } });
  const field = fieldBinder(form);
  const { onSubmit, formError } = useApiFormSubmit(form, ['email', 'points', 'reason'], async (values) => {
    setDone('');
    const entry = await adjust.mutateAsync({
      email: values.email.trim(),
      points: wholeNumber(values.points),
      reason: values.reason.trim(),
    });
    setDone(t('rewards.admin.adjusted', { count: Math.abs(entry.points), points: signedPoints(entry.points, i18n.language), email: values.email.trim() }));
    form.reset();
  });
  return (
    <section className="rw-section" aria-labelledby="rw-adjust-title">
      <h2 id="rw-adjust-title">{t('rewards.admin.adjustTitle')}</h2>
      <ApiForm onSubmit={onSubmit} busy={adjust.isPending}>
        <TextField label={t('rewards.admin.email')} type="email" autoComplete="off" {...field('email')} />
        <TextField
          label={t('rewards.admin.points')}
          inputMode="numeric"
          autoComplete="off"
          hint={t('rewards.admin.pointsHint')}
          {...field('points')}
        />
        <TextField label={t('rewards.admin.reason')} maxLength={500} {...field('reason')} />
        <FormAlert message={formError} />
        <SubmitButton className="pv-button" busy={adjust.isPending}>
          {t('rewards.admin.adjust')}
        </SubmitButton>
      </ApiForm>
      <p role="status" className="pv-field-hint">
        {done}
      </p>
    </section>
  );
}

interface RateValues {
  material: string;
  points_per_kg: string;
  max_kg_per_pickup: string;
  effective_from: string;
}

function EarningTable() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rates = useRewardRates();
  const materials = useMaterials();
  const add = useAddRewardRate();
  const [done, setDone] = useState('');
  const form = useForm<RateValues>({
    defaultValues: {
      material: '',
      points_per_kg: '',
      max_kg_per_pickup: '',
      effective_from: bogotaToday(),
    },
  });
  const field = fieldBinder(form);
  const { onSubmit, formError } = useApiFormSubmit(
    form,
    ['material', 'points_per_kg', 'max_kg_per_pickup', 'effective_from'],
    async (values) => {
      setDone('');
      const rate = await add.mutateAsync({
        material: values.material,
        points_per_kg: wholeNumber(values.points_per_kg),
        max_kg_per_pickup: quantityValue(values.max_kg_per_pickup) ?? Number.NaN,
        effective_from: values.effective_from,
      });
      setDone(t('rewards.admin.rateSaved', { material: rate.material_name, date: formatDay(rate.effective_from, lang) }));
    },
  );
  const materialOptions = [
    { value: '', label: t('rewards.admin.chooseMaterial') },
    ...(materials.data ?? []).map((m) => ({ value: m.code, label: lang.startsWith('en') ? m.name_en : m.name_es })),
  ];
  return (
    <section className="rw-section" aria-labelledby="rw-rates-title">
      <h2 id="rw-rates-title">{t('rewards.admin.ratesTitle')}</h2>
      <p className="pv-field-hint">{t('rewards.admin.ratesLead')}</p>
      {rates.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : rates.isError ? (
        <p role="alert">{apiErrorMessage(t, rates.error)}</p>
      ) : rates.data.length === 0 ? (
        <EmptyState title={t('rewards.admin.ratesNone')} />
      ) : (
        <DataTable className="rw-table" caption={t('rewards.admin.ratesCaption')}>
            <thead>
              <tr>
                <th scope="col">{t('rewards.admin.material')}</th>
                <th scope="col">{t('rewards.admin.pointsPerKg')}</th>
                <th scope="col">{t('rewards.admin.maxKg')}</th>
                <th scope="col">{t('rewards.admin.from')}</th>
                <th scope="col">{t('rewards.admin.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rates.data.map((rate) => (
                <tr key={rate.id}>
                  <th scope="row">{rate.material_name}</th>
                  <td>{formatNumber(rate.points_per_kg, lang)}</td>
                  <td>{formatNumber(rate.max_kg_per_pickup, lang, 2)} kg</td>
                  <td className="pv-cell-nowrap">{formatDay(rate.effective_from, lang)}</td>
                  <td>
                    {rate.current ? (
                      <StatusBadge tone="success">{t('rewards.admin.current')}</StatusBadge>
                    ) : rate.effective_from > bogotaToday() ? (
                      <StatusBadge tone="info">{t('rewards.admin.scheduled')}</StatusBadge>
                    ) : (
                      <StatusBadge tone="neutral">{t('rewards.admin.past')}</StatusBadge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
        </DataTable>
      )}
      <h3>{t('rewards.admin.newRate')}</h3>
      <ApiForm onSubmit={onSubmit} busy={add.isPending}>
        <SelectField label={t('rewards.admin.material')} options={materialOptions} {...field('material')} />
        <TextField label={t('rewards.admin.pointsPerKg')} inputMode="numeric" autoComplete="off" {...field('points_per_kg')} />
        <TextField
          label={t('rewards.admin.maxKg')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('rewards.admin.maxKgHint')}
          {...field('max_kg_per_pickup')}
        />
        <TextField label={t('rewards.admin.from')} type="date" {...field('effective_from')} />
        <FormAlert message={formError} />
        <SubmitButton className="pv-button" busy={add.isPending}>
          {t('rewards.admin.saveRate')}
        </SubmitButton>
      </ApiForm>
      <p role="status" className="pv-field-hint">
        {done}
      </p>
    </section>
  );
}

function MonthlyCap() {
  const { t } = useTranslation();
  const settings = useRewardSettings();
  const save = useSaveRewardSettings();
  const [draft, setDraft] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const value = draft ?? (settings.data ? String(settings.data.monthly_cap) : '');
  return (
    <section className="rw-section" aria-labelledby="rw-cap-title">
      <h2 id="rw-cap-title">{t('rewards.admin.capTitle')}</h2>
      <form
        className="pv-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setStatus('');
          save.mutate(
            { monthly_cap: wholeNumber(value) },
            {
              onSuccess: () => {
                setDraft(null);
                setStatus(t('rewards.admin.capSaved'));
              },
              onError: (error) => setStatus(apiErrorMessage(t, error)),
            },
          );
        }}
      >
        <div className="pv-field">
          <label className="pv-field-label" htmlFor="rw-cap-input">
            {t('rewards.admin.cap')}
          </label>
          <input
            id="rw-cap-input"
            className="pv-field-input"
            inputMode="numeric"
            value={value}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <SubmitButton className="pv-button pv-button-small" busy={save.isPending || !settings.data}>
          {t('rewards.admin.saveCap')}
        </SubmitButton>
      </form>
      <p role="status" className="pv-field-hint">
        {status}
      </p>
    </section>
  );
}

export default AdminRewards;

/**
 * Sucursales (company heads only): the company's branch offices with their invitation state and
 * collected kilos; create (the branch gets an e-mail to set its password), edit, deactivate and
 * reactivate, and send the invitation again.
 */
import { zodResolver } from '../../../lib/zod-resolver';
import { type Branch, type CreateBranchRequest, formatColombianPhone, phoneHref, type UpdateBranchRequest, ZCreateBranchRequest } from '@puntoverde/contract';
import { useState, type ComponentType } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useCreateBranch } from '../api/create-branch';
import { useBranches } from '../api/list-branches';
import { useResendInvitation } from '../api/resend-invitation';
import { useUpdateBranch } from '../api/update-branch';
import { apiErrorMessage, applyApiError } from '../../../lib/api-errors';
import { TextField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';
import '../../../components/actions.css';
import '../branches.css';
import { formatAddress } from '../../../lib/address';
import { useNotify } from '../../../components/use-notify';
import { dateTimeFormat, numberFormat } from '../../../lib/intl-format';
import { SubmitButton } from '../../../components/submit-button';

/** The map pin field the page provides (features never import each other). */
export type LocationFieldComponent = ComponentType<{
  value: { lat: number; lng: number } | null;
  onChange: (value: { lat: number; lng: number }) => void;
  tileUrl: string;
  error?: string;
}>;

const FIELDS = ['name', 'email', 'phone', 'address', 'city', 'contact_name', 'lat', 'lng'] as const;

function formatKg(kg: number, lang: string): string {
  return `${numberFormat(lang.startsWith('en') ? 'en-US' : 'es-CO', { maximumFractionDigits: 1 }).format(kg)} kg`;
}

function formatDate(iso: string, lang: string): string {
  return dateTimeFormat(lang.startsWith('en') ? 'en-US' : 'es-CO', { timeZone: 'America/Bogota', dateStyle: 'long' }).format(new Date(iso));
}

type FormValues = CreateBranchRequest;

function BranchForm({
  branch,
  LocationField,
  tileUrl,
  onDone,
}: {
  branch: Branch | null;
  LocationField: LocationFieldComponent;
  tileUrl: string;
  onDone: (saved: Branch | null) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateBranch();
  const update = useUpdateBranch();
  const [message, setMessage] = useState<string | null>(null);
  const editing = branch !== null;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    // Editing shows the e-mail (the login) read-only and leaves it out of the update.
    resolver: zodResolver(ZCreateBranchRequest),
    defaultValues: {
      name: branch?.name ?? '',
      email: branch?.email ?? '',
      phone: branch?.phone ?? '',
      address: branch?.address ?? '',
      city: branch?.city ?? '',
      contact_name: branch?.contact_name ?? '',
      lat: branch?.lat ?? null,
      lng: branch?.lng ?? null,
    },
  });
  const lat = useWatch({ control, name: 'lat' });
  const lng = useWatch({ control, name: 'lng' });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      if (editing) {
        const { email: _email, ...rest } = values;
        const body: UpdateBranchRequest = rest;
        onDone(await update.mutateAsync({ id: branch.id, body }));
      } else {
        onDone(await create.mutateAsync(values));
      }
    } catch (err) {
      const { formMessage, fieldsOutside } = applyApiError(t, err, setError, FIELDS);
      setMessage(Object.values(fieldsOutside)[0] ?? formMessage);
    }
  });

  return (
    <form className="br-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="br-form-title">
      <h3 id="br-form-title">{editing ? t('requests.branches.editTitle', { name: branch.name }) : t('requests.branches.newTitle')}</h3>
      <FormAlert message={message} />
      <TextField label={t('requests.branches.name')} registration={register('name')} error={errors.name?.message} hint={t('requests.branches.nameHint')} />
      <TextField
        label={t('requests.branches.email')}
        type="email"
        autoComplete="off"
        registration={register('email')}
        error={errors.email?.message}
        readOnly={editing}
        hint={editing ? t('requests.branches.emailFixed') : t('requests.branches.emailHint')}
      />
      <div className="br-row">
        <TextField label={t('requests.branches.contact')} registration={register('contact_name')} error={errors.contact_name?.message} />
        <TextField label={t('requests.branches.phone')} type="tel" autoComplete="off" registration={register('phone')} error={errors.phone?.message} />
      </div>
      <div className="br-row">
        <TextField label={t('requests.branches.address')} registration={register('address')} error={errors.address?.message} />
        <TextField label={t('requests.branches.city')} registration={register('city')} error={errors.city?.message} />
      </div>
      <LocationField
        value={typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null}
        tileUrl={tileUrl}
        error={errors.lat?.message}
        onChange={(v) => {
          setValue('lat', v.lat);
          setValue('lng', v.lng);
        }}
      />
      <div className="pv-action-bar">
        <SubmitButton className="pv-button" busy={isSubmitting}>
          {editing ? t('requests.branches.save') : t('requests.branches.create')}
        </SubmitButton>
        <button type="button" className="pv-button pv-button-secondary" onClick={() => onDone(null)}>
          {t('requests.branches.cancel')}
        </button>
      </div>
    </form>
  );
}

function BranchCard({ branch, onEdit }: { branch: Branch; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const toast = useNotify();
  const update = useUpdateBranch();
  const resend = useResendInvitation();
  const failed = (err: unknown) => toast(err instanceof ApiError ? apiErrorMessage(t, err) : t('requests.branches.error'), 'danger');
  const toggle = () =>
    update.mutate(
      { id: branch.id, body: { active: !branch.active } },
      {
        onSuccess: (b) => toast(b.active ? t('requests.branches.reactivated', { name: b.name }) : t('requests.branches.deactivated', { name: b.name })),
        onError: failed,
      },
    );
  const sendAgain = () =>
    resend.mutate(branch.id, {
      onSuccess: () => toast(t('requests.branches.resent', { email: branch.email })),
      onError: failed,
    });
  const invitation =
    branch.invitation === 'aceptada'
      ? { cls: 'br-tag--ok', text: t('requests.branches.invitation.aceptada') }
      : branch.invitation === 'pendiente'
        ? { cls: 'br-tag--warn', text: t('requests.branches.invitation.pendiente', { date: formatDate(branch.invitation_expires_at!, lang) }) }
        : { cls: 'br-tag--warn', text: t('requests.branches.invitation.vencida') };
  return (
    <li className={`pv-card br-card${branch.active ? '' : ' br-card--inactive'}`} aria-label={branch.name}>
      <div className="br-head">
        <strong>{branch.name}</strong>
        <span className="pv-action-bar">
          {branch.active ? null : <span className="br-tag br-tag--off">{t('requests.branches.inactive')}</span>}
          <span className={`br-tag ${invitation.cls}`}>{invitation.text}</span>
        </span>
      </div>
      <p>
        {branch.contact_name} · <a href={`mailto:${branch.email}`}>{branch.email}</a>
        {branch.phone ? (
          <>
            {' · '}
            <a href={phoneHref(branch.phone)}>{formatColombianPhone(branch.phone)}</a>
          </>
        ) : null}
      </p>
      <p className="br-muted">
        {formatAddress(branch.address, branch.city)} · {t('requests.branches.collected', { kg: formatKg(branch.collected_kg, lang) })}
      </p>
      <div className="pv-action-bar">
        <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={onEdit}>
          {t('requests.branches.edit')}
        </button>
        {branch.invitation !== 'aceptada' && branch.active ? (
          <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={sendAgain} disabled={resend.isPending}>
            {t('requests.branches.resend')}
          </button>
        ) : null}
        <button
          type="button"
          className={`pv-button pv-button-small ${branch.active ? 'pv-button-danger' : 'pv-button-secondary'}`}
          onClick={toggle}
          disabled={update.isPending}
        >
          {branch.active ? t('requests.branches.deactivate') : t('requests.branches.reactivate')}
        </button>
      </div>
    </li>
  );
}

export function BranchesScreen({ LocationField, tileUrl }: { LocationField: LocationFieldComponent; tileUrl: string }) {
  const { t } = useTranslation();
  const toast = useNotify();
  const branches = useBranches();
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);

  const done = (saved: Branch | null, wasNew: boolean) => {
    setEditing(null);
    if (!saved) return;
    toast(wasNew ? t('requests.branches.created', { name: saved.name, email: saved.email }) : t('requests.branches.saved', { name: saved.name }));
  };

  return (
    <section className="br" aria-labelledby="br-title">
      <div className="br-head">
        <h2 id="br-title">{t('requests.branches.title')}</h2>
        {editing === null ? (
          <button type="button" className="pv-button" onClick={() => setEditing('new')}>
            {t('requests.branches.new')}
          </button>
        ) : null}
      </div>
      <p className="br-muted">{t('requests.branches.lead')}</p>
      {editing !== null ? (
        <BranchForm
          key={editing === 'new' ? 'new' : editing.id}
          branch={editing === 'new' ? null : editing}
          LocationField={LocationField}
          tileUrl={tileUrl}
          onDone={(saved) => done(saved, editing === 'new')}
        />
      ) : null}
      {branches.isPending ? (
        <div role="status" aria-busy="true" className="br-list">
          <span className="visually-hidden">{t('requests.branches.loading')}</span>
          <div className="br-skeleton" aria-hidden="true" />
          <div className="br-skeleton" aria-hidden="true" />
        </div>
      ) : branches.isError ? (
        <div className="pv-callout pv-callout-error" role="alert">
          <p>{branches.error instanceof ApiError ? apiErrorMessage(t, branches.error) : t('requests.branches.error')}</p>
        </div>
      ) : branches.data.length === 0 ? (
        <div className="pv-callout" role="status">
          <p>{t('requests.branches.empty')}</p>
        </div>
      ) : (
        <ul className="br-list" aria-label={t('requests.branches.listLabel')}>
          {branches.data.map((b) => (
            <BranchCard key={b.id} branch={b} onEdit={() => setEditing(b)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The organisation's members: the list (each with its id card) and the form to record one. */
import {
  MEMBER_ID_TYPES,
  MEMBER_STATUSES,
  VEHICLE_TYPES,
  formatDocumentNumber,
  vehicleNeedsPlate,
  type MemberCreate,
  type MemberIdType,
  type MemberStatus,
  type VehicleType,
} from '@puntoverde/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { CheckControl, FormAlert } from '../../../components/field-shell';
import { ImageUploadField } from '../../../components/image-upload-field';
import { apiErrorMessage } from '../../../lib/api-errors';
import { useCreateMember, useMembers } from '../api/members';
import { RecyclerField, RecyclerSelect, fieldError, hasFieldErrors } from './recycler-field';
import { SubmitButton } from '../../../components/submit-button';

const EMPTY = {
  id_type: 'CC' as MemberIdType,
  id_number: '',
  name: '',
  birth_date: '',
  id_issue_date: '',
  phone: '',
  address: '',
  municipality_dane: '05001',
  vehicle_type: 'carreta' as VehicleType,
  plate: '',
  status: 'activo' as MemberStatus,
  account_email: '',
  data_consent: false,
};

export function MembersPanel({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const members = useMembers(orgId);
  const create = useCreateMember(orgId);
  const [open, setOpen] = useState(false);
  const [v, setV] = useState(EMPTY);
  const [added, setAdded] = useState<string | null>(null);
  const [photo, setPhoto] = useState<{ id: string; url: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const err = (key: string) => fieldError(create.error, key);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAdded(null);
    const body = {
      id_type: v.id_type,
      id_number: v.id_number,
      name: v.name,
      birth_date: v.birth_date,
      id_issue_date: v.id_issue_date,
      phone: v.phone.trim() || null,
      address: v.address.trim() || null,
      municipality_dane: v.municipality_dane,
      vehicle_type: v.vehicle_type,
      plate: v.plate.trim() || null,
      status: v.status,
      photo_id: photo?.id ?? null,
      account_email: v.account_email.trim() || null,
      data_consent: v.data_consent,
    } satisfies MemberCreate;
    create.mutate(body, {
      onSuccess: (member) => {
        setAdded(member.name);
        setV(EMPTY);
        setPhoto(null);
        setOpen(false);
      },
    });
  };
  const formMessage =
    create.error && !hasFieldErrors(create.error)
      ? apiErrorMessage(t, create.error)
      : create.error
        ? t('recyclers.fixFields')
        : null;

  return (
    <section aria-labelledby="rc-members-title">
      <h2 id="rc-members-title">{t('recyclers.tabs.members')}</h2>
      {added ? <p role="status">{t('recyclers.members.added', { name: added })}</p> : null}
      {members.data?.length ? (
        <ul className="rc-members">
          {members.data.map((m) => (
            <li key={m.id} className="pv-card">
              <p>
                <strong>{m.name}</strong> · {m.id_type} {formatDocumentNumber(m.id_type, m.id_number)}
              </p>
              <p className="rc-hint">
                {t(`recyclers.members.statuses.${m.status}`)} · {t(`recyclers.vehicles.${m.vehicle_type}`)}
                {m.plate ? ` ${m.plate}` : ''}
                {m.account ? ` · ${t('recyclers.members.withAccount')}` : ''}
              </p>
              <AppLink to={`/app/tabs/recyclers/${orgId}/members/${m.id}/card`}>
                {t('recyclers.members.openCard', { name: m.name })}
              </AppLink>
            </li>
          ))}
        </ul>
      ) : members.isSuccess ? (
        <p>{t('recyclers.members.none')}</p>
      ) : null}
      {!open ? (
        <button type="button" className="pv-button" onClick={() => setOpen(true)}>
          {t('recyclers.members.add')}
        </button>
      ) : (
        <form className="rc-form" onSubmit={submit} noValidate aria-labelledby="rc-member-form">
          <h3 id="rc-member-form">{t('recyclers.members.add')}</h3>
          <RecyclerSelect
            label={t('recyclers.members.idType')}
            value={v.id_type}
            onChange={(value) => setV({ ...v, id_type: value as MemberIdType })}
            options={MEMBER_ID_TYPES.map((k) => ({ value: k, label: t(`recyclers.idTypes.${k}`) }))}
            error={err('id_type')}
          />
          <RecyclerField
            label={t('recyclers.members.idNumber')}
            value={v.id_number}
            onChange={(e) => setV({ ...v, id_number: e.target.value })}
            error={err('id_number')}
          />
          <RecyclerField
            label={t('recyclers.members.name')}
            autoComplete="off"
            value={v.name}
            onChange={(e) => setV({ ...v, name: e.target.value })}
            error={err('name')}
          />
          <RecyclerField
            label={t('recyclers.members.birthDate')}
            type="date"
            value={v.birth_date}
            onChange={(e) => setV({ ...v, birth_date: e.target.value })}
            error={err('birth_date')}
          />
          <RecyclerField
            label={t('recyclers.members.issueDate')}
            type="date"
            value={v.id_issue_date}
            onChange={(e) => setV({ ...v, id_issue_date: e.target.value })}
            error={err('id_issue_date')}
          />
          <RecyclerField
            label={t('recyclers.members.phone')}
            optional
            type="tel"
            value={v.phone}
            onChange={(e) => setV({ ...v, phone: e.target.value })}
            error={err('phone')}
          />
          <RecyclerField
            label={t('recyclers.members.address')}
            optional
            value={v.address}
            onChange={(e) => setV({ ...v, address: e.target.value })}
            error={err('address')}
          />
          <RecyclerField
            label={t('recyclers.dane')}
            inputMode="numeric"
            value={v.municipality_dane}
            onChange={(e) => setV({ ...v, municipality_dane: e.target.value })}
            error={err('municipality_dane')}
          />
          <RecyclerSelect
            label={t('recyclers.members.vehicle')}
            value={v.vehicle_type}
            onChange={(value) =>
              setV({ ...v, vehicle_type: value as VehicleType, plate: vehicleNeedsPlate(value) ? v.plate : '' })
            }
            options={VEHICLE_TYPES.map((k) => ({ value: k, label: t(`recyclers.vehicles.${k}`) }))}
            error={err('vehicle_type')}
          />
          {vehicleNeedsPlate(v.vehicle_type) || err('plate') ? (
            <RecyclerField
              label={t('recyclers.members.plate')}
              value={v.plate}
              onChange={(e) => setV({ ...v, plate: e.target.value })}
              error={err('plate')}
            />
          ) : null}
          <RecyclerSelect
            label={t('recyclers.members.status')}
            value={v.status}
            onChange={(value) => setV({ ...v, status: value as MemberStatus })}
            options={MEMBER_STATUSES.map((k) => ({ value: k, label: t(`recyclers.members.statuses.${k}`) }))}
            error={err('status')}
          />
          <ImageUploadField
            label={t('recyclers.members.photo')}
            previewUrl={photo?.url ?? null}
            onUploaded={(file) => setPhoto({ id: file.id, url: file.url })}
            onRemove={() => setPhoto(null)}
            onBusyChange={setUploading}
          />
          {fieldError(create.error, 'photo_id') ? (
            <p className="pv-field-error">{fieldError(create.error, 'photo_id')}</p>
          ) : null}
          <RecyclerField
            label={t('recyclers.members.accountEmail')}
            optional
            type="email"
            hint={t('recyclers.members.accountHint')}
            value={v.account_email}
            onChange={(e) => setV({ ...v, account_email: e.target.value })}
            error={err('account_email')}
          />
          <CheckControl
            checked={v.data_consent}
            onChange={(e) => setV({ ...v, data_consent: e.target.checked })}
            error={err('data_consent')}
          >
            {t('recyclers.members.consent')}
          </CheckControl>
          <div className="pv-action-bar">
            <SubmitButton className="pv-button" busy={create.isPending || uploading}>
              {t('recyclers.members.save')}
            </SubmitButton>
            <button type="button" className="pv-button pv-button-small" onClick={() => setOpen(false)}>
              {t('recyclers.cancel')}
            </button>
          </div>
          <FormAlert message={formMessage} />
        </form>
      )}
    </section>
  );
}

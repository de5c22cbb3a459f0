/**
 * The coordinator's pickups of a day at the organisation's ECAs: who takes each (assigned here,
 * or taken by a member from their micro-route's open list), what happened at the door, and a
 * form per pickup to assign it to an active member or move it to another while it is unvisited;
 * a pickup marked «no estaba» is sent out again ("Reintentar visita") to the same or another
 * member, its missed visits listed.
 */
import { formatKg, type OrganizationPickup } from '@puntoverde/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/field-shell';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage, apiFieldMessages } from '../../../lib/api-errors';
import { formatDateTime, todayInBogota } from '../../../lib/date-format';
import { useMembers } from '../api/members';
import { useAssignPickup, useOrganizationPickups, useRetryPickup } from '../api/route';
import '../recyclers.css';

export function RouteAssignmentsPanel({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const [date, setDate] = useState(todayInBogota());
  const pickups = useOrganizationPickups(orgId, date);
  const members = useMembers(orgId);
  const active = (members.data ?? []).filter((m) => m.status === 'activo');
  return (
    <section aria-labelledby="rc-pickups-title">
      <h2 id="rc-pickups-title">{t('recyclers.assign.title')}</h2>
      <p className="rc-hint">{t('recyclers.assign.lead')}</p>
      <label className="rc-field">
        {t('recyclers.assign.date')}
        <input
          className="pv-field-input"
          type="date"
          value={date}
          onChange={(e) => e.target.value && setDate(e.target.value)}
        />
      </label>
      {pickups.isError ? <FormAlert message={apiErrorMessage(t, pickups.error)} /> : null}
      {!pickups.data ? (
        <p role="status">{t('app.loading')}</p>
      ) : pickups.data.length === 0 ? (
        <p role="status">{t('recyclers.assign.empty')}</p>
      ) : (
        <ul className="rc-members">
          {pickups.data.map((p) => (
            <PickupRow key={p.request_id} orgId={orgId} pickup={p} members={active} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PickupRow({
  orgId,
  pickup,
  members,
}: {
  orgId: number;
  pickup: OrganizationPickup;
  members: { id: number; name: string }[];
}) {
  const { t, i18n } = useTranslation();
  const assign = useAssignPickup(orgId);
  const [memberId, setMemberId] = useState(pickup.member?.id ?? members[0]?.id ?? 0);
  const [done, setDone] = useState<string | null>(null);
  const selectId = `rc-assign-${pickup.request_id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    assign.mutate(
      { request_id: pickup.request_id, member_id: memberId },
      { onSuccess: (r) => setDone(t('recyclers.assign.done', { id: r.request_id, name: r.member?.name ?? '' })) },
    );
  };
  const fieldErrors = assign.error ? apiFieldMessages(t, assign.error) : {};
  const visited = pickup.outcome !== null || pickup.status !== 'programada';
  return (
    <li className="pv-card" data-request-id={pickup.request_id}>
      <p>
        <strong>
          #{pickup.request_id} · {pickup.address}
        </strong>
      </p>
      <p>
        {pickup.eca_name} · {t('recyclers.route.estimated', { kg: formatKg(pickup.estimated_kg, i18n.language) })}
      </p>
      <p>
        {pickup.member
          ? t(pickup.assigned_via === 'miembro' ? 'recyclers.assign.takenBy' : 'recyclers.assign.assignedTo', {
              name: pickup.member.name,
            })
          : t('recyclers.assign.unassigned')}
        {pickup.outcome
          ? ` · ${pickup.outcome === 'recogido' ? t('recyclers.route.collected') : t('recyclers.route.missed', { reason: t(`recyclers.route.reasons.${pickup.outcome_reason ?? 'otro'}`) })}`
          : ''}
      </p>
      {pickup.missed_attempts.length ? (
        <>
          <h3 className="rc-hint">{t('recyclers.assign.attemptsTitle')}</h3>
          <ul>
            {pickup.missed_attempts.map((a) => (
              <li key={a.attempt}>
                {t('recyclers.assign.attempt', {
                  n: a.attempt,
                  name: a.member?.name ?? '',
                  date: formatDateTime(a.outcome_at, i18n.language),
                  reason: t(`recyclers.route.reasons.${a.outcome_reason}`),
                })}
                {a.outcome_note ? ` (${a.outcome_note})` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {done ? <p role="status">{done}</p> : null}
      {pickup.outcome === 'no-estaba' && pickup.status === 'programada' ? (
        <RetryForm orgId={orgId} pickup={pickup} members={members} />
      ) : null}
      {visited ? null : (
        <form
          className="rc-form"
          noValidate
          onSubmit={submit}
          aria-label={t('recyclers.assign.formLabel', { id: pickup.request_id })}
        >
          <MemberSelect
            id={selectId}
            members={members}
            value={memberId}
            onChange={setMemberId}
            invalid={Boolean(fieldErrors.member_id)}
          />
          <SubmitButton busy={assign.isPending}>
            {pickup.member ? t('recyclers.assign.move') : t('recyclers.assign.assign')}
          </SubmitButton>
          <FormAlert
            message={assign.error ? (Object.values(fieldErrors)[0] ?? apiErrorMessage(t, assign.error)) : null}
          />
        </form>
      )}
    </li>
  );
}

/** The member a pickup goes to: the assignment's and the new visit's picker. */
function MemberSelect({
  id,
  members,
  value,
  onChange,
  invalid,
}: {
  id: string;
  members: { id: number; name: string }[];
  value: number;
  onChange: (memberId: number) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="rc-field" htmlFor={id}>
        {t('recyclers.assign.member')}
      </label>
      <select
        id={id}
        className="pv-field-input"
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        aria-invalid={invalid ? true : undefined}
      >
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </>
  );
}

/** "Reintentar visita": the missed pickup goes out again to the member picked here. */
function RetryForm({
  orgId,
  pickup,
  members,
}: {
  orgId: number;
  pickup: OrganizationPickup;
  members: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const retry = useRetryPickup(orgId);
  const [memberId, setMemberId] = useState(pickup.member?.id ?? members[0]?.id ?? 0);
  const [done, setDone] = useState<string | null>(null);
  const selectId = `rc-retry-${pickup.request_id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    retry.mutate(
      { requestId: pickup.request_id, member_id: memberId },
      { onSuccess: (r) => setDone(t('recyclers.assign.retryDone', { id: r.request_id, name: r.member?.name ?? '' })) },
    );
  };
  const fieldErrors = retry.error ? apiFieldMessages(t, retry.error) : {};
  return (
    <form
      className="rc-form"
      noValidate
      onSubmit={submit}
      aria-label={t('recyclers.assign.retryFormLabel', { id: pickup.request_id })}
    >
      <MemberSelect
        id={selectId}
        members={members}
        value={memberId}
        onChange={setMemberId}
        invalid={Boolean(fieldErrors.member_id)}
      />
      <SubmitButton busy={retry.isPending}>{t('recyclers.assign.retry')}</SubmitButton>
      {done ? <p role="status">{done}</p> : null}
      <FormAlert message={retry.error ? (Object.values(fieldErrors)[0] ?? apiErrorMessage(t, retry.error)) : null} />
    </form>
  );
}

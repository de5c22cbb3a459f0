/**
 * For whoever organises campaigns (an ally's staff; the scheme's staff for campaigns without an
 * ally): each campaign they organise, and after it, the list of people who joined with a
 * checkbox each to confirm who attended. Confirmed people earn the campaign's bonus once; they
 * stay checked and cannot be unchecked.
 */
import type { Campaign } from '@puntoverde/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/field-shell';
import { CheckboxGroupField } from '../../../components/form-fields';
import { apiErrorMessage } from '../../../lib/api-errors';
import { formatDateRange } from '../../../lib/date-format';
import { formatNumber } from '../../../lib/number-format';
import { useCampaignAttendance, useConfirmAttendance, useOrganisedCampaigns } from '../api/campaign-attendance';
import '../../../components/actions.css';
import { SubmitButton } from '../../../components/submit-button';

/** Renders nothing for accounts that organise no campaign. */
export function OrganisedCampaigns() {
  const { t } = useTranslation();
  const id = useId();
  const campaigns = useOrganisedCampaigns();
  if (!campaigns.data?.length) return null;
  return (
    <section className="pv-section" aria-labelledby={id}>
      <h2 id={id}>{t('campaigns.attendance.title')}</h2>
      <p>{t('campaigns.attendance.lead')}</p>
      {campaigns.data.map((c) => (
        <OrganisedCampaign key={c.id} campaign={c} />
      ))}
    </section>
  );
}

function OrganisedCampaign({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <article className="pv-card" aria-labelledby={titleId}>
      <h3 id={titleId} lang="es">
        {campaign.title}
      </h3>
      <p className="pv-field-hint">
        {formatDateRange(campaign.starts_at, campaign.ends_at, i18n.language)} ·{' '}
        {t('campaigns.participants', { count: campaign.participants_count })}
        {campaign.reward_bonus_points > 0
          ? ` · ${t('campaigns.attendance.bonus', { count: campaign.reward_bonus_points, points: formatNumber(campaign.reward_bonus_points, i18n.language) })}`
          : ''}
      </p>
      <button
        type="button"
        className="pv-button pv-button-secondary pv-button-small"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {t(open ? 'campaigns.attendance.hide' : 'campaigns.attendance.open')}
      </button>
      {open ? <AttendanceForm campaign={campaign} /> : null}
    </article>
  );
}

function AttendanceForm({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  const attendance = useCampaignAttendance(campaign.id);
  const confirm = useConfirmAttendance(campaign.id);
  const [picked, setPicked] = useState<string[]>([]);
  if (attendance.isPending) return <p role="status">{t('app.loading')}</p>;
  if (attendance.isError) return <p role="alert">{apiErrorMessage(t, attendance.error)}</p>;
  const { attendees, can_confirm: canConfirm } = attendance.data;
  if (!canConfirm) return <p className="pv-callout">{t('campaigns.attendance.notOver')}</p>;
  if (attendees.length === 0) return <p>{t('campaigns.attendance.nobody')}</p>;
  const attended = attendees.filter((a) => a.attended_at !== null).map((a) => String(a.user_id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(picked.map(Number), { onSuccess: () => setPicked([]) });
  };
  return (
    <form onSubmit={submit}>
      <CheckboxGroupField
        legend={t('campaigns.attendance.legend', { title: campaign.title })}
        options={attendees.map((a) => ({
          value: String(a.user_id),
          label: a.attended_at ? `${a.name} — ${t('campaigns.attendance.confirmed')}` : a.name,
          disabled: a.attended_at !== null,
        }))}
        value={[...attended, ...picked]}
        onChange={(values) => {
          confirm.reset();
          setPicked(values.filter((v) => !attended.includes(v)));
        }}
      />
      <div className="pv-action-bar">
        <SubmitButton className="pv-button" busy={picked.length === 0 || confirm.isPending}>
          {t('campaigns.attendance.submit', { count: picked.length })}
        </SubmitButton>
      </div>
      {confirm.data ? (
        <p role="status">
          {t('campaigns.attendance.done', {
            count: confirm.data.confirmed,
            people: formatNumber(confirm.data.confirmed, i18n.language),
            points: formatNumber(confirm.data.points_awarded, i18n.language),
          })}
        </p>
      ) : null}
      <FormAlert message={confirm.error ? apiErrorMessage(t, confirm.error) : null} />
    </form>
  );
}

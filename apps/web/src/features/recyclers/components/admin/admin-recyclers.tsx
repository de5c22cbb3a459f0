/**
 * Back office → Organizaciones de recicladores: create an organisation, link its ECAs, name its
 * coordinators (point managers of one of its ECAs), and open the coordinator's screens.
 */
import {
  RECYCLER_REGIMES,
  RECYCLER_REGIME_MAX_STAGE,
  formatNit,
  type OrganizationSummary,
  type RecyclerRegime,
} from '@puntoverde/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../../components/app-link';
import { FormAlert } from '../../../../components/field-shell';
import { apiErrorMessage } from '../../../../lib/api-errors';
import '../../../../components/actions.css';
import {
  useAddCoordinator,
  useCreateOrganization,
  useEcaPoints,
  useLinkEca,
  useOrganizations,
} from '../../api/organizations';
import { RecyclerField, RecyclerSelect, fieldError, hasFieldErrors } from '../recycler-field';
import '../../recyclers.css';
import { countText } from '../../../../lib/count-text';
import { SubmitButton } from '../../../../components/submit-button';
import { SuiCodeVersions } from './sui-code-versions';

function formError(t: ReturnType<typeof useTranslation>['t'], error: unknown): string | null {
  if (!error) return null;
  if (hasFieldErrors(error)) return t('recyclers.fixFields');
  return apiErrorMessage(t, error);
}

export function AdminRecyclers() {
  const { t } = useTranslation();
  const orgs = useOrganizations();
  const create = useCreateOrganization();
  const [v, setV] = useState({
    name: '',
    nit: '',
    rups_id: '',
    regime: 'decreto-1381-2024' as RecyclerRegime,
    stage: '1',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name: v.name, nit: v.nit, rups_id: v.rups_id.trim() || null, regime: v.regime, regime_stage: Number(v.stage) },
      { onSuccess: () => setV({ ...v, name: '', nit: '', rups_id: '' }) },
    );
  };
  return (
    <section aria-labelledby="rc-admin-title">
      <h2 id="rc-admin-title">{t('recyclers.admin.title')}</h2>
      <p>{t('recyclers.admin.lead')}</p>
      {orgs.data?.length ? (
        <ul className="rc-members">
          {orgs.data.map((o) => (
            <OrganizationCard key={o.id} org={o} />
          ))}
        </ul>
      ) : orgs.isSuccess ? (
        <p>{t('recyclers.admin.none')}</p>
      ) : null}
      <form className="rc-form" onSubmit={submit} noValidate aria-labelledby="rc-admin-new">
        <h3 id="rc-admin-new">{t('recyclers.admin.create')}</h3>
        <RecyclerField
          label={t('recyclers.org.name')}
          value={v.name}
          onChange={(e) => setV({ ...v, name: e.target.value })}
          error={fieldError(create.error, 'name')}
        />
        <RecyclerField
          label={t('recyclers.org.nit')}
          hint={t('recyclers.org.nitHint')}
          value={v.nit}
          onChange={(e) => setV({ ...v, nit: e.target.value })}
          error={fieldError(create.error, 'nit')}
        />
        <RecyclerField
          label={t('recyclers.org.rups')}
          optional
          inputMode="numeric"
          value={v.rups_id}
          onChange={(e) => setV({ ...v, rups_id: e.target.value })}
          error={fieldError(create.error, 'rups_id')}
        />
        <RecyclerSelect
          label={t('recyclers.org.regime')}
          value={v.regime}
          onChange={(value) => setV({ ...v, regime: value as RecyclerRegime, stage: '1' })}
          options={RECYCLER_REGIMES.map((r) => ({ value: r, label: t(`recyclers.regimes.${r}`) }))}
          error={fieldError(create.error, 'regime')}
        />
        <RecyclerSelect
          label={t('recyclers.org.stage')}
          value={v.stage}
          onChange={(value) => setV({ ...v, stage: value })}
          options={Array.from({ length: RECYCLER_REGIME_MAX_STAGE[v.regime] }, (_, i) => ({
            value: String(i + 1),
            label: t('recyclers.stage', { n: i + 1 }),
          }))}
          error={fieldError(create.error, 'regime_stage')}
        />
        <SubmitButton className="pv-button" busy={create.isPending}>
          {t('recyclers.admin.create')}
        </SubmitButton>
        <FormAlert message={formError(t, create.error)} />
      </form>
      <SuiCodeVersions />
    </section>
  );
}

function OrganizationCard({ org }: { org: OrganizationSummary }) {
  const { t, i18n } = useTranslation();
  const link = useLinkEca(org.id);
  const name = useAddCoordinator(org.id);
  const points = useEcaPoints(true);
  const [pointId, setPointId] = useState('');
  const [email, setEmail] = useState('');
  return (
    <li className="pv-card">
      <h3>{org.name}</h3>
      <p className="rc-hint">
        NIT {formatNit(org.nit)} ·{' '}
        {t('recyclers.coordinated.counts', {
          ecas: countText(t, 'ecas', org.eca_count, i18n.language),
          members: countText(t, 'recyclers', org.member_count, i18n.language),
        })}
      </p>
      <p>
        {t('recyclers.org.coordinators')}:{' '}
        {org.coordinators.length
          ? org.coordinators.map((c) => `${c.name} (${c.email})`).join(', ')
          : t('recyclers.admin.noCoordinator')}
      </p>
      <AppLink to={`/app/tabs/recyclers/${org.id}`}>{t('recyclers.admin.open', { name: org.name })}</AppLink>
      <form
        className="rc-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (pointId) link.mutate(Number(pointId), { onSuccess: () => setPointId('') });
        }}
      >
        <RecyclerSelect
          label={t('recyclers.admin.eca')}
          value={pointId}
          onChange={setPointId}
          options={[
            { value: '', label: t('recyclers.admin.chooseEca') },
            ...(points.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.address}` })),
          ]}
          error={fieldError(link.error, 'point_id')}
        />
        <SubmitButton className="pv-button pv-button-small" busy={link.isPending || !pointId}>
          {t('recyclers.admin.linkEca')}
        </SubmitButton>
        <FormAlert message={formError(t, link.error)} />
      </form>
      <form
        className="rc-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          name.mutate({ email: email.trim() }, { onSuccess: () => setEmail('') });
        }}
      >
        <RecyclerField
          label={t('recyclers.admin.coordinatorEmail')}
          type="email"
          hint={t('recyclers.admin.coordinatorHint')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(name.error, 'email')}
        />
        <SubmitButton className="pv-button pv-button-small" busy={name.isPending || !email.trim()}>
          {t('recyclers.admin.nameCoordinator')}
        </SubmitButton>
        <FormAlert message={formError(t, name.error)} />
      </form>
    </li>
  );
}

/** Back office: issue an Open311 api_key (shown once) and revoke keys. */
import { OPEN311_BASE_PATH } from '@puntoverde/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/field-shell';
import { useCreateOpen311Key, useOpen311Keys, useRevokeOpen311Key } from '../../api/open311-keys';
import { formatDay } from '../../format';
import '../../../../components/actions.css';
import '../../reports.css';
import { EmptyState } from '../../../../components/empty-state';
import { apiErrorMessage } from '../../../../lib/api-errors';
import { SubmitButton } from '../../../../components/submit-button';

export function Open311Keys() {
  const { t, i18n } = useTranslation();
  const keys = useOpen311Keys();
  const create = useCreateOpen311Key();
  const revoke = useRevokeOpen311Key();
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<{ name: string; key: string } | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name, {
      onSuccess: (k) => {
        setIssued({ name: k.name, key: k.api_key });
        setName('');
      },
    });
  };
  return (
    <section className="rp" aria-labelledby="rp-open311-title">
      <h2 id="rp-open311-title">{t('reports.open311.title')}</h2>
      <p>{t('reports.open311.lead', { url: `${OPEN311_BASE_PATH}/discovery.json` })}</p>
      <form className="rp-stack" onSubmit={submit}>
        <label className="rp-stack">
          {t('reports.open311.name')}
          <input value={name} required minLength={3} maxLength={120} onChange={(e) => setName(e.target.value)} />
        </label>
        <SubmitButton className="pv-button" busy={create.isPending || name.trim().length < 3}>
          {t('reports.open311.issue')}
        </SubmitButton>
      </form>
      <FormAlert message={create.error ? apiErrorMessage(t, create.error) : revoke.error ? apiErrorMessage(t, revoke.error) : null} />
      {issued ? (
        <div className="rp-notice" role="status">
          <p>{t('reports.open311.issued', { name: issued.name })}</p>
          <p>
            <code>{issued.key}</code>
          </p>
        </div>
      ) : null}
      {keys.data?.length ? (
        <ul className="rp-list">
          {keys.data.map((k) => (
            <li key={k.id} className="pv-card rp-card">
              <p>
                <strong>{k.name}</strong> · {t('reports.open311.created', { date: formatDay(k.created_at, i18n.language) })}
                {k.last_used_at ? ` · ${t('reports.open311.lastUsed', { date: formatDay(k.last_used_at, i18n.language) })}` : ''}
              </p>
              {k.revoked_at ? (
                <p className="rp-hint">{t('reports.open311.revoked', { date: formatDay(k.revoked_at, i18n.language) })}</p>
              ) : (
                <button
                  type="button"
                  className="pv-button pv-button-danger pv-button-small"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(k.id)}
                >
                  {t('reports.open311.revoke', { name: k.name })}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : keys.isSuccess ? (
        <EmptyState title={t('reports.open311.none')} />
      ) : null}
    </section>
  );
}

/**
 * Mi Perfil of a company head: where the company's points go — the head's one balance, or each
 * branch's own (each branch then earns, sees and spends its points). Going back to one balance
 * moves what the branches hold to the head.
 */
import { COMPANY_POINTS_TO, type CompanyPointsTo } from '@puntoverde/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/field-shell';
import { apiErrorMessage } from '../../../lib/api-errors';
import { useRewardBalance, useSetCompanyPointsTo } from '../api/rewards';
import '../../../components/actions.css';
import { SubmitButton } from '../../../components/submit-button';

export function CompanyPointsSetting() {
  const { t } = useTranslation();
  const id = useId();
  const balance = useRewardBalance();
  const save = useSetCompanyPointsTo();
  const [choice, setChoice] = useState<CompanyPointsTo | null>(null);
  const current = balance.data?.points_to ?? null;
  const chosen = choice ?? current;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) save.mutate(chosen, { onSuccess: () => setChoice(null) });
  };
  return (
    <section className="pv-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('rewards.company.title')}</h2>
      {balance.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : balance.isError ? (
        <p role="alert">{apiErrorMessage(t, balance.error)}</p>
      ) : (
        <form onSubmit={submit}>
          <fieldset className="pv-field-radios">
            <legend className="pv-field-label">{t('rewards.company.legend')}</legend>
            {COMPANY_POINTS_TO.map((value) => (
              <label key={value} className="pv-field-check">
                <input
                  type="radio"
                  name={`${id}-points-to`}
                  value={value}
                  checked={chosen === value}
                  onChange={() => {
                    save.reset();
                    setChoice(value);
                  }}
                />
                {t(`rewards.company.option.${value}`)}
              </label>
            ))}
          </fieldset>
          <p className="pv-field-hint">{t('rewards.company.hint')}</p>
          <div className="pv-action-bar">
            <SubmitButton className="pv-button" busy={save.isPending || chosen === current}>
              {t('rewards.company.save')}
            </SubmitButton>
          </div>
          {save.isSuccess ? <p role="status">{t('rewards.company.saved')}</p> : null}
          <FormAlert message={save.error ? apiErrorMessage(t, save.error) : null} />
        </form>
      )}
    </section>
  );
}

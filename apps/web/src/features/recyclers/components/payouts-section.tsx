/**
 * The coordinator's payouts to members on the dashboard: the form that records one (an active
 * member, the month, the amount in pesos as people write it, `1.250.000`, and a note) and the
 * payouts of the dashboard's month. Saving loads the dashboard's figures again.
 */
import { ZPayoutCreate, type Organization, type PayoutCreate } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiForm } from '../../../components/api-form';
import { DataTable } from '../../../components/data-table';
import { FormAlert } from '../../../components/field-shell';
import { QuantityField, SelectField, TextAreaField, TextField } from '../../../components/form-fields';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-errors';
import { formatNumber } from '../../../lib/number-format';
import { quantityValue } from '../../../lib/number-input';
import { useApiFormSubmit } from '../../../lib/use-api-form';
import { zodResolver } from '../../../lib/zod-resolver';
import { useMembers } from '../api/members';
import { usePayouts, useRecordPayout } from '../api/sui';

type FormValues = z.input<typeof ZPayoutCreate>;
const FIELDS = ['member_id', 'month', 'amount_cop', 'note'] as const;

export function PayoutsSection({ org, month }: { org: Organization; month: string }) {
  const { t, i18n } = useTranslation();
  const payouts = usePayouts(org.id, month);
  return (
    <section aria-labelledby="rc-payouts-title">
      <h3 id="rc-payouts-title">{t('recyclers.payouts.title')}</h3>
      <PayoutForm key={month} org={org} month={month} />
      {payouts.isError ? <FormAlert message={apiErrorMessage(t, payouts.error)} /> : null}
      {payouts.data?.length ? (
        <DataTable caption={t('recyclers.payouts.ofMonth', { month })}>
          <thead>
            <tr>
              <th scope="col">{t('recyclers.payouts.member')}</th>
              <th scope="col" className="pv-cell-num">
                {t('recyclers.payouts.amount')}
              </th>
              <th scope="col">{t('recyclers.payouts.note')}</th>
            </tr>
          </thead>
          <tbody>
            {payouts.data.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.member_name}</th>
                <td className="pv-cell-num">$ {formatNumber(p.amount_cop, i18n.language, 2)}</td>
                <td>{p.note ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      ) : payouts.isSuccess ? (
        <p>{t('recyclers.payouts.none', { month })}</p>
      ) : null}
    </section>
  );
}

function PayoutForm({ org, month }: { org: Organization; month: string }) {
  const { t } = useTranslation();
  const members = useMembers(org.id);
  const record = useRecordPayout(org.id);
  const [saved, setSaved] = useState(false);
  const form = useForm<FormValues, unknown, PayoutCreate>({
    resolver: zodResolver(ZPayoutCreate),
    defaultValues: { member_id: Number.NaN, month, amount_cop: Number.NaN, note: null },
  });
  const errors = form.formState.errors;
  const { onSubmit, formError } = useApiFormSubmit(form, FIELDS, async (values) => {
    setSaved(false);
    await record.mutateAsync(values);
    setSaved(true);
    form.reset({ member_id: values.member_id, month: values.month, amount_cop: Number.NaN, note: null });
  });
  const active = (members.data ?? []).filter((m) => m.status === 'activo');
  return (
    <ApiForm onSubmit={onSubmit} busy={record.isPending}>
      <SelectField
        label={t('recyclers.payouts.member')}
        registration={form.register('member_id', { setValueAs: (v: unknown) => (v === '' ? Number.NaN : Number(v)) })}
        options={[
          { value: '', label: t('recyclers.payouts.chooseMember') },
          ...active.map((m) => ({ value: String(m.id), label: m.name })),
        ]}
        error={errors.member_id?.message}
      />
      <TextField
        label={t('recyclers.payouts.month')}
        type="month"
        registration={form.register('month')}
        error={errors.month?.message}
      />
      <QuantityField
        label={t('recyclers.payouts.amountCop')}
        hint={t('recyclers.payouts.amountHint')}
        registration={form.register('amount_cop', { setValueAs: (v: unknown) => quantityValue(v) ?? Number.NaN })}
        error={errors.amount_cop?.message}
      />
      <TextAreaField
        label={t('recyclers.payouts.note')}
        optional
        registration={form.register('note', {
          setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null),
        })}
        error={errors.note?.message}
      />
      <SubmitButton busy={record.isPending}>{t('recyclers.payouts.record')}</SubmitButton>
      {saved ? <p role="status">{t('recyclers.payouts.saved')}</p> : null}
      <FormAlert message={formError} />
    </ApiForm>
  );
}

/**
 * Back office → the SUI's material code table (the annex): the version in use (valid from, note,
 * its codes), the versions before it (each one's codes on demand), and the form that publishes a
 * new version from a month on, its rows prefilled from the version in use so staff edit them.
 */
import { ZSuiCodeVersionCreate, type SuiCodeTable, type SuiCodeVersionCreate } from '@puntoverde/contract';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '../../../../components/api-form';
import { DataTable } from '../../../../components/data-table';
import { FormAlert } from '../../../../components/field-shell';
import { TextAreaField, TextField } from '../../../../components/form-fields';
import { SubmitButton } from '../../../../components/submit-button';
import { apiErrorMessage } from '../../../../lib/api-errors';
import { translateFieldMessage } from '../../../../lib/field-messages';
import { useApiFormSubmit } from '../../../../lib/use-api-form';
import { zodResolver } from '../../../../lib/zod-resolver';
import { usePublishCodeVersion, useSuiCodeTable } from '../../api/sui';
import { bogotaMonth } from '../bogota-month';

/** The month whose table is the one in use: far enough ahead to be the last version. */
const LATEST = '9999-12';

export function SuiCodeVersions() {
  const { t } = useTranslation();
  const current = useSuiCodeTable(LATEST);
  return (
    <section aria-labelledby="rc-sui-codes-title">
      <h3 id="rc-sui-codes-title">{t('recyclers.suiCodes.title')}</h3>
      <p>{t('recyclers.suiCodes.lead')}</p>
      {current.isError ? <FormAlert message={apiErrorMessage(t, current.error)} /> : null}
      {current.data ? (
        <>
          <CodeList
            table={current.data}
            caption={t('recyclers.suiCodes.current', {
              version: current.data.version,
              from: current.data.valid_from,
              note: current.data.note,
            })}
          />
          <EarlierVersions table={current.data} />
          <PublishForm key={current.data.version} current={current.data} />
        </>
      ) : current.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : null}
    </section>
  );
}

function CodeList({ table, caption }: { table: SuiCodeTable; caption: string }) {
  const { t } = useTranslation();
  return (
    <DataTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">{t('recyclers.suiCodes.code')}</th>
          <th scope="col">{t('recyclers.suiCodes.name')}</th>
          <th scope="col">{t('recyclers.suiCodes.family')}</th>
        </tr>
      </thead>
      <tbody>
        {table.codes.map((c) => (
          <tr key={c.code}>
            <th scope="row">{c.code}</th>
            <td>{c.name}</td>
            <td>{c.family}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function EarlierVersions({ table }: { table: SuiCodeTable }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<string | null>(null);
  const earlier = table.versions.filter((v) => v.version !== table.version).reverse();
  if (!earlier.length) return null;
  return (
    <>
      <DataTable caption={t('recyclers.suiCodes.earlier')}>
        <thead>
          <tr>
            <th scope="col">{t('recyclers.suiCodes.version')}</th>
            <th scope="col">{t('recyclers.suiCodes.validFrom')}</th>
            <th scope="col">{t('recyclers.suiCodes.note')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('recyclers.suiCodes.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {earlier.map((v) => (
            <tr key={v.version}>
              <th scope="row">{v.version}</th>
              <td className="pv-cell-nowrap">{v.valid_from}</td>
              <td>{v.note}</td>
              <td>
                <button
                  type="button"
                  className="pv-button pv-button-small"
                  aria-pressed={shown === v.valid_from}
                  onClick={() => setShown(shown === v.valid_from ? null : v.valid_from)}
                >
                  {t('recyclers.suiCodes.showCodes', { version: v.version })}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {shown ? <EarlierCodes month={shown} /> : null}
    </>
  );
}

function EarlierCodes({ month }: { month: string }) {
  const { t } = useTranslation();
  const table = useSuiCodeTable(month);
  if (table.isError) return <FormAlert message={apiErrorMessage(t, table.error)} />;
  if (!table.data) return <p role="status">{t('app.loading')}</p>;
  return (
    <CodeList
      table={table.data}
      caption={t('recyclers.suiCodes.versionCodes', { version: table.data.version, from: table.data.valid_from })}
    />
  );
}

type FormValues = SuiCodeVersionCreate;

/** The month after `month` (YYYY-MM). */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function PublishForm({ current }: { current: SuiCodeTable }) {
  const { t } = useTranslation();
  const publish = usePublishCodeVersion();
  const [published, setPublished] = useState<number | null>(null);
  const thisMonth = bogotaMonth();
  const form = useForm<FormValues>({
    resolver: zodResolver(ZSuiCodeVersionCreate),
    defaultValues: {
      valid_from: current.valid_from >= thisMonth ? nextMonth(current.valid_from) : nextMonth(thisMonth),
      note: '',
      codes: current.codes.map((c) => ({ ...c })),
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'codes' });
  const errors = form.formState.errors;
  const { onSubmit, formError } = useApiFormSubmit(
    form,
    (name) => name === 'valid_from' || name === 'note' || name === 'codes' || name.startsWith('codes.'),
    async (values) => {
      setPublished(null);
      const table = await publish.mutateAsync(values);
      setPublished(table.version);
    },
  );
  const codesError = translateFieldMessage(t, errors.codes?.root?.message ?? errors.codes?.message);
  return (
    <ApiForm onSubmit={onSubmit} busy={publish.isPending}>
      <h4>{t('recyclers.suiCodes.publish')}</h4>
      <p>{t('recyclers.suiCodes.publishHint')}</p>
      <TextField
        label={t('recyclers.suiCodes.validFrom')}
        type="month"
        registration={form.register('valid_from')}
        error={errors.valid_from?.message}
      />
      <TextAreaField
        label={t('recyclers.suiCodes.note')}
        registration={form.register('note')}
        error={errors.note?.message}
      />
      <fieldset>
        <legend>{t('recyclers.suiCodes.rows', { count: rows.fields.length })}</legend>
        {rows.fields.map((row, i) => (
          <div key={row.id} className="rc-code-row">
            <TextField
              label={t('recyclers.suiCodes.rowCode', { n: i + 1 })}
              inputMode="numeric"
              registration={form.register(`codes.${i}.code`, {
                setValueAs: (v: unknown) =>
                  typeof v === 'number' ? v : String(v).trim() === '' ? Number.NaN : Number(v),
              })}
              error={errors.codes?.[i]?.code?.message}
            />
            <TextField
              label={t('recyclers.suiCodes.rowName', { n: i + 1 })}
              registration={form.register(`codes.${i}.name`)}
              error={errors.codes?.[i]?.name?.message}
            />
            <TextField
              label={t('recyclers.suiCodes.rowFamily', { n: i + 1 })}
              registration={form.register(`codes.${i}.family`)}
              error={errors.codes?.[i]?.family?.message}
            />
            <button type="button" className="pv-button pv-button-danger pv-button-small" onClick={() => rows.remove(i)}>
              {t('recyclers.suiCodes.removeRow', { n: i + 1 })}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="pv-button pv-button-small"
          onClick={() => rows.append({ code: Number.NaN, name: '', family: '' })}
        >
          {t('recyclers.suiCodes.addRow')}
        </button>
        <FormAlert message={codesError ?? null} />
      </fieldset>
      <SubmitButton busy={publish.isPending}>{t('recyclers.suiCodes.publish')}</SubmitButton>
      {published !== null ? <p role="status">{t('recyclers.suiCodes.published', { version: published })}</p> : null}
      <FormAlert message={formError} />
    </ApiForm>
  );
}

/** Admin-editable calendar exceptions on top of weekends and Colombian holidays. */
import { ZPqrCalendarDay } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';
import { usePqrCalendar, useRemoveCalendarDay, useSetCalendarDay } from '../../api/admin-pqr-calendar';
import { formatDate } from '../../format';
import { SubmitActions } from '../action-form';
import { useActionForm } from '../use-action-form';
import { SelectField, TextField } from '../../../../components/form-fields';
import { FormAlert } from '../../../../components/field-shell';
import { EmptyState } from '../../../../components/empty-state';
// zod's own messages in the app's language.
import '../../../../lib/zod-resolver';

type CalendarForm = { date: string; is_working: 'false' | 'true'; reason: string };

export function AdminCalendar({ onDone }: { onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const list = usePqrCalendar();
  const setDay = useSetCalendarDay();
  const remove = useRemoveCalendarDay();
  // The form holds is_working as the select's string, so the contract's schema is applied by hand.
  const { form, message, onSubmit } = useActionForm<CalendarForm>({
    defaultValues: { date: '', is_working: 'false', reason: '' },
    serverFields: ['date', 'reason'],
    submit: async (values, { reset, setError }) => {
      const parsed = ZPqrCalendarDay.safeParse({ ...values, is_working: values.is_working === 'true' });
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          setError(issue.path[0] as keyof CalendarForm, { message: issue.message });
        return;
      }
      await setDay.mutateAsync(parsed.data);
      reset();
      onDone(t('pqr.calendar.saved'));
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <div className="pqr-admin">
      <p className="pqr-lead">{t('pqr.calendar.lead')}</p>
      <form className="pqr-form pqr-filters" noValidate onSubmit={onSubmit}>
        <FormAlert message={message} />
        <TextField
          label={t('pqr.calendar.date')}
          registration={register('date')}
          error={errors.date?.message}
          type="date"
        />
        <SelectField
          label={t('pqr.calendar.kind')}
          registration={register('is_working')}
          options={[
            { value: 'false', label: t('pqr.calendar.closed') },
            { value: 'true', label: t('pqr.calendar.working') },
          ]}
        />
        <TextField label={t('pqr.calendar.reason')} registration={register('reason')} error={errors.reason?.message} />
        <SubmitActions label={t('pqr.calendar.add')} disabled={isSubmitting} />
      </form>
      {list.isPending ? (
        <div role="status" aria-busy="true" className="pqr-skeleton pqr-skeleton-row">
          <span className="visually-hidden">{t('pqr.admin.loading')}</span>
        </div>
      ) : list.data && list.data.length ? (
        <ul className="pqr-list">
          {list.data.map((d) => (
            <li key={d.date} className="pqr-calendar-item">
              <span>
                <strong>{formatDate(d.date, i18n.language)}</strong> ·{' '}
                {d.is_working ? t('pqr.calendar.working') : t('pqr.calendar.closed')}
                <br />
                <span className="pqr-hint">
                  {d.reason}
                  {d.created_by ? ` · ${d.created_by}` : ''}
                </span>
              </span>
              <button
                type="button"
                className="pv-button pv-button-secondary"
                aria-label={t('pqr.calendar.removeLabel', { date: formatDate(d.date, i18n.language) })}
                onClick={() => remove.mutate(d.date, { onSuccess: () => onDone(t('pqr.calendar.removed')) })}
              >
                {t('pqr.calendar.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t('pqr.calendar.empty')} />
      )}
    </div>
  );
}

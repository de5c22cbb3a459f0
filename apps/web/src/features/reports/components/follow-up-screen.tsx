/**
 * "¿Se resolvió?" from the e-mail link: the signed token names the report, so one tap answers
 * without a session. "No" reopens the report.
 */
import { REPORT_REASON_MAX, type Report } from '@puntoverde/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { FocusedNotice } from '../../../components/focused-notice';
import { FormAlert } from '../../../components/field-shell';
import { useReportAction } from '../api/report-actions';
import { reportPath } from '../format';
import '../../../components/actions.css';
import '../reports.css';
import { apiErrorMessage } from '../../../lib/api-errors';

export function numberOfToken(token: string): string | null {
  return /^(REP-\d{4}-\d{6})\./.exec(token)?.[1] ?? null;
}

export function FollowUpScreen({ token, suggested }: { token: string; suggested: 'si' | 'no' | null }) {
  const { t } = useTranslation();
  const number = numberOfToken(token);
  const action = useReportAction(number ?? 'REP-0000-000000');
  const [note, setNote] = useState('');
  const [done, setDone] = useState<{ report: Report; resolved: boolean } | null>(null);
  if (!number) {
    return (
      <p className="rp-error" role="alert">
        {t('reports.followUp.badLink')}
      </p>
    );
  }
  if (done) {
    return (
      <FocusedNotice className="rp rp-notice">
        <p>{done.resolved ? t('reports.followUp.thanksYes') : t('reports.followUp.thanksNo')}</p>
        <AppLink to={reportPath(done.report.number)}>{t('reports.followUp.open', { number: done.report.number })}</AppLink>
      </FocusedNotice>
    );
  }
  const answer = (resolved: boolean) =>
    action.mutate({ kind: 'follow-up', token, resolved, note: note || null }, { onSuccess: (report) => setDone({ report, resolved }) });
  return (
    <section className="rp" aria-labelledby="rp-follow-up-title">
      <h2 id="rp-follow-up-title">{t('reports.followUp.question')}</h2>
      <p>{t('reports.followUp.about', { number })}</p>
      {suggested === 'no' ? (
        <label className="rp-stack">
          {t('reports.followUp.note')}
          <textarea value={note} maxLength={REPORT_REASON_MAX} rows={3} onChange={(e) => setNote(e.target.value)} />
        </label>
      ) : null}
      <div className="pv-action-bar">
        <button
          type="button"
          className={suggested === 'no' ? 'pv-button pv-button-secondary' : 'pv-button'}
          disabled={action.isPending}
          onClick={() => answer(true)}
        >
          {t('reports.followUp.yes')}
        </button>
        <button
          type="button"
          className={suggested === 'no' ? 'pv-button' : 'pv-button pv-button-secondary'}
          disabled={action.isPending}
          onClick={() => answer(false)}
        >
          {t('reports.followUp.no')}
        </button>
      </div>
      <FormAlert message={action.error ? apiErrorMessage(t, action.error) : null} />
    </section>
  );
}

/** Tracking by radicado + e-mail (no account needed). */
import { zodResolver } from '../../../lib/zod-resolver';
import { ZPqrTrackQuery } from '@puntoverde/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTrackPqr, type TrackQuery } from '../api/track-pqr';
import { TextField } from '../../../components/form-fields';
import { FormAlert } from '../../../components/field-shell';
import { SubmitActions } from './action-form';
import { PqrStatusView } from './pqr-status-view';
import { apiErrorMessage } from '../../../lib/api-errors';

export function PqrTrack({ initial }: { initial: Partial<TrackQuery> }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<TrackQuery | null>(
    initial.radicado && initial.email ? { radicado: initial.radicado, email: initial.email } : null,
  );
  const result = useTrackPqr(query);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TrackQuery>({
    resolver: zodResolver(ZPqrTrackQuery),
    defaultValues: { radicado: initial.radicado ?? '', email: initial.email ?? '' },
  });
  const onSubmit = handleSubmit((values) => setQuery(values));
  return (
    <div className="pqr-track">
      <form className="pqr-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('pqr.track.title')}>
        <p className="pqr-hint">{t('pqr.track.lead')}</p>
        <div className="pqr-row">
          <TextField
            label={t('pqr.track.radicado')}
            registration={register('radicado')}
            error={errors.radicado?.message}
            placeholder="PQR-2026-000123"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <TextField
            label={t('pqr.track.email')}
            registration={register('email')}
            error={errors.email?.message}
            type="email"
            autoComplete="email"
          />
        </div>
        <SubmitActions
          label={result.isFetching ? t('pqr.track.searching') : t('pqr.track.submit')}
          disabled={result.isFetching}
        />
      </form>
      <div aria-live="polite">
        {result.isFetching && !result.data ? (
          <div className="pv-card pqr-card" role="status" aria-busy="true">
            <span className="visually-hidden">{t('pqr.track.searching')}</span>
            <div className="pqr-skeleton" style={{ width: '40%' }} />
            <div className="pqr-skeleton" style={{ width: '80%' }} />
          </div>
        ) : null}
        {result.error ? <FormAlert message={apiErrorMessage(t, result.error)} /> : null}
        {result.data && !result.error ? <PqrStatusView pqr={result.data} /> : null}
      </div>
    </div>
  );
}

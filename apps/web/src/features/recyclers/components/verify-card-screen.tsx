/** /verificar-reciclador/{code}: anyone checks a recycler's card (valid, suspended or unknown). */
import { useTranslation } from 'react-i18next';
import { isApiErrorLike } from '../../../lib/api-errors';
import { useVerifyRecyclerCard } from '../api/verify-card';
import '../recyclers.css';

export function VerifyCardScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const check = useVerifyRecyclerCard(code);
  if (check.isPending) return <p role="status">{t('app.loading')}</p>;
  if (check.isError) {
    const unknown = isApiErrorLike(check.error) && check.error.code === 'recycler-card-not-found';
    return (
      <div className="pv-callout rc-verify rc-verify-unknown" role="status">
        <p>
          <strong>{unknown ? t('recyclers.verify.unknown') : t('recyclers.verify.failed')}</strong>
        </p>
        <p>{t('recyclers.verify.unknownHelp')}</p>
      </div>
    );
  }
  const v = check.data;
  const valid = v.status === 'valid';
  return (
    <div className={`pv-callout rc-verify ${valid ? 'rc-verify-valid' : 'rc-verify-suspended'}`} role="status">
      <p>
        <strong>{valid ? t('recyclers.verify.valid') : t('recyclers.verify.suspended')}</strong>
      </p>
      {v.photo_url ? (
        <img className="rc-card-photo" src={v.photo_url} alt={t('recyclers.card.photoOf', { name: v.name })} />
      ) : null}
      <p className="rc-card-name">{v.name}</p>
      <p>{t('recyclers.verify.memberOf', { organization: v.organization })}</p>
    </div>
  );
}

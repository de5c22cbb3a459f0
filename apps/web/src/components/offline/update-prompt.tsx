/** "Hay una nueva versión — Actualizar": shown while a new version of the app waits. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeUpdate } from '../../lib/offline/service-worker';
import './offline.css';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => subscribeUpdate((next) => setApply(() => next)), []);
  if (!apply) return null;
  return (
    <div className="pv-update-prompt" role="status">
      <span>{t('offline.update.message')} — </span>
      <button type="button" onClick={() => apply()}>
        {t('offline.update.action')}
      </button>
    </div>
  );
}

/**
 * "Hay una nueva versión — Actualizar · Ahora no": shown while a new version of the app waits.
 * Updating reloads the page, so the prompt never stands between people and what they are doing:
 * while it shows, every page gets room at its end for it (offline.css), so the last button of a
 * long form scrolls clear of it, and "Ahora no" puts it away (the new version then starts the
 * next time the app opens).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeUpdate } from '../../lib/offline/service-worker';
import './offline.css';

/** On <html> while the prompt shows: pages keep room for it at their end. */
const UPDATE_PROMPT_SHOWN_CLASS = 'pv-update-prompt-shown';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => subscribeUpdate((next) => setApply(() => next)), []);
  const shown = apply !== null;
  useEffect(() => {
    if (!shown) return undefined;
    document.documentElement.classList.add(UPDATE_PROMPT_SHOWN_CLASS);
    return () => document.documentElement.classList.remove(UPDATE_PROMPT_SHOWN_CLASS);
  }, [shown]);
  if (!apply) return null;
  return (
    <div className="pv-update-prompt" role="status">
      <span>{t('offline.update.message')} — </span>
      <button type="button" onClick={() => apply()}>
        {t('offline.update.action')}
      </button>
      <button type="button" className="pv-update-prompt-later" onClick={() => setApply(null)}>
        {t('offline.update.later')}
      </button>
    </div>
  );
}

/**
 * The help page's entry to PQR. The PQR feature provides `PqrEntry` in
 * features/pqr/(any folder)/pqr-entry.tsx; found at build time, it is rendered here (lazily). Until
 * then a plain section links to the PQR route.
 */
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

type PqrModule = { PqrEntry?: ComponentType; default?: ComponentType };

const found = Object.values(import.meta.glob<PqrModule>('../../pqr/**/pqr-entry.tsx'));
const PqrEntry = found[0]
  ? lazy(async () => {
      const mod = await found[0]!();
      const component = mod.PqrEntry ?? mod.default;
      if (!component) throw new Error('pqr-entry.tsx exports no PqrEntry');
      return { default: component };
    })
  : null;

export function PqrSlot() {
  const { t } = useTranslation();
  if (PqrEntry) {
    return (
      <Suspense fallback={null}>
        <PqrEntry />
      </Suspense>
    );
  }
  return (
    <section aria-labelledby="pqr-title">
      <h2 id="pqr-title">{t('content.pqrTitle')}</h2>
      <p>{t('content.pqrIntro')}</p>
    </section>
  );
}

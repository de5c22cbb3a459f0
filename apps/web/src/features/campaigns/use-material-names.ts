/** Material code → its name in the current language, from the catalogue. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaterials } from '../../lib/materials';

export function useMaterialNames(): (code: string) => string {
  const { i18n } = useTranslation();
  const { data } = useMaterials();
  const english = i18n.language.startsWith('en');
  return useCallback(
    (code: string) => {
      const material = data?.find((m) => m.code === code);
      if (!material) return code;
      return english ? material.name_en : material.name_es;
    },
    [data, english],
  );
}

import { BIN_COLOR_HEX, type Material } from '@puntoverde/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaterials } from '../../../lib/materials';

/** The materials people look for most; every other one is reachable through the search. */
const CHIPS = ['papel-carton', 'plasticos', 'vidrio', 'metales', 'multicapa', 'organicos', 'pilas', 'raee', 'aceite-cocina', 'medicamentos', 'bombillas', 'llantas'];

export function materialName(m: Material | undefined, code: string, lang: string): string {
  if (!m) return code;
  return lang.startsWith('en') ? m.name_en : m.name_es;
}

/** A small bin drawn in its colour (Resolución 2184 de 2019); decorative, the name says it. */
export function BinSwatch({ material }: { material: Material | undefined }) {
  const color = material?.bin_color ? BIN_COLOR_HEX[material.bin_color] : null;
  return (
    <svg className="pvp-bin" viewBox="0 0 12 14" width="12" height="14" aria-hidden="true" focusable="false">
      <rect x="0.75" y="0.75" width="10.5" height="2.5" rx="1" fill={color ?? 'none'} stroke={color ? '#3c3c3c' : '#b3261e'} strokeWidth="1.2" />
      <path
        d="M1.8 4.5h8.4l-0.9 8.7H2.7z"
        fill={color ?? 'none'}
        stroke={color ? '#3c3c3c' : '#b3261e'}
        strokeWidth="1.2"
        strokeDasharray={color ? undefined : '2 1.5'}
      />
    </svg>
  );
}

export const MaterialChips = memo(function MaterialChips(props: {
  selected: string[];
  openNow: boolean;
  onToggle: (code: string) => void;
  onToggleOpenNow: () => void;
}) {
  const { t, i18n } = useTranslation();
  const materials = useMaterials();
  const byCode = new Map((materials.data ?? []).map((m) => [m.code, m]));
  return (
    <div className="pvp-chips" role="group" aria-label={t('points.filters.label')}>
      <button type="button" className="pvp-chip" aria-pressed={props.openNow} onClick={props.onToggleOpenNow}>
        <span className="pvp-open-dot" aria-hidden="true" />
        {t('points.filters.openNow')}
      </button>
      {CHIPS.map((code) => {
        const m = byCode.get(code);
        return (
          <button key={code} type="button" className="pvp-chip" aria-pressed={props.selected.includes(code)} onClick={() => props.onToggle(code)}>
            <BinSwatch material={m} />
            {materialName(m, code, i18n.language)}
          </button>
        );
      })}
    </div>
  );
});

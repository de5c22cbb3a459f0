/**
 * "¿Cómo separo...? / ¿Dónde reciclo...?": search the materials catalogue, see which bin a
 * material goes in (Resolución 2184 de 2019) and open the map filtered to points accepting it.
 */
import { IonSkeletonText } from '@ionic/react';
import type { Material } from '@puntoverde/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { useMaterials } from '../api/get-materials';
import { LabelledSearchbar } from '../../../components/labelled-searchbar';

/** Lower case without accents, so "carton" finds "Cartón". */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

export function searchMaterials(materials: Material[], text: string): Material[] {
  const q = foldText(text);
  if (!q) return [];
  return materials.filter((m) => [m.name_es, m.name_en, m.code].some((v) => foldText(v).includes(q))).slice(0, 12);
}

export function MaterialGuide() {
  const { t, i18n } = useTranslation();
  const query = useMaterials();
  const [text, setText] = useState('');
  const results = useMemo(() => searchMaterials(query.data ?? [], text), [query.data, text]);
  const english = i18n.language.startsWith('en');
  return (
    <section aria-labelledby="material-guide-title" className="material-guide">
      <h2 id="material-guide-title">{t('content.guideTitle')}</h2>
      <p>{t('content.guideIntro')}</p>
      <LabelledSearchbar
        value={text}
        onIonInput={(e) => setText(e.detail.value ?? '')}
        placeholder={t('content.guidePlaceholder')}
        label={t('content.guideSearch')}
        debounce={150}
      />
      {query.isPending && text ? <IonSkeletonText animated /> : null}
      {text && query.data && results.length === 0 ? <p className="empty-state">{t('content.guideNoResults', { text })}</p> : null}
      <ul className="material-results" aria-live="polite">
        {results.map((m) => {
          const name = english ? m.name_en : m.name_es;
          return (
            <li key={m.code} className="content-card">
              <h3 className="content-card__title">{name}</h3>
              <p>
                {m.bin_color ? (
                  <>
                    <span className={`bin-dot bin-dot--${m.bin_color}`} aria-hidden="true" />{' '}
                    {t(`content.bin.${m.bin_color}`)}
                  </>
                ) : (
                  t('content.bin.posconsumo')
                )}
              </p>
              <AppLink to={`/home?materials=${encodeURIComponent(m.code)}`}>{t('content.whereToRecycle', { name })}</AppLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

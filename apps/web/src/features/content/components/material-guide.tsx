/**
 * "¿Cómo separo...? / ¿Dónde reciclo...?": asks the API's dictionary of everyday words
 * (chuspa, tetrapak, cuncho de café...), shows which bin each one goes in (Resolución 2184 de
 * 2019) or that it goes to a take-back point, and opens the map filtered to points accepting it.
 */
import { IonSkeletonText } from '@ionic/react';
import type { MaterialSearchHit } from '@puntoverde/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { SearchInput } from '../../../components/search-input';
import { useMaterialSearch } from '../api/search-materials';
import { SpanishContent } from '../../../components/spanish-content';

function BinLine({ hit }: { hit: MaterialSearchHit }) {
  const { t } = useTranslation();
  if (hit.kind === 'posconsumo' || !hit.bin_color) return <>{t('content.bin.posconsumo')}</>;
  return (
    <>
      <span className={`bin-dot bin-dot--${hit.bin_color}`} aria-hidden="true" /> {t(`content.bin.${hit.bin_color}`)}
    </>
  );
}

export function MaterialGuide() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <section aria-labelledby="material-guide-title" className="material-guide">
      <h2 id="material-guide-title">{t('content.guideTitle')}</h2>
      <p>{t('content.guideIntro')}</p>
      <SearchInput
        value={text}
        onValue={setText}
        placeholder={t('content.guidePlaceholder')}
        label={t('content.guideSearch')}
        debounce={200}
      />
      <MaterialGuideResults text={text} onSuggestion={setText} />
    </section>
  );
}

/** The dictionary's answer for what was typed; a suggestion fills the search again. */
export function MaterialGuideResults({ text, onSuggestion }: { text: string; onSuggestion: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const q = text.trim();
  const search = useMaterialSearch(q);
  const english = i18n.language.startsWith('en');
  const result = q ? search.data : undefined;
  return (
    <>
      {q && search.isPending ? <IonSkeletonText animated /> : null}
      {q && search.isError ? <p role="alert">{t('design.guide.loadError')}</p> : null}
      {result && result.hits.length === 0 ? (
        <div className="empty-state" role="status">
          <p>{t('design.guide.noResults', { text: q })}</p>
          {result.suggestions.length ? (
            <p>
              {t('design.guide.tryInstead')}{' '}
              {result.suggestions.map((s, i) => (
                <span key={s}>
                  {i > 0 ? ', ' : ''}
                  <button type="button" className="material-suggestion" onClick={() => onSuggestion(s)}>
                    {s}
                  </button>
                </span>
              ))}
            </p>
          ) : null}
          <p>
            <a href="#pqr-title">{t('design.guide.missing')}</a>
          </p>
        </div>
      ) : null}
      <ul className="material-results" aria-live="polite">
        {(result?.hits ?? []).map((hit) => {
          const name = english ? hit.material_name_en : hit.material_name_es;
          return (
            <li key={`${hit.material}-${hit.term}`} className="pv-card content-card">
              <h3 className="content-card__title">
                <span lang="es">{hit.term.charAt(0).toUpperCase() + hit.term.slice(1)}</span> <span className="content-card__meta">· {name}</span>
              </h3>
              <p>
                <BinLine hit={hit} />
              </p>
              {hit.note ? (
                <SpanishContent as="p" mark>
                  {hit.note}
                </SpanishContent>
              ) : null}
              {hit.kind === 'aprovechable' || hit.kind === 'posconsumo' ? (
                <AppLink to={`/home?materials=${encodeURIComponent(hit.material)}`}>{t('content.whereToRecycle', { name })}</AppLink>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}

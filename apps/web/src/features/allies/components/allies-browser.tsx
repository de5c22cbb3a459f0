/** Filters (kind, category, text), the list and, on demand, the map of allies. */
import { IonButton, IonSkeletonText } from '@ionic/react';
import { ALLY_CATEGORIES, type AllyCategory, type AllyKind } from '@puntoverde/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllies } from '../api/get-allies';
import { usePublicPointsOfSale } from '../api/points-of-sale';
import { AllyCard } from './ally-card';
import { ChipGroup } from '../../../components/chip-group';
import { FilterSelectField } from '../../../components/filter-fields';
import { SearchInput } from '../../../components/search-input';
import { apiErrorMessage } from '../../../lib/api-errors';

const AlliesMap = lazy(() => import('./allies-map'));

type KindFilter = 'all' | AllyKind;

/**
 * `tileUrl`: the server's map tile template (the page reads it from the public config).
 * `focusAllyId`: the map shows that ally's points of sale (an offer's "Ver en el mapa");
 * `openMap`: the map starts open.
 */
export function AlliesBrowser({
  tileUrl,
  focusAllyId = null,
  openMap = false,
}: {
  tileUrl: string;
  focusAllyId?: number | null;
  openMap?: boolean;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<KindFilter>('all');
  const [category, setCategory] = useState<AllyCategory | ''>('');
  const [q, setQ] = useState('');
  const [showMap, setShowMap] = useState(openMap);
  const [focus, setFocus] = useState(focusAllyId);
  const query = useAllies({ kind: kind === 'all' ? undefined : kind, category: category || undefined, q: q || undefined });
  const places = usePublicPointsOfSale(focus);
  const focused = focus === null ? undefined : query.data?.items.find((a) => a.id === focus);
  return (
    <>
      <ChipGroup<KindFilter>
        label={t('allies.kindFilter')}
        value={kind}
        onChange={setKind}
        options={[
          { value: 'all', label: t('allies.all') },
          { value: 'aliado', label: t('allies.kindPlural.aliado') },
          { value: 'adherido', label: t('allies.kindPlural.adherido') },
        ]}
      />
      <div className="filter-row">
        <SearchInput
          value={q}
          debounce={300}
          onValue={setQ}
          placeholder={t('allies.searchPlaceholder')}
          label={t('allies.search')}
        />
        <FilterSelectField
          label={t('allies.categoryLabel')}
          value={category}
          onValue={(value) => setCategory(value as AllyCategory | '')}
          options={[{ value: '', label: t('allies.allCategories') }, ...ALLY_CATEGORIES.map((c) => ({ value: c, label: t(`allies.category.${c}`) }))]}
        />
        <IonButton fill="outline" onClick={() => setShowMap(!showMap)} aria-pressed={showMap}>
          {showMap ? t('allies.hideMap') : t('allies.showMap')}
        </IonButton>
      </div>
      {showMap && focus !== null && places.data && focused ? (
        <>
          <Suspense fallback={<IonSkeletonText animated style={{ height: '320px' }} />}>
            <AlliesMap allies={[]} pointsOfSale={{ ally: focused, places: places.data }} tileUrl={tileUrl} />
          </Suspense>
          <IonButton fill="clear" onClick={() => setFocus(null)}>
            {t('allies.pointsOfSale.showAll')}
          </IonButton>
        </>
      ) : showMap && query.data ? (
        <Suspense fallback={<IonSkeletonText animated style={{ height: '320px' }} />}>
          <AlliesMap allies={query.data.items} tileUrl={tileUrl} />
        </Suspense>
      ) : null}
      <section aria-live="polite" aria-busy={query.isPending} className="card-grid">
        {query.isPending ? (
          [0, 1, 2].map((i) => (
            <div key={i} className="pv-card content-card">
              <IonSkeletonText animated style={{ width: '50%' }} />
              <IonSkeletonText animated />
            </div>
          ))
        ) : query.isError ? (
          <div className="empty-state" role="alert">
            <p>{apiErrorMessage(t, query.error)}</p>
            <IonButton onClick={() => void query.refetch()}>{t('allies.retry')}</IonButton>
          </div>
        ) : query.data.items.length === 0 ? (
          <div className="empty-state">
            <p>{t('allies.empty')}</p>
          </div>
        ) : (
          query.data.items.map((a) => <AllyCard key={a.id} ally={a} />)
        )}
      </section>
    </>
  );
}
